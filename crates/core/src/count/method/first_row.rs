//! A method for tests only, added as the checklist of the module says: the
//! plain tree cut below row 0 alone (n units, one per column of the first
//! queen). It goes through everything a real method does (its name on
//! every list, the refusals from its capabilities, plans, the driver,
//! statistics, shards, devices) and counts every board as the plain tree
//! does.

use super::plain::PlainTree;
use super::search::Search;
use crate::count::rules::Rules;
use crate::count::unit::UnitStart;
use crate::{BoardSize, Stats};

/// The test method.
pub(super) struct FirstRow;

impl Search for FirstRow {
    fn name(&self) -> &'static str {
        "first-row"
    }

    fn summary(&self) -> String {
        "the whole tree, cut below the first row (for tests)".into()
    }

    fn counts_by(&self) -> &'static str {
        "the first row's units"
    }

    fn prefixes(&self, n: usize) -> Vec<Vec<u8>> {
        (0..n as u8).map(|col| vec![col]).collect()
    }

    fn rules_below(&self, n: usize, _prefix: &[u8]) -> Rules {
        Rules::plain(n)
    }

    fn visited_above(&self, size: BoardSize, starts: &[UnitStart]) -> Stats {
        PlainTree.visited_above(size, starts)
    }
}

#[cfg(test)]
mod tests {
    use crate::count::{Conflict, CountEnd, CountRequest, DeviceChoice, Devices, Driver, Method};
    use crate::count::{Plan, Quiet, Shard};
    use crate::{BoardSize, CountError};

    const A000170: [u128; 12] = [1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680];

    #[test]
    fn it_is_named_and_listed_like_every_method() {
        assert!(Method::ALL.contains(&Method::FirstRow));
        assert_eq!("first-row".parse::<Method>(), Ok(Method::FirstRow));
        assert!(Method::choices().ends_with(", first-row"));
        let unknown = "fast".parse::<Method>().unwrap_err().to_string();
        assert!(unknown.contains("first-row"), "{unknown}");
    }

    #[test]
    fn it_counts_every_board_and_the_plain_trees_nodes() {
        for (n, &total) in A000170.iter().enumerate() {
            let size = BoardSize::new(n).unwrap();
            let counts = Driver::new().count(&Plan::new(size, Method::FirstRow).unwrap(), &|_| {});
            let plain = Driver::new().count(&Plan::new(size, Method::PlainTree).unwrap(), &|_| {});
            assert_eq!(
                (counts.total, counts.nodes),
                (total, plain.nodes),
                "n = {n}"
            );
        }
    }

    /// The count of `request` through the one run loop, to its end.
    fn run(request: CountRequest) -> Result<CountEnd, CountError> {
        let resolved = request.resolve()?.by_plan().expect("a count by plan");
        resolved.run(&Devices::default(), &mut Quiet)
    }

    #[test]
    fn the_run_counts_it_with_statistics_shards_and_a_device_as_its_capabilities_say() {
        let size = BoardSize::new(9).unwrap();
        let request = |stats, shard, device| CountRequest {
            method: Some(Method::FirstRow),
            stats,
            shard,
            device,
            ..CountRequest::new(size)
        };
        let summary = run(request(true, None, DeviceChoice::Cpu))
            .unwrap()
            .summary()
            .unwrap();
        assert_eq!(summary.counts.total, 352);
        let stats = summary.outcome.stats.unwrap();
        assert_eq!(stats.stats.nodes, summary.counts.nodes);
        let halves: u128 = (0..2)
            .map(|i| {
                let shard = Some(Shard::new(i, 2).unwrap());
                let end = run(request(false, shard, DeviceChoice::Cpu)).unwrap();
                end.outcome.tally.thirds()
            })
            .sum();
        assert_eq!(halves / 3, 352);
        let shard = Some(Shard::new(0, 2).unwrap());
        assert!(matches!(
            request(true, shard, DeviceChoice::Cpu).resolve(),
            Err(CountError::Conflict(Conflict::StatsWithShard))
        ));
        // It searches, so a GPU may run it: the refusal is of the device
        // that did not open, not of the method.
        assert!(matches!(
            run(request(false, None, DeviceChoice::Gpu)),
            Err(CountError::Device(_))
        ));
    }
}
