// Lint: typescript-eslint's recommended rules, React hooks, imports that resolve and do not cycle, and the layers:
// what may import what is read from the folder names and enforced here.
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const REACT = ['react', 'react-dom', 'react-dom/*', 'react-router-dom', '@douyinfe/semi-ui', '@douyinfe/semi-ui/*', '@rjsf/core', '@xstate/react'];
/** `no-restricted-imports` patterns: folders a layer may not reach into, each with the reason. */
const layer = (forbidden) => ({
  'no-restricted-imports': ['error', { patterns: forbidden }],
});
const noReact = { group: REACT, message: 'The framework-free core does not import React or Semi: put this in a React layer (engine/react or blocks).' };
const noBlocks = { group: ['**/blocks/**'], message: 'Blocks are composed by the app; lower layers do not import them.' };
const noEngineReact = { group: ['**/engine/react/**', '**/engine/react'], message: 'The React layer sits above this one.' };
const noApp = { group: ['**/app/**', '**/app'], message: 'The app entry composes everything; nothing imports it.' };
const noEngine = {
  group: ['**/engine/**', '**/engine'],
  message: 'Machines own their ports (machines/ports.ts); the engine implements them, not the other way round.',
};
const noServer = { group: ['**/server/**'], message: 'The browser code does not import the server.' };
const NODE_BUILTINS = [
  'assert',
  'buffer',
  'child_process',
  'crypto',
  'events',
  'fs',
  'http',
  'https',
  'net',
  'os',
  'path',
  'process',
  'stream',
  'url',
  'util',
  'worker_threads',
  'zlib',
];
const noNode = {
  // A regex, not a gitignore-style group: the group `http` would also match our own `../http/index.js`.
  regex: `^(node:|(${NODE_BUILTINS.join('|')})(/|$))`,
  message: 'Browser code does not import Node built-ins: reading files belongs to the server, scripts or engine/region-files.',
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', '.tmp/**', 'test-results/**', 'coverage/**', 'schemas/types/**', 'schemas/forms/validators/**'] },
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    rules: {
      // The two classic rules. The plugin's React Compiler rules (set-state-in-effect, refs…) judge code written for
      // the compiler, which this project does not use.
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js'],
    },
  },
  // Small pieces: a function a reader holds in mind at once. Blank lines and comments do not count. Migrations and
  // the demo seed write data out at length on purpose, and a test file's describe block holds its cases.
  {
    files: ['**/*.{ts,tsx}'],
    ignores: ['server/db/migrations/**', 'server/seed/**', '**/*.test.{ts,tsx}'],
    rules: { 'max-lines-per-function': ['error', { max: 100, skipBlankLines: true, skipComments: true, IIFEs: true }] },
  },
  // Every test lives under tests/, in a folder named after what it tests: vitest looks nowhere else, so a test
  // written beside its code would silently never run.
  {
    files: ['{engine,blocks,machines,server,scripts,schemas,regions}/**/*.{test,spec}.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'Program', message: 'Tests live under tests/ (e.g. tests/machines/, tests/blocks/<type>/): vitest runs nothing elsewhere.' },
      ],
    },
  },
  // Tests reach into loosely typed responses and hostile inputs on purpose.
  { files: ['tests/**', '**/*.test.{ts,tsx}'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
  // The layers, lowest first.
  // Everything below runs in the browser (and on the server), so none of it may import a Node built-in — except
  // engine/region-files, the loader that reads a regions folder from disk.
  { files: ['machines/**/*.ts'], ignores: ['machines/testing/**'], rules: layer([noReact, noBlocks, noEngine, noApp, noServer, noNode]) },
  {
    files: ['engine/**/*.{ts,tsx}'],
    ignores: ['engine/react/**', 'engine/app/**', 'engine/region-files/**'],
    rules: layer([noReact, noBlocks, noEngineReact, noApp, noServer, noNode]),
  },
  { files: ['engine/region-files/**/*.ts'], rules: layer([noReact, noBlocks, noEngineReact, noApp, noServer]) },
  { files: ['engine/react/**/*.{ts,tsx}'], rules: layer([noBlocks, noApp, noServer, noNode]) },
  { files: ['engine/app/**/*.{ts,tsx}'], rules: layer([noServer, noNode]) },
  { files: ['blocks/**/*.{ts,tsx}'], rules: layer([noApp, noServer, noNode]) },
  {
    files: ['server/**/*.ts'],
    // The server reads the block catalogue (blocks/index.ts: types, lead pictures, chunk modules for the first view),
    // never a block's own code.
    rules: layer([
      noReact,
      { group: ['**/blocks/*/**'], message: "The server reads only the block catalogue (blocks/index.ts), not a block's code." },
      noEngineReact,
      { group: ['**/engine/app/**'], message: 'The server does not import the browser app.' },
    ]),
  },
);
