//! A memory size as people write one (`512M`, `8G`, `1.5GiB`): the one
//! parser of `--max-memory` on the command line and of `max_memory=` in
//! Python (and `python -m nqueens`), so that each takes the same sizes and refuses
//! the rest in the same words.

/// A memory size: bytes, or a number with K, M, G or T (powers of 1024)
/// and then, if wanted, B or iB (`8G`, `8GB`, `8GiB`; any case), at
/// least a megabyte.
pub fn parse_memory(text: &str) -> Result<u64, String> {
    let upper = text.trim().to_ascii_uppercase();
    let bytes =
        split_unit(&upper).and_then(|(number, scale)| Some(plain_number(number)? * scale as f64));
    match bytes {
        Some(bytes) if bytes >= (1u64 << 20) as f64 && bytes < u64::MAX as f64 => Ok(bytes as u64),
        _ => Err(
            "the memory limit must be a size such as 512M, 8G or 1T: a number, then K, M, \
                  G or T and an optional B or iB, at least 1M"
                .into(),
        ),
    }
}

/// A size in upper case as its number and the bytes of its unit: `8G`,
/// `8GB` and `8GIB` are 8 and 2^30, `512` and `512B` are 512 and 1. None
/// for `IB` without a unit before it.
fn split_unit(text: &str) -> Option<(&str, u64)> {
    let (body, binary) = match (text.strip_suffix("IB"), text.strip_suffix('B')) {
        (Some(body), _) => (body, true),
        (None, Some(body)) => (body, false),
        (None, None) => (text, false),
    };
    match body.char_indices().last() {
        Some((at, letter @ ('K' | 'M' | 'G' | 'T'))) => {
            let power = "KMGT".find(letter)? as u32 + 1;
            Some((body[..at].trim_end(), 1 << (10 * power)))
        }
        _ if binary => None,
        _ => Some((body, 1)),
    }
}

/// Digits with an optional fraction (`8`, `0.5`): no sign, exponent,
/// `inf` or `NaN`.
fn plain_number(text: &str) -> Option<f64> {
    let digits = |part: &str| !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit());
    let plain = match text.split_once('.') {
        Some((whole, fraction)) => digits(whole) && digits(fraction),
        None => digits(text),
    };
    plain.then(|| text.parse().ok()).flatten()
}
