// frames.js's namesRead: the names a listing's line uses, which the code panel lists first.
import test from 'node:test';
import assert from 'node:assert/strict';
import { namesRead } from '../../web/js/frames.js';

const names = (line) => [...namesRead(line)].sort();

test('a check names the variables it reads, not the words of Python', () => {
  assert.deepEqual(names('            if row + col in anti:'), ['anti', 'col', 'row']);
  assert.deepEqual(names('        for col in range(n):'), ['col', 'n']);
  assert.deepEqual(names('            if row == n - 1 and clash(queens) is not None:'), ['clash', 'n', 'queens', 'row']);
});

test('an assignment across the arrays names each of them', () => {
  assert.deepEqual(names('            cols[col] = diag[row - col + n - 1] = anti[row + col] = False'),
    ['anti', 'col', 'cols', 'diag', 'n', 'row']);
});

test('comments, strings and method names are left out', () => {
  assert.deepEqual(names('            solutions.append(queens[:])  # a copy of col'), ['queens', 'solutions']);
  assert.deepEqual(names('    """The later row of the first two queens on one diagonal, or None."""'), []);
  assert.deepEqual(names(''), []);
});
