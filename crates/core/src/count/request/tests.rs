use super::memory::{FitError, Reckoning};
use super::*;
use crate::count::{Kernel, Method, UnitDone};
use crate::{Algorithm, BoardSize};
use std::time::{Duration, Instant};

const MIB: u64 = 1 << 20;

/// n = 18 on one thread, on the scalar kernel.
fn reckoning() -> Reckoning {
    Reckoning {
        size: BoardSize::new(18).unwrap(),
        kernel: Kernel::SCALAR,
        threads: 1,
    }
}

fn limit(bytes: u64, held: u64) -> MemoryLimit {
    MemoryLimit {
        bytes,
        source: LimitSource::Given,
        held,
    }
}

fn fitted(method: Method, auto: bool, bytes: u64, held: u64) -> Result<Method, MemoryRefusal> {
    match reckoning().fitting(method, auto, Some(&limit(bytes, held))) {
        Ok(method) => Ok(method),
        Err(FitError::Refused(refusal)) => Err(refusal),
        Err(FitError::Plan(err)) => panic!("{err}"),
    }
}

/// n = 18 joins in about 13 MiB on one thread and backtracks in 1.4:
/// `auto` takes the join where it fits and its low-memory alternative,
/// backtracking, where only that does, with what the process holds
/// counted against the limit.
#[test]
fn auto_takes_the_low_memory_alternative_where_only_that_fits() {
    let auto = |bytes, held| fitted(Method::Join, true, bytes, held);
    assert_eq!(auto(1 << 30, 0), Ok(Method::Join));
    assert_eq!(auto(4 * MIB, 0), Ok(Method::Backtrack));
    assert_eq!(auto(20 * MIB, 0), Ok(Method::Join));
    assert_eq!(auto(20 * MIB, 10 * MIB), Ok(Method::Backtrack));
    let neither = auto(4 * MIB, 3 * MIB).unwrap_err();
    let ways = neither.ways_out();
    assert!(matches!(ways[0], WayOut::MoreMemory(_)), "{ways:?}");
    assert!(matches!(
        ways.last(),
        Some(WayOut::Method {
            method: Method::Backtrack,
            named: false,
            memory_mib: Some(_)
        })
    ));
    let said = neither.to_string();
    assert!(said.starts_with("count 18 needs about "), "{said}");
    assert!(said.contains(" by the join on 1 thread "), "{said}");
}

/// A join named is refused, never changed, with backtracking as a way
/// out: in the limit given where it fits, with its own where not; the
/// limit it names for backtracking runs it.
#[test]
fn a_method_named_is_refused_with_its_alternative_as_a_way_out() {
    let fits = fitted(Method::Join, false, 4 * MIB, 0).unwrap_err();
    let alternative = WayOut::Method {
        method: Method::Backtrack,
        named: true,
        memory_mib: None,
    };
    assert_eq!(fits.ways_out().last(), Some(&alternative));
    let short = fitted(Method::Join, false, MIB, 0).unwrap_err();
    let Some(&WayOut::Method { memory_mib, .. }) = short.ways_out().last() else {
        panic!("{short:?}")
    };
    let mib = memory_mib.expect("backtracking needs more than 1 MiB");
    assert_eq!(
        fitted(Method::Backtrack, false, mib * MIB, 0),
        Ok(Method::Backtrack)
    );
    let backtrack = fitted(Method::Backtrack, false, MIB, MIB).unwrap_err();
    assert_eq!(backtrack.alternative, None);
    let advised = backtrack.advised_mib(backtrack.needed);
    assert!(fitted(Method::Backtrack, false, advised * MIB, MIB).is_ok());
}

/// Words that spell settings as a test's own syntax, and take no
/// threads.
struct Words;

impl RefusalWords for Words {
    fn count(&self, n: usize, method: Option<Method>) -> String {
        format!("count<{n}, {}>", method.map_or("auto", Method::name))
    }

    fn limit(&self, _: LimitSource) -> String {
        "<limit>".into()
    }

    fn memory(&self, mib: u64) -> Option<String> {
        Some(format!("<memory {mib}>"))
    }

    fn one_thread(&self) -> Option<String> {
        None
    }

    fn method(&self, method: Method) -> String {
        format!("<method {method}>")
    }
}

/// A surface's words spell every way out it takes, and leave out the
/// ones it does not; the engine's own name no syntax.
#[test]
fn each_surface_words_the_ways_out_it_takes() {
    let refusal = MemoryRefusal {
        threads: 2,
        one_thread_fits: true,
        ..fitted(Method::Join, false, MIB, 0).unwrap_err()
    };
    let said = refusal.worded(&Words);
    assert!(said.starts_with("count<18, join> needs about "), "{said}");
    assert!(said.contains("(<limit>): give it <memory "), "{said}");
    assert!(!said.contains("one thread"), "{said}");
    assert!(
        said.contains(", or count by backtracking (<method backtrack> <memory "),
        "{said}"
    );
    assert!(said.ends_with(">, slower)"), "{said}");
    let plain = refusal.to_string();
    assert!(plain.contains("count on one thread (threads 1)"), "{plain}");
    assert!(!plain.contains("--") && !plain.contains('='), "{plain}");
}

/// Resolving starts nothing (the type holds numbers and names), and
/// gives the same settings each time.
#[test]
fn resolving_is_settings_alone() {
    let request = CountRequest {
        threads: Some(3),
        ..CountRequest::new(BoardSize::new(12).unwrap())
    };
    let resolved = request.resolve().unwrap().by_plan().unwrap();
    assert_eq!(resolved.threads(), 3);
    assert_eq!(resolved.device(), DeviceChoice::Auto);
    assert_eq!(Some(resolved.clone()), request.resolve().unwrap().by_plan());
    let sets = CountRequest {
        algorithm: Algorithm::Sets,
        threads: Some(3),
        ..request
    };
    let refused = sets.resolve().unwrap_err().to_string();
    assert_eq!(
        refused,
        "a thread count applies to the bitmask algorithm's counts: sets counts by \
         enumerating, on one thread"
    );
}

/// A sink whose start takes a while: the run's seconds are of its
/// units alone, timed after the start, on every surface alike.
struct SlowStart(Option<Instant>);

impl CountSink for SlowStart {
    type Error = CountError;

    fn start(&mut self, _: &CountStart<'_>) -> Result<Vec<UnitDone>, CountError> {
        std::thread::sleep(Duration::from_millis(50));
        self.0 = Some(Instant::now());
        Ok(Vec::new())
    }
}

#[test]
fn the_seconds_start_after_the_sinks_start() {
    let request = CountRequest::new(BoardSize::new(8).unwrap());
    let resolved = request.resolve().unwrap().by_plan().unwrap();
    let mut sink = SlowStart(None);
    let end = resolved.run(&Devices::default(), &mut sink).unwrap();
    let after = Instant::now();
    let started = sink.0.expect("the run started the sink");
    assert!(
        end.seconds <= (after - started).as_secs_f64(),
        "{}",
        end.seconds
    );
    assert_eq!(end.summary().unwrap().counts.total, 92);
}
