//! The two things every SVG fragment needs: text that cannot break the
//! markup, and numbers short enough to keep a 1000-queen board small.

/// `text` made safe as XML character data or as a double-quoted
/// attribute value.
///
/// Characters XML 1.0 cannot hold at all (most control characters,
/// U+FFFE and U+FFFF) would make the whole document unreadable, and a
/// caption is one line, so those and line breaks become spaces.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c if c.is_control() || c == '\u{FFFE}' || c == '\u{FFFF}' => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// `x` with at most three decimals and no trailing zeros: "60", "0.48",
/// "53.333". Three decimals of a user unit are far below a pixel at the
/// sizes drawn here, and whole numbers stay whole.
pub(crate) fn num(x: f64) -> String {
    let text = format!("{x:.3}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    match text {
        "" | "-" | "-0" => "0".to_string(),
        text => text.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_the_five_markup_characters() {
        assert_eq!(
            escape(r#"<a & "b" 'c'>"#),
            "&lt;a &amp; &quot;b&quot; &apos;c&apos;&gt;"
        );
    }

    #[test]
    fn control_characters_become_spaces() {
        assert_eq!(escape("a\nb\u{0}c\u{FFFF}d"), "a b c d");
        assert_eq!(escape("#1 · class of 8"), "#1 · class of 8");
    }

    #[test]
    fn numbers_are_short() {
        assert_eq!(num(60.0), "60");
        assert_eq!(num(0.48), "0.48");
        assert_eq!(num(480.0 / 9.0), "53.333");
        assert_eq!(num(0.0), "0");
        assert_eq!(num(-0.0001), "0");
        assert_eq!(num(12.5), "12.5");
    }
}
