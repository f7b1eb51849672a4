//! East signatures turned on their side: for each block of 512, one
//! 512-bit plane per diagonal, lane j set when signature j takes it. The
//! east signatures a west one is disjoint from are the lanes its planes,
//! ORed, leave clear. The planes are kept ORed already in groups of
//! [`GROUP_BITS`] diagonals, every subset of each group: a west signature
//! then takes one precomputed OR per group, not one per diagonal.

/// Lanes in a block.
pub(crate) const LANES: usize = 512;

/// Diagonals a group covers: its 2^GROUP_BITS ORs of a block fill 16 KiB
/// (measured: 6 to 8 are within a few percent of one another).
pub(crate) const GROUP_BITS: usize = 8;

/// Where, within a block's ORs, the plane of each packed bit is: the
/// subset of its group that is the bit alone.
const PLANE: [u16; 64] = {
    let mut plane = [0; 64];
    let mut bit = 0;
    while bit < 64 {
        plane[bit] = ((bit / GROUP_BITS) << GROUP_BITS | 1 << (bit % GROUP_BITS)) as u16;
        bit += 1;
    }
    plane
};

/// A set of east signatures, on its side.
///
/// Only the diagonals some but not all of them take matter: a west
/// signature with one that all take meets none of them, and one that none
/// take changes nothing. Those *useful* diagonals are packed together
/// (the bits of `useful`, in order) before they are grouped.
#[derive(Debug, Default)]
pub(crate) struct Planes {
    /// The diagonals every east signature takes.
    pub all: u64,
    /// The diagonals some east signature takes, but not all.
    pub useful: u64,
    /// Groups per block: enough to cover every bit of a signature.
    pub groups: usize,
    /// Block k's OR of the planes of group g's diagonals in subset m, at
    /// `ors[(k * groups + g) << GROUP_BITS | m]`.
    pub ors: Vec<[u64; 8]>,
    /// Block k's real lanes (all but in the last block).
    pub lanes: Vec<[u64; 8]>,
}

impl Planes {
    /// The bytes it holds.
    pub fn bytes(&self) -> usize {
        (self.ors.capacity() + self.lanes.capacity()) * 64
    }

    /// Turns `east` on its side.
    pub fn fill(&mut self, east: &[u64]) {
        let blocks = east.len().div_ceil(LANES);
        self.all = east
            .iter()
            .fold(u64::MAX, |all, &signature| all & signature);
        self.useful = east.iter().fold(0, |any, &signature| any | signature) & !self.all;
        self.groups = (self.useful.count_ones() as usize)
            .div_ceil(GROUP_BITS)
            .max(1);
        let per_block = self.groups << GROUP_BITS;
        let pack = packer();
        self.ors.clear();
        self.ors.resize(blocks * per_block, [0; 8]);
        self.lanes.clear();
        self.lanes.resize(blocks, [0; 8]);
        for (j, &signature) in east.iter().enumerate() {
            let (block, word, bit) = (j / LANES, j % LANES / 64, 1u64 << (j % 64));
            self.lanes[block][word] |= bit;
            let mut left = pack(signature, self.useful);
            let table = &mut self.ors[block * per_block..(block + 1) * per_block];
            while left != 0 {
                table[PLANE[left.trailing_zeros() as usize] as usize][word] |= bit;
                left &= left - 1;
            }
        }
        // Each subset's OR: its lowest diagonal's plane ORed with the rest's.
        for table in self.ors.chunks_exact_mut(1 << GROUP_BITS) {
            for subset in 3..1usize << GROUP_BITS {
                let lowest = subset & subset.wrapping_neg();
                if subset != lowest {
                    let (rest, plane) = (table[subset ^ lowest], table[lowest]);
                    table[subset] = std::array::from_fn(|w| rest[w] | plane[w]);
                }
            }
        }
    }

    /// Blocks of 512 signatures.
    pub fn blocks(&self) -> usize {
        self.lanes.len()
    }

    /// Block k's ORs, group after group.
    pub fn block(&self, k: usize) -> &[[u64; 8]] {
        let per_block = self.groups << GROUP_BITS;
        &self.ors[k * per_block..(k + 1) * per_block]
    }
}

/// [`pack`], in one instruction (PEXT) where the CPU has BMI2.
fn packer() -> fn(u64, u64) -> u64 {
    #[cfg(target_arch = "x86_64")]
    if std::is_x86_feature_detected!("bmi2") {
        return |value, mask| {
            // SAFETY: BMI2 is present (checked above).
            unsafe { pext(value, mask) }
        };
    }
    pack
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "bmi2")]
fn pext(value: u64, mask: u64) -> u64 {
    std::arch::x86_64::_pext_u64(value, mask)
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

/// The index, within a block's ORs, of group `group`'s subset that
/// `signature` takes.
#[inline(always)]
pub(crate) fn subset(signature: u64, group: usize) -> usize {
    group << GROUP_BITS | (signature >> (group * GROUP_BITS)) as usize & ((1 << GROUP_BITS) - 1)
}
