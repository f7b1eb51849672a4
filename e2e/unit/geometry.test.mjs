// geometry.js: attacked squares, the lines through a square, the eight symmetries.
import test from 'node:test';
import assert from 'node:assert/strict';
import { attackedSquares, lineValue, onLine, sharedLine, SYMMETRIES, transformColumns } from '../../web/js/geometry.js';

const valid = (cols) => cols.every((c, r) => cols.every((d, s) => s === r || (c !== d && Math.abs(c - d) !== Math.abs(r - s))));

test('a queen attacks its row, column and both diagonals, and not its own square', () => {
  const attacked = attackedSquares(4, [[1, 1]]);
  const marked = [];
  attacked.forEach((a, i) => { if (a) marked.push(`${Math.floor(i / 4)}${i % 4}`); });
  assert.deepEqual(marked, ['00', '01', '02', '10', '12', '13', '20', '21', '22', '31', '33']);
});

test('lines: r − c on ↘, r + c on ↗, and the line two squares share', () => {
  assert.equal(lineValue('diagonal', 1, 3), -2);
  assert.equal(lineValue('anti_diagonal', 1, 3), 4);
  assert.ok(onLine('anti_diagonal', 0, 3, 3, 0));
  assert.equal(sharedLine({ row: 0, col: 0 }, { row: 2, col: 2 }), 'diagonal');
  assert.equal(sharedLine({ row: 0, col: 1 }, { row: 2, col: 2 }), null);
});

test('each of the eight symmetries turns a solution into a solution, and they give its class', () => {
  const solution = [1, 3, 0, 2];
  const images = SYMMETRIES.map((s) => transformColumns(solution, s));
  images.forEach((image) => assert.ok(valid(image), image.join()));
  assert.deepEqual([...new Set(images.map(String))].sort(), ['1,3,0,2', '2,0,3,1']);
  const eight = [0, 4, 7, 5, 2, 6, 1, 3];
  assert.equal(new Set(SYMMETRIES.map((s) => transformColumns(eight, s).join())).size, 8);
});
