//! East signatures turned on their side: for each block of 512, one
//! 512-bit plane per diagonal, lane j set when signature j takes it. The
//! east signatures a west one is disjoint from are then the lanes left
//! clear by the planes of its diagonals, ORed: a dozen ORs and a popcount
//! test 512 pairs.

/// Lanes in a block.
pub(crate) const LANES: usize = 512;

/// Planes per block: one per bit of a signature.
pub(crate) const PLANES: usize = 64;

/// A set of east signatures, on its side.
#[derive(Debug, Default)]
pub(crate) struct Planes {
    /// Block k's plane for bit b at `planes[k * PLANES + b]`.
    pub planes: Vec<[u64; 8]>,
    /// Block k's real lanes (all but in the last block).
    pub lanes: Vec<[u64; 8]>,
}

impl Planes {
    /// The bytes it holds.
    pub fn bytes(&self) -> usize {
        (self.planes.capacity() + self.lanes.capacity()) * 64
    }

    /// Turns `east` on its side.
    pub fn fill(&mut self, east: &[u64]) {
        let blocks = east.len().div_ceil(LANES);
        self.planes.clear();
        self.planes.resize(blocks * PLANES, [0; 8]);
        self.lanes.clear();
        self.lanes.resize(blocks, [0; 8]);
        for (j, &signature) in east.iter().enumerate() {
            let (block, word, bit) = (j / LANES, j % LANES / 64, 1u64 << (j % 64));
            self.lanes[block][word] |= bit;
            let mut left = signature;
            while left != 0 {
                self.planes[block * PLANES + left.trailing_zeros() as usize][word] |= bit;
                left &= left - 1;
            }
        }
    }

    /// Blocks of 512 signatures.
    pub fn blocks(&self) -> usize {
        self.lanes.len()
    }
}
