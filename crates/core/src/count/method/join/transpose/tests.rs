//! Each unit's rule read from its two sides against its definition, on
//! even boards (C's families) and odd ones (the keys of odd.rs).

use super::{class, Class, Transposed};
use crate::count::method::join::quadrant::Geometry;

/// The sets of `bits` bits with `ones` of them set.
fn sets(bits: u32, ones: u32) -> impl Iterator<Item = u32> {
    (0..1u32 << bits).filter(move |set| set.count_ones() == ones)
}

/// For every unit's rows and every pair of south column sets of the
/// sizes its quadrants give them: the weight read from the two sides
/// is the family's; a dropped side weighs 0, two bulk sides 2; the
/// slivers are the runs of each side that are neither.
#[test]
fn each_sides_comparisons_weigh_as_the_family_does() {
    for n in (2..=12u32).step_by(2) {
        let half = n / 2;
        for rows in sets(n, half) {
            let unit = Transposed::of(Geometry::of(n as usize), rows).expect("even");
            let south_east = (rows >> half).count_ones();
            let (east_slivers, west_slivers) = unit.slivers();
            for east in sets(half, south_east) {
                let sides = unit.sides(true, east);
                let sliver = class(sides) == Class::Sliver;
                assert_eq!(
                    sliver,
                    east_slivers.contains(&east),
                    "n = {n} {rows:b} {east:b}"
                );
                for west in sets(half, half - south_east) {
                    let other = unit.sides(false, west);
                    let weight = unit.weight(east, west);
                    assert_eq!(Transposed::weigh(sides, other), weight, "n = {n} {rows:b}");
                    let classes = [class(sides), class(other)];
                    if classes.contains(&Class::Dropped) {
                        assert_eq!(weight, 0);
                    }
                    if classes == [Class::Bulk; 2] {
                        assert_eq!(weight, 2);
                    }
                }
            }
            for west in sets(half, half - south_east) {
                let sliver = class(unit.sides(false, west)) == Class::Sliver;
                assert_eq!(
                    sliver,
                    west_slivers.contains(&west),
                    "n = {n} {rows:b} {west:b}"
                );
            }
        }
    }
}

/// For every odd board up to 11, cut either way, every unit's rows and
/// every pair of south column sets: the weight read from the two
/// sides is the keys' (a run whose middle queen is south weighs 0), a
/// dropped side weighs 0, two bulk sides 2, and every sliver is one
/// that `slivers` names; the units whose rows hold the middle row are
/// not transposed.
#[test]
fn each_sides_comparisons_weigh_as_the_keys_do() {
    for n in (3..=11usize).step_by(2) {
        for wide in [true, false] {
            let geometry = Geometry {
                wide,
                transposed: true,
                ..Geometry::of(n)
            };
            let (half, middle) = (n as u32 / 2, 1u32 << (n / 2));
            let east_width = half + u32::from(wide);
            for rows in (0..1u32 << n).filter(|rows| rows.count_ones() == half + 1) {
                let Some(unit) = Transposed::of(geometry, rows) else {
                    assert_ne!(rows & middle, 0, "n = {n} {rows:b}");
                    continue;
                };
                assert!(unit.is_odd() && rows & middle == 0);
                let (east_slivers, west_slivers) = unit.slivers();
                for east in 0..1u32 << east_width {
                    let sides = unit.sides(true, east);
                    if class(sides) == Class::Sliver {
                        assert!(east_slivers.contains(&east), "n = {n} {rows:b} {east:b}");
                    }
                    for west in 0..1u32 << half {
                        let other = unit.sides(false, west);
                        let weight = unit.weight(east, west);
                        let read = Transposed::weigh(sides, other);
                        assert_eq!(read, weight, "n = {n} {rows:b} {east:b} {west:b}");
                        let classes = [class(sides), class(other)];
                        if classes.contains(&Class::Dropped) {
                            assert_eq!(weight, 0);
                        }
                        if classes == [Class::Bulk; 2] {
                            assert_eq!(weight, 2);
                        }
                        if east == 0 {
                            let sliver = class(other) == Class::Sliver;
                            assert!(!sliver || west_slivers.contains(&west));
                        }
                    }
                }
            }
        }
    }
}
