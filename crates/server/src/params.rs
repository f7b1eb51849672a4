//! Query parameters, checked one by one: each refusal names the
//! parameter, the value given and what is allowed.

use crate::error::ApiError;
use axum::extract::rejection::QueryRejection;
use nqueens::{BoardSize, Named};
use std::collections::HashMap;

use std::str::FromStr;

/// A request's query, pair by pair: a parameter given twice must be seen
/// to be refused.
pub(crate) type Query = axum::extract::Query<Vec<(String, String)>>;

/// The query of one request, with no parameter the endpoint does not
/// know.
pub(crate) struct Params(HashMap<String, String>);

impl Params {
    /// Refuses a query that does not parse, a parameter not in `known`,
    /// and one given twice (which of two values was meant is a guess).
    pub(crate) fn new(
        query: Result<Query, QueryRejection>,
        known: &[&str],
    ) -> Result<Params, ApiError> {
        let pairs = query.map_err(|err| ApiError::bad(err.body_text()))?.0;
        let mut params = HashMap::new();
        for (name, value) in pairs {
            if !known.contains(&name.as_str()) {
                let takes = match known {
                    [] => "no parameters".to_string(),
                    _ => known.join(", "),
                };
                return Err(ApiError::bad(format!(
                    "unknown parameter '{}': this endpoint takes {takes}",
                    shown(&name),
                )));
            }
            if params.contains_key(&name) {
                return Err(ApiError::bad(format!(
                    "parameter '{name}' is given twice: give it once"
                )));
            }
            params.insert(name, value);
        }
        Ok(Params(params))
    }

    /// An integer from `min` to `max` (`cap` is this server's limit,
    /// refused with 413; below `min` or not a number is 400). Without a
    /// `default` the parameter is required.
    pub(crate) fn integer(
        &self,
        name: &str,
        min: u64,
        cap: u64,
        default: Option<u64>,
    ) -> Result<u64, ApiError> {
        let allowed = format!("{name} must be an integer from {min} to {cap}");
        let Some(text) = self.0.get(name) else {
            return default.ok_or_else(|| ApiError::bad(format!("missing parameter: {allowed}")));
        };
        match text.trim().parse::<u64>() {
            Ok(value) if value < min => Err(ApiError::bad(format!("{allowed}, not {value}"))),
            Ok(value) if value > cap => Err(ApiError::over_limit(format!(
                "{allowed} (this server's limit), not {value}"
            ))),
            Ok(value) => Ok(value),
            Err(_) if is_big_number(text) => Err(ApiError::over_limit(format!(
                "{allowed} (this server's limit), not {}",
                shown(text)
            ))),
            Err(_) => Err(ApiError::bad(format!("{allowed}, not '{}'", shown(text)))),
        }
    }

    /// A board size from `min` to `cap`, required.
    pub(crate) fn size(&self, min: usize, cap: usize) -> Result<BoardSize, ApiError> {
        let n = self.integer("n", min as u64, cap as u64, None)?;
        BoardSize::new(n as usize).map_err(|err| ApiError::bad(err.to_string()))
    }

    /// `true` or `false` (also `1`/`0`), `default` when absent.
    pub(crate) fn flag(&self, name: &str, default: bool) -> Result<bool, ApiError> {
        match self.0.get(name).map(String::as_str) {
            None => Ok(default),
            Some("true" | "1") => Ok(true),
            Some("false" | "0") => Ok(false),
            Some(other) => Err(ApiError::bad(format!(
                "{name} must be true or false, not '{}'",
                shown(other)
            ))),
        }
    }

    /// The parameter parsed, or none when absent; `allowed` says what
    /// may be given.
    pub(crate) fn parsed<T: FromStr>(
        &self,
        name: &str,
        allowed: &str,
    ) -> Result<Option<T>, ApiError> {
        let Some(text) = self.0.get(name) else {
            return Ok(None);
        };
        text.trim()
            .parse()
            .map(Some)
            .map_err(|_| ApiError::bad(format!("{name} must be {allowed}, not '{}'", shown(text))))
    }

    /// The parameter's text as given, or none.
    pub(crate) fn text(&self, name: &str) -> Option<&str> {
        self.0.get(name).map(String::as_str)
    }

    /// One of the values of a set known by name (an algorithm, a
    /// style, a device), listed in the refusal from the set itself;
    /// `default` when absent.
    pub(crate) fn named<T: Named + FromStr>(&self, name: &str, default: T) -> Result<T, ApiError> {
        self.choice(name, &T::names(), default)
    }

    /// One of `names`, parsed; `default` when absent.
    pub(crate) fn choice<T: FromStr>(
        &self,
        name: &str,
        names: &[&str],
        default: T,
    ) -> Result<T, ApiError> {
        let Some(text) = self.0.get(name) else {
            return Ok(default);
        };
        text.parse().map_err(|_| {
            ApiError::bad(format!(
                "{name} must be one of {}, not '{}'",
                names.join(", "),
                shown(text)
            ))
        })
    }
}

/// Digits too many for a u64: over any limit, not malformed. A blank
/// value is no number at all.
fn is_big_number(text: &str) -> bool {
    let digits = text.trim();
    !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

/// A value as it can be shown in one line of an error: at most 40
/// characters, control characters escaped.
pub(crate) fn shown(text: &str) -> String {
    let mut out: String = text.chars().take(40).flat_map(char::escape_debug).collect();
    if text.chars().count() > 40 {
        out.push('…');
    }
    out
}
