// Lint: strict TypeScript, React hooks, zero warnings, and the architecture rule that the UI (src/)
// never reaches the network or opens the database: that is the data worker's job.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

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

export default tseslint.config(
  { ignores: ['dist', 'dev-dist', 'node_modules', '.data', 'coverage', 'test-results', 'playwright-report', 'src/routeTree.gen.ts'] },
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
      '@typescript-eslint/only-throw-error': ['error', { allow: [{ from: 'package', package: '@tanstack/router-core', name: 'Redirect' }] }],
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
);
