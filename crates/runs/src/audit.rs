//! Audits: stored results counted again from scratch. A checksum binds a
//! result to its run, unit and counts, but anyone can compute one (it has
//! no key): a forged count with its residues and checksum made anew
//! passes every check but Burnside's lemma, and one that keeps the lemma
//! passes that too. Counting a random sample again — what volunteer
//! computing projects do with a share of their work units — finds such a
//! result with a probability the audit states.

use nqueens::count::Tally;
use nqueens_report::runs::{AuditCheck, AuditReport};
use rand::seq::index;
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

/// A seed nobody can guess (from the system's random source): an audit
/// whose sample a forger could foresee proves little.
pub fn unguessable_seed() -> u64 {
    rand::random()
}

/// `k` of `0..population` (all of them when `k` is larger), chosen by
/// `seed`, in increasing order.
pub fn choose(population: usize, k: usize, seed: u64) -> Vec<usize> {
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut chosen = index::sample(&mut rng, population, k.min(population)).into_vec();
    chosen.sort_unstable();
    chosen
}

/// The chance that `k` of `population`, chosen at random without
/// repeats, include at least one of `wrong` wrong ones:
/// 1 − C(population − wrong, k) / C(population, k).
pub fn finds(population: usize, k: usize, wrong: usize) -> f64 {
    if k >= population || wrong >= population {
        return if wrong > 0 && k > 0 { 1.0 } else { 0.0 };
    }
    let missed: f64 = (0..k)
        .map(|i| (population - wrong - i) as f64 / (population - i) as f64)
        .product();
    1.0 - missed.max(0.0)
}

/// One unit or shard: what was stored and what counting it again found.
pub fn check(id: usize, file: Option<String>, stored: Tally, counted: Tally) -> AuditCheck {
    AuditCheck {
        id,
        file,
        stored: [stored.thirds(), stored.nodes()],
        counted: [counted.thirds(), counted.nodes()],
    }
}

/// The report of an audit of `of` (`units` or `shards`) that chose
/// `checked` of `population` with `seed`.
pub fn report(
    of: &str,
    population: usize,
    seed: u64,
    checked: Vec<AuditCheck>,
    seconds: f64,
) -> AuditReport {
    let k = checked.len();
    AuditReport {
        of: of.into(),
        population,
        seed,
        agrees: checked.iter().all(|check| check.stored == check.counted),
        finds_one_wrong: finds(population, k, 1),
        finds_one_percent_wrong: finds(population, k, population.div_ceil(100)),
        checked,
        seconds,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_chance_of_finding_a_wrong_one() {
        assert!((finds(100, 10, 1) - 0.1).abs() < 1e-12);
        assert_eq!(finds(10, 10, 1), 1.0);
        assert_eq!(finds(10, 0, 1), 0.0);
        // Two wrong of four, two checked: 1 − (2·1)/(4·3) = 5/6.
        assert!((finds(4, 2, 2) - 5.0 / 6.0).abs() < 1e-12);
    }

    #[test]
    fn a_seed_chooses_the_same_sample() {
        assert_eq!(choose(1000, 5, 7), choose(1000, 5, 7));
        assert_ne!(choose(1000, 5, 7), choose(1000, 5, 8));
        assert_eq!(choose(3, 5, 1), vec![0, 1, 2]);
        let chosen = choose(50, 20, 3);
        assert!(chosen.windows(2).all(|pair| pair[0] < pair[1]) && chosen.len() == 20);
    }
}
