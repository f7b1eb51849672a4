// ESLint for the page (web/js) and its tests (e2e): the recommended rules, the page as browser
// ES modules, the tests as Node's. The packages are e2e's (npm ci in e2e/); CI runs
// `e2e/node_modules/.bin/eslint` from the repository root.
import { createRequire } from 'node:module';

const require = createRequire(new URL('./e2e/package.json', import.meta.url));
const js = require('@eslint/js');
const globals = require('globals');

export default [
  js.configs.recommended,
  {
    files: ['web/js/**/*.js'],
    languageOptions: { ecmaVersion: 2024, sourceType: 'module', globals: globals.browser },
  },
  {
    files: ['e2e/**/*.mjs'],
    languageOptions: { ecmaVersion: 2024, sourceType: 'module', globals: { ...globals.node, ...globals.browser } },
  },
  {
    rules: {
      'no-unused-vars': ['error', { argsIgnorePattern: '^_', caughtErrors: 'none' }],
      eqeqeq: ['error', 'always'],
      'prefer-const': 'error',
      'no-var': 'error',
    },
  },
  { ignores: ['e2e/node_modules/**', 'target/**'] },
];
