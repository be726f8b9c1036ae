// Lint: strict TypeScript, React hooks, zero warnings, and the architecture rule that the UI (src/)
// never reaches the network or opens the database: that is the data worker's job.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { builtinRules } from 'eslint/use-at-your-own-risk';

const forbiddenInUi = [
  { name: 'rxdb', message: 'A UI não abre o banco: use o worker de dados (src/lib/data-client.ts).' },
  { name: 'dexie', message: 'A UI não abre o banco: use o worker de dados (src/lib/data-client.ts).' },
  { name: 'y-indexeddb', message: 'Rascunhos persistentes vivem no worker de dados.' },
];
const forbiddenPatternsInUi = [
  { group: ['rxdb/*'], message: 'A UI não abre o banco: use o worker de dados.' },
  { group: ['@supabase/*'], message: 'A UI nunca fala com a rede: use o worker de dados.' },
];
const networkGlobals = ['fetch', 'WebSocket', 'XMLHttpRequest', 'EventSource'].map((name) => ({
  name,
  message: 'A UI nunca fala com a rede: peça ao worker de dados.',
}));
const networkProperties = ['window', 'self', 'globalThis'].flatMap((object) =>
  ['fetch', 'WebSocket', 'XMLHttpRequest', 'EventSource'].map((property) => ({
    object,
    property,
    message: 'A UI nunca fala com a rede: peça ao worker de dados.',
  })),
);

// Test-only entry of the sync engine (a separate block; the import zones are configured elsewhere).
// workers/sync/testing.ts hands tests the engine's internals (replications, pending ids, clock offset), which
// the engine registers in workers/sync/internals.ts. Production code (workers/, src/) imports neither: only
// the engine writes the registry and only the test entry reads it. The core rule runs here under its own
// name, so that blocks configuring no-restricted-imports for the same files neither replace it nor lose theirs.
const testOnly = { rules: { 'no-restricted-imports': builtinRules.get('no-restricted-imports') } };
const testEntryMessage = 'workers/sync/testing.ts é só para testes: o código de produção usa a interface SyncEngine.';
const internalsMessage =
  'workers/sync/internals.ts é lido só por workers/sync/testing.ts e escrito só pelo motor de sincronização.';
const testOnlyImports = (patterns) => ({
  plugins: { 'test-only': testOnly },
  rules: { 'test-only/no-restricted-imports': ['error', { patterns }] },
});
const testOnlyBlocks = [
  {
    files: ['workers/**/*.ts', 'src/**/*.{ts,tsx}'],
    ...testOnlyImports([
      { regex: '/sync/testing(\\.ts)?$', message: testEntryMessage },
      { regex: '/sync/internals(\\.ts)?$', message: internalsMessage },
    ]),
  },
  {
    files: ['workers/sync/*.ts'],
    ...testOnlyImports([
      { regex: '^(\\./|.*/sync/)testing(\\.ts)?$', message: testEntryMessage },
      { regex: '^(\\./|.*/sync/)internals(\\.ts)?$', message: internalsMessage },
    ]),
  },
  {
    files: ['workers/sync/engine.ts'],
    ...testOnlyImports([{ regex: '^(\\./|.*/sync/)testing(\\.ts)?$', message: testEntryMessage }]),
  },
  { files: ['workers/sync/testing.ts'], rules: { 'test-only/no-restricted-imports': 'off' } },
];

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dev-dist',
      'node_modules',
      '.data',
      'coverage',
      'test-results',
      'playwright-report',
      'src/routeTree.gen.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/only-throw-error': [
        'error',
        { allow: [{ from: 'package', package: '@tanstack/router-core', name: 'Redirect' }] },
      ],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': 'off',
      '@typescript-eslint/no-restricted-imports': ['error', { paths: forbiddenInUi, patterns: forbiddenPatternsInUi }],
      'no-restricted-globals': ['error', ...networkGlobals],
      'no-restricted-properties': ['error', ...networkProperties],
    },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  ...testOnlyBlocks,
);
