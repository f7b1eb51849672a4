// Board geometry shared by the views: which squares queens attack (for the shading), the line
// through a square, and the eight symmetries of a board. There is no search here: every
// solution on the page comes from the server.

/** How each line is named in words: ↘ keeps r − c fixed, ↗ keeps r + c fixed. */
export const LINE_WORDS = {
  row: 'row',
  column: 'column',
  diagonal: '↘ diagonal',
  anti_diagonal: '↗ anti-diagonal',
};

/** The value that is the same for every square on the line (row, column, r − c or r + c). */
export function lineValue(line, row, col) {
  return { row, column: col, diagonal: row - col, anti_diagonal: row + col }[line];
}

/** True when (r, c) lies on `line` through (row, col). */
export function onLine(line, row, col, r, c) {
  return lineValue(line, row, col) === lineValue(line, r, c);
}

/** The line two different squares share, or null: row first, then column, ↘, ↗. */
export function sharedLine(a, b) {
  for (const line of ['row', 'column', 'diagonal', 'anti_diagonal']) {
    if (onLine(line, a.row, a.col, b.row, b.col)) return line;
  }
  return null;
}

/**
 * Marks every square attacked by one of the queens ([row, col] pairs), the queens' own squares
 * excepted: a Uint8Array of n × n, 1 where attacked.
 */
export function attackedSquares(n, queens) {
  const attacked = new Uint8Array(n * n);
  for (const [qr, qc] of queens) {
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < n; c++) {
        if (r === qr && c === qc) continue;
        if (r === qr || c === qc || r - c === qr - qc || r + c === qr + qc) attacked[r * n + c] = 1;
      }
    }
  }
  return attacked;
}

/**
 * The eight symmetries of the square, as maps of (row, col) on an n × n board. Applied to a
 * solution's column list, each gives a solution again.
 */
export const SYMMETRIES = [
  { name: 'as found', map: (r, c) => [r, c] },
  { name: 'turned 90°', map: (r, c, n) => [c, n - 1 - r] },
  { name: 'turned 180°', map: (r, c, n) => [n - 1 - r, n - 1 - c] },
  { name: 'turned 270°', map: (r, c, n) => [n - 1 - c, r] },
  { name: 'mirrored left–right', map: (r, c, n) => [r, n - 1 - c] },
  { name: 'mirrored top–bottom', map: (r, c, n) => [n - 1 - r, c] },
  { name: 'flipped on the ↘ diagonal', map: (r, c) => [c, r] },
  { name: 'flipped on the ↗ diagonal', map: (r, c, n) => [n - 1 - c, n - 1 - r] },
];

/** A solution's column list moved by one symmetry. */
export function transformColumns(columns, symmetry) {
  const n = columns.length;
  const moved = new Array(n);
  columns.forEach((col, row) => {
    const [r, c] = symmetry.map(row, col, n);
    moved[r] = c;
  });
  return moved;
}
