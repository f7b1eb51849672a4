//! Shards: every unit in exactly one shard, tallies that add up to the
//! board's counts, costs shared out evenly, and `I/K` read strictly.

use nqueens::count::{Driver, Method, Plan, Shard, Tally, MAX_SHARDS};
use nqueens::{BoardSize, ShardError};
use nqueens_testkit::{total, unique};

fn plan(n: usize, method: Method) -> Plan {
    Plan::new(BoardSize::new(n).unwrap(), method).unwrap()
}

fn shards(plan: &Plan, count: usize) -> Vec<Vec<usize>> {
    (0..count)
        .map(|index| plan.shard(Shard::new(index, count).unwrap()))
        .collect()
}

#[test]
fn shards_add_up_to_the_unsharded_count() {
    for &method in Method::ALL {
        for n in 0..=13 {
            let plan = plan(n, method);
            let driver = Driver::new();
            let whole = driver.count(&plan, &|_| {});
            assert_eq!((whole.total, whole.unique), (total(n), unique(n)));
            for count in [1, 2, 7, 64] {
                let tally: Tally = shards(&plan, count)
                    .iter()
                    .map(|ids| driver.run(&plan, ids, &|_| {}))
                    .sum();
                assert_eq!(
                    plan.counts(tally),
                    whole,
                    "{method} n = {n}, {count} shards"
                );
            }
        }
    }
}

#[test]
fn every_unit_is_in_exactly_one_shard_in_order() {
    let plan = plan(14, Method::Backtrack);
    for count in [1, 3, 16, 1000, 5000] {
        let cut = shards(&plan, count);
        let mut seen = vec![0u8; plan.units().len()];
        for ids in &cut {
            assert!(ids.windows(2).all(|pair| pair[0] < pair[1]), "ids in order");
            ids.iter().for_each(|&id| seen[id] += 1);
        }
        assert!(seen.iter().all(|&times| times == 1), "{count} shards");
        assert_eq!(cut, shards(&plan, count), "the same cut every time");
    }
}

#[test]
fn shards_share_the_estimated_cost_evenly() {
    let plan = plan(17, Method::Backtrack);
    for count in [16, 64] {
        let costs: Vec<u64> = shards(&plan, count)
            .iter()
            .map(|ids| ids.iter().map(|&id| plan.units()[id].cost()).sum())
            .collect();
        let mean = costs.iter().sum::<u64>() as f64 / count as f64;
        let most = *costs.iter().max().unwrap() as f64;
        assert!(
            most / mean < 1.01,
            "{count} shards: {most} against a mean of {mean}"
        );
    }
}

#[test]
fn shard_fingerprints_tell_unit_sets_apart() {
    let plan = plan(12, Method::Backtrack);
    let [a, b] = [0, 1].map(|index| plan.shard(Shard::new(index, 2).unwrap()));
    assert_ne!(plan.fingerprint_of_units(&a), plan.fingerprint_of_units(&b));
    assert_eq!(
        plan.fingerprint_of_units(&a),
        plan.fingerprint_of_units(&a.clone())
    );
    let other = Plan::new(BoardSize::new(12).unwrap(), Method::PlainTree).unwrap();
    assert_ne!(
        plan.fingerprint_of_units(&a),
        other.fingerprint_of_units(&a)
    );
}

#[test]
fn shards_are_read_strictly() {
    assert_eq!(
        "0/1".parse::<Shard>().map(|s| (s.index(), s.count())),
        Ok((0, 1))
    );
    let message = |text: &str| text.parse::<Shard>().unwrap_err().to_string();
    assert_eq!(
        message("16/16"),
        "shard 16/16 does not exist: I must be from 0 to 15 for 16 shards"
    );
    assert_eq!(
        message("0/0"),
        format!("the shard count '0' must be a whole number from 1 to {MAX_SHARDS}")
    );
    for bad in [
        "3", "", "/4", "a/4", "+1/4", "-1/4", "1/4/5", " 1/4", "1/+4",
    ] {
        assert!(bad.parse::<Shard>().is_err(), "{bad:?}");
    }
    assert_eq!("1/x".parse::<Shard>(), Err(ShardError::Count("x".into())));
    assert!(Shard::new(0, MAX_SHARDS + 1).is_err());
}
