//! A leaf of the pair count: at most 512 signatures turned on their
//! side, one 512-bit *plane* per diagonal, lane j set when signature j
//! takes it. The signatures another one is disjoint from are the lanes
//! its planes, ORed, leave clear.
//!
//! A leaf is small (the split in join/disjoint.rs makes many, each
//! tested against a few hundred signatures), so it must be cheap to
//! build: each 64 signatures are turned on their side by a 64×64 bit
//! transpose, and the planes are ORed ahead only in groups of
//! [`GROUP_BITS`] diagonals (every subset of each group, 16 KiB at most,
//! which stays in the L1 cache): a signature then takes one OR per group.

use super::Bounds;

/// Signatures a leaf holds, at most.
pub(crate) const LANES: usize = 512;

/// Diagonals a group covers (measured: 4 beats 3, 5 and 8 at n = 22,
/// where tables of 8 bits cost more to build than they save).
pub(crate) const GROUP_BITS: usize = 4;

const SUBSETS: usize = 1 << GROUP_BITS;
const MAX_GROUPS: usize = 64usize.div_ceil(GROUP_BITS);

/// Up to [`LANES`] signatures, on their side.
///
/// Only the diagonals some but not all of them take matter (the *useful*
/// ones): a signature with one that all take meets none of them, and one
/// that none take changes nothing. The tables are indexed by a
/// signature's useful bits, packed together (PEXT) where the kernel has
/// BMI2, or in place.
#[derive(Debug)]
pub(crate) struct Leaf {
    /// The diagonals every signature of the leaf takes.
    pub all: u64,
    /// The diagonals some take, but not all.
    pub useful: u64,
    /// Whether the useful bits are packed together (else kept in place).
    pub packed: bool,
    /// Groups of [`GROUP_BITS`] bits the tables cover.
    pub groups: usize,
    /// The lanes that hold a signature.
    pub lanes: [u64; 8],
    /// Group g's OR of the planes of the bits in subset m, at
    /// `tables[g << GROUP_BITS | m]`.
    pub tables: Box<[[u64; 8]; MAX_GROUPS * SUBSETS]>,
}

impl Default for Leaf {
    fn default() -> Leaf {
        Leaf {
            all: 0,
            useful: 0,
            packed: false,
            groups: 0,
            lanes: [0; 8],
            tables: Box::new([[0; 8]; MAX_GROUPS * SUBSETS]),
        }
    }
}

impl Leaf {
    /// The bytes it holds.
    pub const BYTES: usize = std::mem::size_of::<[[u64; 8]; MAX_GROUPS * SUBSETS]>();

    /// Turns `signatures` (at most [`LANES`], whose OR and AND are
    /// `bounds`) on their side: `key` gives each one's table index bits
    /// (its useful bits, packed or in place as `packed` says) and
    /// `transpose` turns 64 words of 64 bits into 64 planes.
    #[inline(always)]
    pub fn fill(
        &mut self,
        signatures: &[u64],
        bounds: Bounds,
        packed: bool,
        key: impl Fn(u64, u64) -> u64,
        transpose: impl Fn(&mut [u64; 64]),
    ) {
        assert!(signatures.len() <= LANES, "a leaf holds 512 signatures");
        self.all = bounds.all;
        self.useful = bounds.any & !bounds.all;
        self.packed = packed;
        let bits = match packed {
            true => self.useful.count_ones(),
            false => u64::BITS - self.useful.leading_zeros(),
        } as usize;
        self.groups = bits.div_ceil(GROUP_BITS).max(1);
        let mut planes = [[0u64; 8]; MAX_GROUPS * GROUP_BITS];
        self.lanes = [0; 8];
        for (word, chunk) in signatures.chunks(64).enumerate() {
            let mut side = [0u64; 64];
            for (row, &signature) in side.iter_mut().zip(chunk) {
                *row = key(signature, self.useful);
            }
            transpose(&mut side);
            for (plane, &lanes) in planes.iter_mut().zip(&side).take(bits) {
                plane[word] = lanes;
            }
            self.lanes[word] = u64::MAX >> (64 - chunk.len());
        }
        for group in 0..self.groups {
            let table = &mut self.tables[group * SUBSETS..(group + 1) * SUBSETS];
            table[0] = [0; 8];
            // Each subset: its lowest bit's plane ORed with the rest's.
            for subset in 1..SUBSETS {
                let plane = planes[group * GROUP_BITS + subset.trailing_zeros() as usize];
                let rest = table[subset & (subset - 1)];
                table[subset] = std::array::from_fn(|w| rest[w] | plane[w]);
            }
        }
    }

    /// The index bits of `signature` that the portable code computes:
    /// the useful bits, packed or in place.
    pub fn key(&self, signature: u64) -> u64 {
        match self.packed {
            true => pack(signature, self.useful),
            false => signature & self.useful,
        }
    }

    /// Group `group`'s OR of the planes of `key`'s bits in it.
    #[inline(always)]
    pub fn table(&self, group: usize, key: u64) -> &[u64; 8] {
        let subset = (key >> (group * GROUP_BITS)) as usize & (SUBSETS - 1);
        &self.tables[group << GROUP_BITS | subset]
    }
}

/// The bits of `value` under `mask`, packed together in their order (what
/// BMI2's PEXT does in one instruction).
pub(crate) fn pack(value: u64, mut mask: u64) -> u64 {
    let mut packed = 0;
    let mut to = 0;
    while mask != 0 {
        let bit = mask & mask.wrapping_neg();
        packed |= u64::from(value & bit != 0) << to;
        to += 1;
        mask ^= bit;
    }
    packed
}
