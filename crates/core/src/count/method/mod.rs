//! The counting methods, each behind one trait ([`Way`], in way.rs) in a
//! file or folder of its own: its name, what its units are and cost, what
//! it visits above them, the memory it needs, how a unit is run and how
//! its time is sampled. The plan, the driver, the sampler, shards,
//! checkpoints, devices and every surface's lists and refusals only ever
//! call the trait.
//!
//! # Adding a method
//!
//! 1. Write it in a file or folder here: a type that implements [`Way`]
//!    (or, for a search below the first rows, `search::Search`), with
//!    its name, summary and capabilities (`on_devices`,
//!    `has_search_tree`): the count request's refusals come from these.
//! 2. Add its variant to [`Method`], to [`Method::ALL`] and to
//!    [`Method::way`]. Nothing else names methods: the command line's
//!    `--method` and its help, the server's `method=`, Python's
//!    `METHODS`, every "must be one of" message and the refusals are
//!    made from [`Method::ALL`].
//! 3. A unit that starts other than below a placement of the first rows
//!    or by its east half's rows needs a [`UnitStart`] variant, which a
//!    checkpoint stores by its key.
//! 4. Its units' counts are checked by the tests that loop over
//!    [`Method::ALL`] (OEIS totals, Burnside, shards, kernels); add its
//!    name to `python/nqueens.pyi`'s `_Method` (a test checks the stub).
//!
//! The test-only method `first-row` (first_row.rs) walks this path: it
//! is in [`Method::ALL`] of this crate's own tests.
//!
//! [`UnitStart`]: crate::count::UnitStart

mod backtrack;
#[cfg(test)]
mod first_row;
mod join;
mod nodes;
mod plain;
mod search;
mod way;

pub use join::JOIN_MAX_N;
pub use nodes::NodesKind;
pub(crate) use way::{Pieces, Way, Worker};

use crate::{BoardSize, PlanError};

/// The smallest even board the join counts faster than backtracking, on
/// one core (bench/join.sh).
pub const JOIN_FROM_EVEN: usize = 16;

/// The smallest odd board the join counts faster than backtracking, on
/// one core (bench/join.sh): 0.52× at n = 17, 1.8× at n = 15.
pub const JOIN_FROM_ODD: usize = 17;

/// How a board's solutions are counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Method {
    /// Backtracking over about one board of each symmetry class (the
    /// border-queen rules of the rules module), each board found weighed
    /// by the share of its class it stands for: about 0.22 of the plain
    /// tree's nodes.
    Backtrack,
    /// Backtracking over the whole tree, every board counted once: the
    /// reference the faster methods are checked against, and the tree the
    /// teaching algorithms search.
    PlainTree,
    /// Half boards joined by their diagonals (see the join module): no
    /// search to the bottom, and faster than backtracking from about
    /// n = 16 on, more so as n grows. Boards up to [`JOIN_MAX_N`].
    Join,
    /// The plain tree cut below the first row only: the test method that
    /// walks the path of adding one (see the module's checklist).
    #[cfg(test)]
    FirstRow,
}

impl Method {
    /// Every method.
    pub const ALL: &'static [Method] = &[
        Method::Backtrack,
        Method::PlainTree,
        Method::Join,
        #[cfg(test)]
        Method::FirstRow,
    ];

    /// What the method does.
    pub(crate) fn way(self) -> &'static dyn Way {
        match self {
            Method::Backtrack => &backtrack::Backtrack,
            Method::PlainTree => &plain::PlainTree,
            Method::Join => &join::Join,
            #[cfg(test)]
            Method::FirstRow => &first_row::FirstRow,
        }
    }

    /// The method's name: `backtrack`, `plain` or `join`.
    pub fn name(self) -> &'static str {
        self.way().name()
    }

    /// What it does, in a few words.
    pub fn summary(self) -> String {
        self.way().summary()
    }

    /// How it counts, after "count by": "backtracking", "the join".
    pub fn counts_by(self) -> &'static str {
        self.way().counts_by()
    }

    /// The largest board it counts.
    pub fn max_n(self) -> usize {
        self.way().max_n()
    }

    /// Whether it counts a board of `size` (the join stops at
    /// [`JOIN_MAX_N`]).
    pub fn counts(self, size: BoardSize) -> bool {
        size.get() <= self.max_n()
    }

    /// Whether a device (a GPU) runs its units.
    pub fn runs_on_devices(self) -> bool {
        self.way().on_devices()
    }

    /// Whether it searches a tree of partial boards, whose every node
    /// statistics can describe.
    pub fn has_search_tree(self) -> bool {
        self.way().has_search_tree()
    }

    /// Whether it counts one board of each symmetry class and weighs it.
    pub fn uses_symmetry(self) -> bool {
        self.way().uses_symmetry()
    }

    /// The method that counts the same boards in little memory, where
    /// this one has one (the join's is backtracking).
    pub fn low_memory_alternative(self) -> Option<Method> {
        self.way().low_memory_alternative()
    }

    /// The method that uses no symmetry, which `--no-symmetry` names.
    pub fn without_symmetry() -> Method {
        (Method::ALL.iter().copied())
            .find(|method| !method.uses_symmetry())
            .expect("one method counts every board")
    }

    /// Whether a unit of a board of `size` takes seconds or more (the
    /// join's from n = 25): a sample times one whole however short.
    pub fn units_take_seconds(self, size: BoardSize) -> bool {
        self.way().units_take_seconds(size)
    }

    /// What its counts' `nodes` are.
    pub fn nodes_kind(self) -> NodesKind {
        self.way().nodes_kind()
    }

    /// The version of the method's plans.
    pub fn plan_version(self) -> u32 {
        self.way().plan_version()
    }

    /// The fastest method for a board of `size` on the CPU, from
    /// measurements on one core (bench/RESULTS.md): the join from
    /// [`JOIN_FROM_EVEN`] on even boards and [`JOIN_FROM_ODD`] on odd
    /// ones, up to [`JOIN_MAX_N`]; backtracking otherwise.
    ///
    /// ```
    /// use nqueens::count::Method;
    /// use nqueens::BoardSize;
    /// assert_eq!(Method::fastest(BoardSize::new(8)?), Method::Backtrack);
    /// assert_eq!(Method::fastest(BoardSize::new(20)?), Method::Join);
    /// # Ok::<(), nqueens::SizeError>(())
    /// ```
    pub fn fastest(size: BoardSize) -> Method {
        let n = size.get();
        let from = match n % 2 {
            0 => JOIN_FROM_EVEN,
            _ => JOIN_FROM_ODD,
        };
        match (from..=JOIN_MAX_N).contains(&n) {
            true => Method::Join,
            false => Method::Backtrack,
        }
    }

    /// The one rule every front end counts by: the method named, or for
    /// `auto` (`None`) the fastest that gives what the count needs —
    /// [`Method::fastest`], or backtracking when the count needs a search
    /// tree (`searching`: it runs on a device, or reports the statistics
    /// of every node). Under a memory limit the join does not fit, the
    /// count counts `auto` by the method's low-memory alternative instead
    /// ([`CountRequest::resolve`](super::CountRequest::resolve)).
    ///
    /// ```
    /// use nqueens::count::Method;
    /// use nqueens::BoardSize;
    /// let n20 = BoardSize::new(20)?;
    /// assert_eq!(Method::resolve(None, n20, false), Method::Join);
    /// assert_eq!(Method::resolve(None, n20, true), Method::Backtrack);
    /// assert_eq!(Method::resolve(Some(Method::PlainTree), n20, false), Method::PlainTree);
    /// # Ok::<(), nqueens::SizeError>(())
    /// ```
    pub fn resolve(named: Option<Method>, size: BoardSize, searching: bool) -> Method {
        match (named, searching) {
            (Some(method), _) => method,
            (None, false) => Method::fastest(size),
            (None, true) => Method::Backtrack,
        }
    }

    /// The choices a user has, as "auto, backtrack, plain, join": `auto`
    /// and every method's name.
    pub fn choices() -> String {
        Method::choice_names().join(", ")
    }

    /// `auto` and every method's name, as lists of choices show them.
    pub fn choice_names() -> Vec<&'static str> {
        let names = <Method as crate::Named>::names();
        std::iter::once("auto").chain(names).collect()
    }

    /// The method named `name`, where `auto` is none (see
    /// [`Method::resolve`]).
    pub fn parse_choice(name: &str) -> Result<Option<Method>, UnknownMethod> {
        match name {
            "auto" => Ok(None),
            name => name.parse().map(Some),
        }
    }
}

impl std::fmt::Display for Method {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

crate::named::named!(Method, UnknownMethod, Method::ALL);

/// A counting method's name that is not known.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown method '{0}': the method must be one of {choices}", choices = Method::choices())]
pub struct UnknownMethod(pub String);

impl PlanError {
    pub(crate) fn too_large(method: Method, size: BoardSize) -> PlanError {
        PlanError {
            method: method.name(),
            n: size.get(),
            max: method.max_n(),
        }
    }
}
