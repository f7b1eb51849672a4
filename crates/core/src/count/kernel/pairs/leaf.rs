//! A leaf of the pair count: at most 512 signatures turned on their
//! side, one 512-bit *plane* per diagonal, lane j set when signature j
//! takes it. The signatures another one is disjoint from are the lanes
//! its planes, ORed, leave clear.
//!
//! A leaf is small (the split in join/disjoint.rs makes many, each
//! tested against a few hundred signatures), so it must be cheap to
//! build: each 64 signatures are turned on their side by a 64×64 bit
//! transpose (a tier's), and the planes are ORed ahead only in groups of
//! [`GROUP_BITS`] diagonals (every subset of each group, 16 KiB at most,
//! which stays in the L1 cache): a signature then takes one OR per group.

/// Signatures a leaf holds, at most.
pub(crate) const LANES: usize = 512;

/// Diagonals a group covers (measured: 4 beats 3, 5 and 8 at n = 22,
/// where tables of 8 bits cost more to build than they save).
pub(crate) const GROUP_BITS: usize = 4;

const SUBSETS: usize = 1 << GROUP_BITS;
/// Groups a leaf may need: 64 bits' worth.
pub(crate) const MAX_GROUPS: usize = 64 / GROUP_BITS;

/// 512 bits, a lane per signature, aligned as one AVX-512 register.
#[repr(C, align(64))]
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Plane(pub [u64; 8]);

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
    pub lanes: Plane,
    /// The planes of the key's bits, in order (beyond the key's bits, up
    /// to a whole group, clear).
    planes: Box<[Plane; 64]>,
    /// Group g's OR of the planes of the bits in subset m, at
    /// `tables[g << GROUP_BITS | m]`.
    pub tables: Box<[Plane; MAX_GROUPS * SUBSETS]>,
}

impl Default for Leaf {
    fn default() -> Leaf {
        Leaf {
            all: 0,
            useful: 0,
            packed: false,
            groups: 0,
            lanes: Plane::default(),
            planes: Box::new([Plane::default(); 64]),
            tables: Box::new([Plane::default(); MAX_GROUPS * SUBSETS]),
        }
    }
}

impl Leaf {
    /// The bytes it holds.
    pub const BYTES: usize = std::mem::size_of::<[Plane; MAX_GROUPS * SUBSETS + 64]>();

    /// Turns `signatures` (at most [`LANES`]) on their side: `transpose`
    /// turns 64 words of 64 bits into 64 planes, and the key's bits are
    /// the useful ones packed together (`packed`) or kept in place. Every
    /// tier calls it, inlined into code built for its instructions.
    #[inline(always)]
    pub fn fill(&mut self, signatures: &[u64], packed: bool, transpose: impl Fn(&mut [u64; 64])) {
        assert!(signatures.len() <= LANES, "a leaf holds 512 signatures");
        let (any, all) = signatures
            .iter()
            .fold((0, u64::MAX), |(any, all), &s| (any | s, all & s));
        self.all = all;
        self.useful = any & !all;
        self.packed = packed;
        // Which diagonal each bit of a key stands for.
        let mut diagonals = [0u8; 64];
        let bits = match packed {
            true => {
                let mut left = self.useful;
                let count = left.count_ones() as usize;
                for diagonal in diagonals.iter_mut().take(count) {
                    *diagonal = left.trailing_zeros() as u8;
                    left &= left - 1;
                }
                count
            }
            false => {
                diagonals = std::array::from_fn(|bit| bit as u8);
                (u64::BITS - self.useful.leading_zeros()) as usize
            }
        };
        self.groups = bits.div_ceil(GROUP_BITS).max(1);
        self.lanes = Plane::default();
        for (word, chunk) in signatures.chunks(64).enumerate() {
            let mut side = [0u64; 64];
            side[..chunk.len()].copy_from_slice(chunk);
            transpose(&mut side);
            for (plane, &diagonal) in self.planes.iter_mut().zip(&diagonals).take(bits) {
                plane.0[word] = side[usize::from(diagonal)];
            }
            self.lanes.0[word] = u64::MAX >> (64 - chunk.len());
        }
        // Words past the last signature's hold stale lanes that `lanes`
        // masks; the planes past the key's bits must be clear.
        let planes = &mut self.planes[bits..self.groups * GROUP_BITS];
        planes
            .iter_mut()
            .for_each(|plane| *plane = Plane::default());
        self.fill_tables();
    }

    /// Each group's table: each subset's lowest bit's plane ORed with the
    /// rest's.
    #[inline(always)]
    fn fill_tables(&mut self) {
        for group in 0..self.groups {
            let planes = &self.planes[group * GROUP_BITS..(group + 1) * GROUP_BITS];
            let table = &mut self.tables[group * SUBSETS..(group + 1) * SUBSETS];
            table[0] = Plane::default();
            for subset in 1..SUBSETS {
                let plane = planes[subset.trailing_zeros() as usize];
                let rest = table[subset & (subset - 1)];
                table[subset] = Plane(std::array::from_fn(|w| rest.0[w] | plane.0[w]));
            }
        }
    }

    /// Group `group`'s OR of the planes of `key`'s bits in it.
    #[inline(always)]
    pub fn table(&self, group: usize, key: u64) -> &Plane {
        let subset = (key >> (group * GROUP_BITS)) as usize & (SUBSETS - 1);
        &self.tables[group << GROUP_BITS | subset]
    }

    /// The pairs of a leaf signature and one of `others` with no bit in
    /// common, a plane of ORs a signature: `key` makes a signature's key
    /// as the leaf was filled, `free` counts the lanes a plane leaves
    /// clear. The portable code; tiers with wider registers have their
    /// own.
    #[inline(always)]
    pub fn pairs(
        &self,
        others: &[u64],
        key: impl Fn(u64) -> u64,
        free: impl Fn(&Plane, &Plane) -> u64,
    ) -> u64 {
        let mut found = 0;
        for &signature in others.iter().filter(|&&s| s & self.all == 0) {
            let key = key(signature);
            let mut taken = *self.table(0, key);
            for group in 1..self.groups {
                let more = self.table(group, key);
                taken = Plane(std::array::from_fn(|w| taken.0[w] | more.0[w]));
            }
            found += free(&self.lanes, &taken);
        }
        found
    }
}

/// Calls `$function::<G>($args)` with G the leaf's groups (1 to
/// [`MAX_GROUPS`]), so that a tier's pair count unrolls its group loop.
#[cfg(target_arch = "x86_64")]
macro_rules! with_groups {
    ($groups:expr, $function:ident($($arg:expr),*)) => {
        match $groups {
            1 => $function::<1>($($arg),*),
            2 => $function::<2>($($arg),*),
            3 => $function::<3>($($arg),*),
            4 => $function::<4>($($arg),*),
            5 => $function::<5>($($arg),*),
            6 => $function::<6>($($arg),*),
            7 => $function::<7>($($arg),*),
            8 => $function::<8>($($arg),*),
            9 => $function::<9>($($arg),*),
            10 => $function::<10>($($arg),*),
            11 => $function::<11>($($arg),*),
            12 => $function::<12>($($arg),*),
            13 => $function::<13>($($arg),*),
            14 => $function::<14>($($arg),*),
            15 => $function::<15>($($arg),*),
            _ => $function::<16>($($arg),*),
        }
    };
}
#[cfg(target_arch = "x86_64")]
pub(crate) use with_groups;
