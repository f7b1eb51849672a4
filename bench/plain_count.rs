//! The baseline for bench/run.sh: the textbook single-threaded bitmask
//! counter, no symmetry, no tricks. Built by the script with rustc -O.

fn count(full: u32, cols: u32, diag: u32, anti: u32) -> u64 {
    if cols == full {
        return 1;
    }
    let mut free = full & !(cols | diag | anti);
    let mut total = 0;
    while free != 0 {
        let bit = free & free.wrapping_neg();
        free ^= bit;
        total += count(full, cols | bit, (diag | bit) << 1, (anti | bit) >> 1);
    }
    total
}

fn main() {
    let n: u32 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .filter(|&n| (1..=31).contains(&n))
        .expect("usage: plain_count N (1 to 31)");
    println!("{}", count((1 << n) - 1, 0, 0, 0));
}
