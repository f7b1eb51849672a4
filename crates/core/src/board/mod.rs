//! The board: its size, a solution and how it is drawn, the eight
//! symmetries, and the attack state every bitmask search shares.

mod attacks;
mod glyphs;
mod size;
mod solution;
mod symmetry;

pub(crate) use attacks::{placements, walk_placements, Attacks};
pub use glyphs::{Glyph, Glyphs};
pub use size::{BoardSize, MAX_N};
pub use solution::Solution;
pub use symmetry::{representative_class_size, Symmetry};
