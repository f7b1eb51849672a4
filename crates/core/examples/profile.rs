fn main() {
    let n: usize = std::env::args().nth(1).unwrap().parse().unwrap();
    let size = nqueens::BoardSize::new(n).unwrap();
    let (_, stats) = nqueens::count_unique_with_stats(size);
    let total: u128 = stats.profile.iter().sum();
    for (d, p) in stats.profile.iter().enumerate() {
        print!("{d}:{:.3} ", *p as f64 / total as f64);
    }
    println!();
}
