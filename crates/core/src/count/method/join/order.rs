//! The plan's order: units that share quadrants run one after another.
//!
//! A unit's east rows are a north part and a south part, and its four
//! quadrant lists are those of the two parts (east and west). Sort the
//! sets of north rows (by size, then value) into blocks, and the sets of
//! south rows likewise: the units of one north block and one south block
//! (a *tile*) need only the lists of those blocks, which fit in the
//! quadrants kept. Running the plan tile by tile, each list is made once
//! per tile that needs it, not once per unit: a count keeps a few tiles'
//! lists, whatever its n.

use super::half::placement_bytes;
use super::memory::store_bytes;
use super::quadrant::Geometry;
use std::collections::{BTreeMap, HashSet};

/// `sets` (east row sets, by value), tile by tile; within a tile by value.
/// `placements` is what all quadrant lists hold, if known.
pub(super) fn tiled(geometry: Geometry, placements: Option<u64>, sets: Vec<u32>) -> Vec<u32> {
    // Where every list fits in the store kept by default, by value: one
    // tile. Else the lists of a tile's north (or south) sets take about
    // an eighth of the store: two threads' tiles fit with room to spare.
    let (bytes, store) = (placement_bytes(geometry), store_bytes(geometry.n));
    match placements.is_some_and(|all| all * bytes <= store) {
        true => sets,
        false => in_tiles(geometry, block_len(geometry, placements, store / 8), sets),
    }
}

/// The sets of north (south) rows in a block: as many as hold about
/// `side_bytes` of lists.
fn block_len(geometry: Geometry, placements: Option<u64>, side_bytes: u64) -> usize {
    let sets_per_side = 1u64 << geometry.north.max(geometry.n - geometry.north);
    // Each set's lists: its share of one side's (half of all) placements.
    let per_set = placements.map_or(u64::MAX, |all| {
        all / 2 * placement_bytes(geometry) / sets_per_side
    });
    (side_bytes / per_set.max(1)).max(1) as usize
}

/// A quadrant list: (east, rows).
type List = (bool, u32);

/// The quadrant lists a run makes, each with how many times it makes it,
/// in the order of the lists: `each_made` added up. A count makes tens
/// of millions of lists from n = 27 but only tens of thousands of
/// distinct ones, so these, not the sequence, are what is kept.
pub(super) fn times_made(
    units: usize,
    threads: usize,
    budget: u64,
    lists: impl Fn(usize) -> Vec<List>,
    bytes: impl Fn(List) -> u64,
) -> Vec<(List, u64)> {
    let mut times = BTreeMap::new();
    let count = |list| *times.entry(list).or_insert(0) += 1;
    each_made(units, (threads, budget), lists, bytes, count);
    times.into_iter().collect()
}

/// The quadrant lists a run makes, in the order it makes them.
#[cfg(test)]
fn lists_made(
    units: usize,
    threads: usize,
    budget: u64,
    lists: impl Fn(usize) -> Vec<List>,
    bytes: impl Fn(List) -> u64,
) -> Vec<List> {
    let mut made = Vec::new();
    each_made(units, (threads, budget), lists, bytes, |list| {
        made.push(list)
    });
    made
}

/// Calls `made` with each quadrant list a run makes, in the order it
/// makes them: the units run in order by `threads` threads, each from its
/// own part of the plan (as the driver's threads split it), taking turns,
/// with the store keeping up to `budget` bytes and letting all go when
/// the next list would pass it (as half.rs does). `lists` gives a unit's
/// lists, `bytes` a list's size.
fn each_made(
    units: usize,
    (threads, budget): (usize, u64),
    lists: impl Fn(usize) -> Vec<List>,
    bytes: impl Fn(List) -> u64,
    mut made: impl FnMut(List),
) {
    let threads = threads.clamp(1, units.max(1));
    let part = units.div_ceil(threads).max(1);
    let (mut kept, mut held) = (HashSet::new(), 0u64);
    for step in 0..part {
        for unit in (0..threads)
            .map(|thread| thread * part + step)
            .filter(|&u| u < units)
        {
            for list in lists(unit) {
                if kept.contains(&list) {
                    continue;
                }
                made(list);
                let size = bytes(list);
                if held + size > budget {
                    (kept, held) = (HashSet::new(), 0);
                }
                if size <= budget {
                    kept.insert(list);
                    held += size;
                }
            }
        }
    }
}

fn in_tiles(geometry: Geometry, block: usize, mut sets: Vec<u32>) -> Vec<u32> {
    let north = geometry.north;
    let (north_rank, south_rank) = (ranks(north), ranks(geometry.n - north));
    sets.sort_by_key(|&rows| {
        let north_rows = (rows & geometry.north_rows()) as usize;
        let south_rows = (rows >> north) as usize;
        (
            north_rank[north_rows] / block,
            south_rank[south_rows] / block,
            rows,
        )
    });
    sets
}

/// Each set of `bits` rows' place when they are sorted by size, then by
/// value.
fn ranks(bits: usize) -> Vec<usize> {
    let mut sets: Vec<u32> = (0..1u32 << bits).collect();
    sets.sort_by_key(|&set| (set.count_ones(), set));
    let mut rank = vec![0; sets.len()];
    for (place, &set) in sets.iter().enumerate() {
        rank[set as usize] = place;
    }
    rank
}

#[cfg(test)]
mod tests {
    use super::super::cost::Tables;
    use super::super::family::east_row_sets;
    use super::*;

    #[test]
    fn tiles_reorder_the_sets_without_losing_one() {
        for n in [8, 13, 18, 20] {
            let geometry = Geometry::of(n);
            let sets: Vec<u32> = (0..=geometry.all_rows())
                .filter(|r| r.count_ones() as usize == n / 2)
                .collect();
            for placements in [None, Some(1 << 20), Some(1 << 40)] {
                let mut tiled = tiled(geometry, placements, sets.clone());
                tiled.sort_unstable();
                assert_eq!(tiled, sets, "n = {n}");
            }
        }
    }

    /// How many lists one thread makes running `sets` (even n) in order
    /// with `budget` bytes of lists kept.
    fn made_count(geometry: Geometry, sets: &[u32], budget: u64) -> usize {
        let tables = Tables::of(geometry.n);
        let north = geometry.north_rows();
        let lists = |unit: usize| {
            let (rows, west) = (sets[unit], sets[unit] ^ geometry.all_rows());
            let halves = [(true, rows), (false, west)];
            (halves.into_iter())
                .flat_map(|(east, rows)| [(east, rows & north), (east, rows & !north)])
                .collect()
        };
        let bytes = |(east, rows)| tables.list(rows, east) as u64 * placement_bytes(geometry);
        lists_made(sets.len(), 1, budget, lists, bytes).len()
    }

    #[test]
    fn the_simulated_store_makes_a_list_again_only_once_it_let_it_go() {
        let lists = |unit: usize| vec![(true, (unit % 3) as u32), (false, 7)];
        let bytes = |_| 10;
        let made = |units, threads, budget| lists_made(units, threads, budget, lists, bytes);
        let (a, b, c, d) = ((true, 0), (true, 1), (true, 2), (false, 7));
        // Everything fits: each list is made by the first unit that uses it.
        assert_eq!(made(9, 1, 1000), [a, d, b, c]);
        // Nothing fits: every unit makes all its lists.
        assert_eq!(made(3, 1, 5), [a, d, b, d, c, d]);
        // Two lists fit: the third lets both go.
        assert_eq!(made(3, 1, 20), [a, d, b, d, c, d]);
        // Two threads from units 0 and 2, taking turns: 0, 2, 1, 3.
        assert_eq!(made(4, 2, 1000), [a, d, c, b]);
        // The same lists, each once with how many times it is made.
        let times = times_made(3, 1, 5, lists, bytes);
        assert_eq!(times, [(d, 3), (a, 1), (b, 1), (c, 1)]);
    }

    #[test]
    fn tiles_make_each_list_a_few_times() {
        let (n, budget) = (16, 1u64 << 20);
        let geometry = Geometry::of(n);
        let sets = east_row_sets(n);
        let placements = Tables::of(n).placements();
        let block = block_len(geometry, Some(placements), budget / 8);
        let by_value = made_count(geometry, &sets, budget);
        let by_tile = made_count(geometry, &in_tiles(geometry, block, sets), budget);
        // Each list at least once: what a store of every list would make.
        let once = made_count(geometry, &east_row_sets(n), u64::MAX);
        assert!(
            by_tile * 2 < by_value,
            "{by_tile} lists made by tile, {by_value} by value"
        );
        assert!(
            by_tile < 4 * once,
            "{by_tile} lists made by tile, {once} at least"
        );
    }
}
