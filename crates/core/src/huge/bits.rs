//! A compact set of small integers, for the checker and the search.

/// A fixed-size set of small integers, one bit each: an eighth of the
/// memory of a `Vec<bool>`, which matters at a hundred million queens.
pub(super) struct Bits {
    words: Vec<u64>,
}

impl Bits {
    /// An empty set able to hold `0..len`.
    pub(super) fn new(len: usize) -> Self {
        Bits {
            words: vec![0; len.div_ceil(64)],
        }
    }

    /// Adds `index`; false if it was already there.
    pub(super) fn insert(&mut self, index: usize) -> bool {
        let word = &mut self.words[index / 64];
        let bit = 1u64 << (index % 64);
        let fresh = *word & bit == 0;
        *word |= bit;
        fresh
    }

    /// Whether `index` is in the set.
    pub(super) fn contains(&self, index: usize) -> bool {
        self.words[index / 64] & (1u64 << (index % 64)) != 0
    }

    /// Empties the set, keeping the memory.
    pub(super) fn clear(&mut self) {
        self.words.fill(0);
    }
}
