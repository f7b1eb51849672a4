//! The baseline for bench/count.sh: Jeff Somers' classic single-threaded
//! N-Queens counter (bitmask rows on an explicit stack, left half of the
//! first row, and for odd n the middle column with the second row's left
//! half, doubled by mirror symmetry), ported line for line to Rust.
//! `somers_mirror N` prints the count; `somers_mirror N nodes` also counts
//! the nodes it visits (slower: for ns/node only, not timed).

fn count(n: usize, with_nodes: bool) -> (u64, u64) {
    let odd = n & 1;
    let board_minus = n - 1;
    let mask: u32 = (1 << n) - 1;
    let mut cols = [0u32; 33];
    let mut pos_diag = [0u32; 33];
    let mut neg_diag = [0u32; 33];
    let mut stack = [0u32; 34];
    let (mut solutions, mut nodes) = (0u64, 0u64);
    for i in 0..1 + odd {
        let mut numrows: usize;
        let mut sp: usize;
        let mut bitfield: u32;
        cols[0] = 0;
        pos_diag[0] = 0;
        neg_diag[0] = 0;
        if i == 0 {
            bitfield = (1 << (n >> 1)) - 1;
            numrows = 0;
            sp = 1;
        } else {
            bitfield = 1 << (n >> 1);
            numrows = 1;
            cols[1] = bitfield;
            neg_diag[1] = bitfield >> 1;
            pos_diag[1] = bitfield << 1;
            sp = 1;
            stack[sp] = 0;
            sp += 1;
            bitfield = (bitfield - 1) >> 1;
        }
        loop {
            let lsb = bitfield & bitfield.wrapping_neg();
            if bitfield == 0 {
                sp -= 1;
                bitfield = stack[sp];
                if sp == 0 {
                    break;
                }
                numrows -= 1;
                continue;
            }
            bitfield &= !lsb;
            if with_nodes {
                nodes += 1;
            }
            if numrows < board_minus {
                let prev = numrows;
                numrows += 1;
                cols[numrows] = cols[prev] | lsb;
                neg_diag[numrows] = (neg_diag[prev] | lsb) >> 1;
                pos_diag[numrows] = (pos_diag[prev] | lsb) << 1;
                stack[sp] = bitfield;
                sp += 1;
                bitfield = mask & !(cols[numrows] | neg_diag[numrows] | pos_diag[numrows]);
            } else {
                solutions += 1;
                sp -= 1;
                bitfield = stack[sp];
                numrows -= 1;
            }
        }
    }
    (solutions * 2, nodes)
}

fn main() {
    let mut args = std::env::args().skip(1);
    let n: usize = args
        .next()
        .and_then(|a| a.parse().ok())
        .filter(|&n| (2..=31).contains(&n))
        .expect("usage: somers_mirror N [nodes] (N from 2 to 31)");
    let with_nodes = args.next().as_deref() == Some("nodes");
    let (total, nodes) = count(n, with_nodes);
    if with_nodes {
        println!("{total} {nodes}");
    } else {
        println!("{total}");
    }
}
