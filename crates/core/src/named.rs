//! The values a user chooses by name (an algorithm, a method, a kernel,
//! a device, a listing's style): each set is listed once, in its type's
//! `ALL`, and every list, parser and refusal of its names reads that
//! list, so that a value added is named everywhere at once.

/// A closed set of values, each known by one name.
pub trait Named: Copy + 'static {
    /// Every value, in the order lists show them.
    const ALL: &'static [Self];

    /// The value's name.
    fn name(self) -> &'static str;

    /// Every value's name, in the order of [`Named::ALL`].
    fn names() -> Vec<&'static str> {
        Self::ALL.iter().map(|value| value.name()).collect()
    }

    /// Every value's name, as "a, b, c".
    fn listed() -> String {
        Self::names().join(", ")
    }

    /// The value named `text`, if one is.
    fn named(text: &str) -> Option<Self> {
        Self::ALL.iter().copied().find(|value| value.name() == text)
    }
}

/// [`Named`] for `$type` from its own list `$all` and `name`, and
/// `FromStr` from them, refusing any other text as `$unknown(text)`: the
/// one parser of every set of names.
macro_rules! named {
    ($type:ty, $unknown:ident, $all:expr) => {
        impl $crate::Named for $type {
            const ALL: &'static [Self] = $all;

            fn name(self) -> &'static str {
                <$type>::name(self)
            }
        }

        impl std::str::FromStr for $type {
            type Err = $unknown;

            fn from_str(text: &str) -> Result<Self, $unknown> {
                <$type as $crate::Named>::named(text).ok_or_else(|| $unknown(text.into()))
            }
        }
    };
}

pub(crate) use named;
