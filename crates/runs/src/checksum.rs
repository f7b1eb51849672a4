//! SHA-256 checksums that bind a stored result to everything it is of:
//! a checkpoint row to its run, its unit and its counts; a shard record
//! to every field it holds. Residues catch a changed count; a checksum
//! also catches a count moved to another unit or another run.

use sha2::{Digest, Sha256};

/// The checksum of `parts`, 64 hex digits. Each part is hashed with its
/// length first, so that no two lists of parts hash the same bytes.
pub(crate) fn checksum(parts: &[&[u8]]) -> String {
    let mut hasher = Sha256::new();
    for part in parts {
        hasher.update((part.len() as u64).to_le_bytes());
        hasher.update(part);
    }
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let digest = hasher.finalize();
    let mut hex = String::with_capacity(2 * digest.len());
    for byte in digest {
        hex.push(DIGITS[usize::from(byte >> 4)] as char);
        hex.push(DIGITS[usize::from(byte & 15)] as char);
    }
    hex
}

#[cfg(test)]
mod tests {
    use super::checksum;

    #[test]
    fn parts_are_not_run_together() {
        assert_ne!(checksum(&[b"ab", b"c"]), checksum(&[b"a", b"bc"]));
        assert_eq!(checksum(&[b"ab", b"c"]), checksum(&[b"ab", b"c"]));
        assert_eq!(checksum(&[]).len(), 64);
    }
}
