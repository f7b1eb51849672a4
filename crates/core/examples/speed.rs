fn main() {
    let n: usize = std::env::args().nth(1).unwrap().parse().unwrap();
    let size = nqueens::BoardSize::new(n).unwrap();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    let reps: usize = std::env::args().nth(2).map_or(3, |a| a.parse().unwrap());
    let mut best = f64::MAX;
    let mut nodes = 0;
    for _ in 0..reps {
        let t = std::time::Instant::now();
        let tally = pool.install(|| nqueens::count_unique(size));
        best = best.min(t.elapsed().as_secs_f64());
        nodes = tally.nodes;
    }
    println!(
        "n={n} best {best:.3}s nodes={nodes} ns/node={:.2}",
        best * 1e9 / nodes as f64
    );
}
