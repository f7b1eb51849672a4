//! What every counting method does, as one trait: [`Way`], with the
//! [`Worker`] that runs a plan's units and the [`Sampler`] whose
//! [`Pieces`] the sampler times. The plan, the driver, the sampler,
//! shards, checkpoints and devices only ever call these.

use crate::count::kernel::Kernel;
use crate::count::rules::Rules;
use crate::count::unit::{Unit, UnitStart};
use crate::count::{Plan, Planned, Tally};
use crate::{BoardSize, Stats, MAX_N};

/// The memory a method's count needs beyond the kernel's scratch.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Memory {
    /// Each thread's working memory, at its largest unit.
    pub per_thread: u64,
    /// What the threads share.
    pub shared: u64,
}

/// What one counting method does.
pub(crate) trait Way: Sync {
    /// Its name, as every surface takes it (`--method NAME`).
    fn name(&self) -> &'static str;

    /// What it does, in a few words, for the help of every surface.
    fn summary(&self) -> String;

    /// How it counts, after "count by" ("backtracking", "the join").
    fn counts_by(&self) -> &'static str;

    /// The largest board it counts.
    fn max_n(&self) -> usize {
        MAX_N
    }

    /// Whether a device (a GPU) can run its units: they are searches
    /// below a prefix under [`Rules`].
    fn on_devices(&self) -> bool {
        false
    }

    /// Whether its units search a tree of partial boards, whose nodes
    /// statistics describe (the join joins half boards: it has none).
    fn has_search_tree(&self) -> bool {
        true
    }

    /// Whether it counts one board of each symmetry class and weighs it
    /// (the plain tree counts every board: `--no-symmetry` asks for it).
    fn uses_symmetry(&self) -> bool {
        true
    }

    /// The method that counts the same boards in little memory, for
    /// `auto` to fall back on where this one does not fit its limit.
    fn low_memory_alternative(&self) -> Option<super::Method> {
        None
    }

    /// Whether a unit of a board of `size` takes seconds or more: a
    /// sample times one whole however short it was asked to be.
    fn units_take_seconds(&self, _size: BoardSize) -> bool {
        false
    }

    /// What its `nodes` count: a tree's nodes, unless it has no tree.
    fn nodes_kind(&self) -> super::NodesKind {
        super::NodesKind::SearchTree
    }

    /// The version of its plans: it changes whenever the units a board
    /// is cut into, or what they count, change.
    fn plan_version(&self) -> u32 {
        1
    }

    /// The units of a board of `size` (at most [`Way::max_n`]), in the
    /// plan's order.
    fn starts(&self, size: BoardSize) -> Vec<UnitStart>;

    /// The bytes a plan of `size` takes, with a run's list of its ids
    /// (for its memory, before it is made).
    fn plan_bytes(&self, size: BoardSize) -> u64 {
        (self.starts(size).iter())
            .map(|start| (std::mem::size_of::<Unit>() + start.key().len() + 8) as u64)
            .sum()
    }

    /// Whether it fits itself to the memory it may take (see
    /// [`Way::memory`]).
    fn fits_to_memory(&self) -> bool {
        false
    }

    /// About how long making a plan of `size` takes on this machine,
    /// where that is more than a moment.
    fn making_seconds(&self, _size: BoardSize) -> Option<f64> {
        None
    }

    /// A rough, relative estimate of each unit's work, and what the
    /// method found on the way that its sampler uses again.
    fn costs(&self, size: BoardSize, starts: &[UnitStart]) -> (Vec<u64>, Option<Planned>);

    /// What the count visits above its units (the root and the shorter
    /// prefixes), as statistics.
    fn above(&self, size: BoardSize, starts: &[UnitStart]) -> Stats;

    /// The rules of a unit that is a search below a prefix; none for any
    /// other.
    fn rules(&self, _size: BoardSize, _start: &UnitStart) -> Option<Rules> {
        None
    }

    /// The memory a count of `size` on `threads` threads takes, known
    /// without its plan, when it may take `room` bytes beyond its plan and
    /// kernels (none: as much as it likes). A method that can work in less
    /// memory, more slowly, fits itself to `room` here and in its worker.
    fn memory(&self, _size: BoardSize, _threads: usize, _room: Option<u64>) -> Memory {
        Memory::default()
    }

    /// What runs the units of a board of `size` with `kernel` on
    /// `threads` threads within `room` bytes (as [`Way::memory`] says): it
    /// holds whatever the method keeps between units, and lets it go when
    /// dropped, at the end of the run.
    fn worker(
        &'static self,
        size: BoardSize,
        kernel: Kernel,
        threads: usize,
        room: Option<u64>,
    ) -> Box<dyn Worker>;

    /// What draws random pieces of `plan` to time, as one of a run's
    /// `threads` threads within `room` bytes would run them (none when the
    /// plan is one unit with nothing to cut: it is timed whole). It is
    /// made once and shared by the threads that sample, each drawing its
    /// own stream of pieces.
    fn sampler<'p>(
        &'static self,
        plan: &'p Plan,
        kernel: Kernel,
        run: (usize, Option<u64>),
    ) -> Option<Box<dyn Sampler + 'p>>;
}

/// What the sampling threads share: what picking pieces takes knowing.
pub(crate) trait Sampler: Sync {
    /// The pieces `seed` picks, to time on one thread.
    fn pieces(&self, seed: u64) -> Box<dyn Pieces + '_>;
}

/// Runs a plan's units, from any of the run's threads.
pub(crate) trait Worker: Sync {
    /// One unit's tally.
    fn tally(&self, unit: &Unit) -> Tally;

    /// One unit's tally and the statistics of every node it visits, on
    /// the scalar kernel.
    fn tally_with_stats(&self, unit: &Unit) -> (Tally, Stats);

    /// The most working memory one thread has held, in bytes, beyond the
    /// kernel's scratch.
    fn peak_bytes(&self) -> u64 {
        0
    }
}

/// Random, timed pieces of a plan (see the sampler).
pub(crate) trait Pieces {
    /// Rows placed above each piece; 0 when the pieces are whole units.
    fn rows(&self) -> usize;

    /// Times the next piece and scales it up: an unbiased estimate of the
    /// whole plan's seconds on one core. Where the piece is long and its
    /// progress can be read (the join's units made in parts), `tell` is
    /// told its own seconds, forecast while it runs, and the seconds and
    /// share of it timed then.
    fn next_estimate(&mut self, tell: Option<&mut dyn FnMut(f64, (f64, f64))>) -> f64;
}
