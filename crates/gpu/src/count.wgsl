// The counting kernel: each invocation searches the tree below one start
// to the bottom, with an explicit stack, exactly as the CPU's scalar
// kernel does (crates/core/src/count/kernel/scalar.rs), and writes the
// start's tally: its solutions in thirds of a board, and its nodes.

// A unit's rules (nqueens::count::SearchRules).
struct Rules {
    allowed: array<u32, 32>,
    n: u32,
    side_row: u32,
    sides: u32,
    top: u32,
    far: u32,
    tie_columns: u32,
    weights: array<u32, 4>,
}

struct Params {
    // Starts in this batch.
    count: u32,
    // Invocations per row of the dispatch grid.
    stride: u32,
    unused: vec2<u32>,
}

@group(0) @binding(0) var<storage, read> rules: array<Rules>;
// cols, diag, anti, and row | ties << 8 | rules index << 16.
@group(0) @binding(1) var<storage, read> starts: array<vec4<u32>>;
// thirds (low, high), nodes (low, high); the top bit of nodes' high word
// set when the search did not finish (a driver that caps a loop's
// iterations, as llvmpipe does at 65535, cut it short).
@group(0) @binding(2) var<storage, read_write> tallies: array<vec4<u32>>;
@group(0) @binding(3) var<uniform> params: Params;

// Adds a word to a 64-bit count kept as (low, high).
fn add64(sum: vec2<u32>, x: u32) -> vec2<u32> {
    let low = sum.x + x;
    return vec2<u32>(low, sum.y + select(0u, 1u, low < x));
}

fn lowest(bits: u32) -> u32 {
    return bits & (0u - bits);
}

// The scalars of a unit's rules, read once into registers; the rows'
// allowed squares stay in storage, indexed by row.
struct Unit {
    r: u32,
    side_row: u32,
    sides: u32,
    top: u32,
    far: u32,
}

// Whether a queen on `bit` of `row` is a side queen on a tie row.
fn tie(u: Unit, row: u32, bit: u32) -> u32 {
    let on_tie_row = row == u.top || row == u.far;
    return select(0u, 1u, on_tie_row && (bit & u.sides) != 0u);
}

// The free squares of `row`, the side rule applied on its row.
fn free_squares(u: Unit, row: u32, cols: u32, diag: u32, anti: u32) -> u32 {
    let free = rules[u.r].allowed[row & 31u] & ~(cols | diag | anti);
    if (row != u.side_row) {
        return free;
    }
    // If neither side column is taken, both can no longer be; if one is,
    // this row must take the other.
    let taken = cols & u.sides;
    let none = select(0u, ~0u, taken == 0u);
    let both = select(0u, ~0u, taken == u.sides);
    return free & ~none & (both | u.sides);
}

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    let index = id.x + id.y * params.stride;
    if (index >= params.count) {
        return;
    }
    let start = starts[index];
    let r = start.w >> 16u;
    let u = Unit(r, rules[r].side_row, rules[r].sides, rules[r].top, rules[r].far);
    let last = rules[r].n - 1u;
    let last_allowed = rules[r].allowed[last & 31u];
    let tie_columns = rules[r].tie_columns;
    var row = start.w & 0xffu;
    var ties = (start.w >> 8u) & 0xffu;
    var cols = start.x;
    var diag = start.y;
    var anti = start.z;
    var free = free_squares(u, row, cols, diag, anti);
    // Rows with squares left to try: attacks and squares; row | ties << 8.
    var stack: array<vec4<u32>, 32>;
    var rows: array<u32, 32>;
    var depth = 0u;
    // Counted in words, moved to the 64-bit counts before they can wrap.
    var nodes_now = 1u;
    var thirds_now = 0u;
    var nodes = vec2<u32>(0u, 0u);
    var thirds = vec2<u32>(0u, 0u);
    var finished = false;
    loop {
        if (nodes_now >= 0x80000000u) {
            nodes = add64(nodes, nodes_now);
            nodes_now = 0u;
        }
        if (thirds_now >= 0x80000000u) {
            thirds = add64(thirds, thirds_now);
            thirds_now = 0u;
        }
        if (row + 1u == last) {
            // Row n-2: each free square leaves the last row one chance.
            nodes_now += countOneBits(free);
            var left = free;
            loop {
                if (left == 0u) {
                    break;
                }
                let bit = lowest(left);
                left ^= bit;
                let bottom = last_allowed
                    & ~((cols | bit) | ((diag | bit) << 1u) | ((anti | bit) >> 1u));
                if (bottom == 0u) {
                    continue;
                }
                nodes_now += 1u;
                let found = ties + tie(u, row, bit)
                    + select(0u, 1u, (bottom & tie_columns) != 0u);
                thirds_now += rules[r].weights[found & 3u];
            }
        } else if (free != 0u) {
            let bit = lowest(free);
            let rest = free ^ bit;
            stack[depth & 31u] = vec4<u32>(cols, diag, anti, rest);
            rows[depth & 31u] = row | (ties << 8u);
            depth += select(0u, 1u, rest != 0u);
            ties += tie(u, row, bit);
            cols = cols | bit;
            diag = (diag | bit) << 1u;
            anti = (anti | bit) >> 1u;
            row += 1u;
            free = free_squares(u, row, cols, diag, anti);
            nodes_now += 1u;
            continue;
        }
        if (depth == 0u) {
            finished = true;
            break;
        }
        let above = stack[(depth - 1u) & 31u];
        let kept = rows[(depth - 1u) & 31u];
        let bit = lowest(above.w);
        let rest = above.w ^ bit;
        stack[(depth - 1u) & 31u].w = rest;
        depth -= select(0u, 1u, rest == 0u);
        row = kept & 0xffu;
        ties = (kept >> 8u) + tie(u, row, bit);
        cols = above.x | bit;
        diag = (above.y | bit) << 1u;
        anti = (above.z | bit) >> 1u;
        row += 1u;
        free = free_squares(u, row, cols, diag, anti);
        nodes_now += 1u;
    }
    nodes = add64(nodes, nodes_now);
    thirds = add64(thirds, thirds_now);
    let unfinished = select(0x80000000u, 0u, finished);
    tallies[index] = vec4<u32>(thirds.x, thirds.y, nodes.x, nodes.y | unfinished);
}
