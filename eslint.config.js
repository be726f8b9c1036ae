// Lint: strict TypeScript, React hooks, zero warnings, and the architecture: the UI (src/) never reaches the
// network or opens the database (that is the data worker's job), and import zones keep each layer in its place.
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
// A link to another device is the one network object the page must hold (browsers offer it only there): it lives
// in src/lib/peer-relay.ts, which only carries bytes to the worker; nowhere else in src.
const peerGlobals = ['RTCPeerConnection', 'RTCDataChannel'].map((name) => ({
  name,
  message: 'Só src/lib/peer-relay.ts abre conexões com outros aparelhos; o resto da UI pede ao worker de dados.',
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

// Import zones, written as patterns over the import specifier (relative paths, as the tree writes them).
const workerInternals = {
  regex: '(^|/)workers/(?!api\\.ts$|contract/|[^/]+/([a-z0-9]+-)*schema\\.ts$)',
  message:
    'A UI não importa o interior do worker: só workers/api.ts (tipos), workers/contract/* e os schemas de entrada workers/<domínio>/schema.ts (ou <área>-schema.ts).',
};
const workerApiValues = {
  regex: '(^|/)workers/api\\.ts$',
  allowTypeImports: true,
  message: 'De workers/api.ts a UI importa só tipos (import type): o código do worker roda no worker.',
};
const featuresFromBelow = {
  regex: '(^|/)features(/|$)',
  message: 'src/ui e src/lib não importam src/features: o que precisa de dados de um domínio vive na feature dele.',
};
/**
 * From a file `depth` folders below its feature's root (0 for src/features/<a>/x.ts, 1 for …/<a>/components/X.tsx),
 * `../` repeated depth + 1 times leaves the feature: what follows may only be another feature's index.ts.
 */
const otherFeatureInternals = (depth) => ({
  regex: `^(\\.\\./){${depth + 1}}(?!\\.\\.?/)[^/]+/(?!index\\.ts$)`,
  message: 'Uma feature usa outra só pela entrada pública dela: src/features/<outra>/index.ts.',
});
const FEATURE_DEPTHS = [0, 1, 2, 3, 4];
const uiImportRule = (...zones) => [
  'error',
  { paths: forbiddenInUi, patterns: [...forbiddenPatternsInUi, workerInternals, workerApiValues, ...zones] },
];
const contractAlone = {
  regex: '^\\.\\./(?!\\.\\./schemas/)',
  message: 'workers/contract fica sozinho: não importa outros módulos do worker (só ./, pacotes e schemas/).',
};
const inputSchemaDependencies = {
  regex: '^(?!valibot$|\\.\\./contract/|\\.\\./\\.\\./schemas/)',
  message:
    'Um schema de entrada (workers/<domínio>/schema.ts) importa só valibot, workers/contract/* e schemas/: os formulários o importam também.',
};

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
      '@typescript-eslint/no-restricted-imports': uiImportRule(),
      '@typescript-eslint/no-import-type-side-effects': 'error',
      'no-restricted-globals': ['error', ...networkGlobals, ...peerGlobals],
      'no-restricted-properties': ['error', ...networkProperties],
    },
  },
  {
    files: ['src/lib/peer-relay.ts'],
    rules: { 'no-restricted-globals': ['error', ...networkGlobals] },
  },
  {
    files: ['src/ui/**/*.{ts,tsx}', 'src/lib/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-restricted-imports': uiImportRule(featuresFromBelow) },
  },
  ...FEATURE_DEPTHS.map((depth) => ({
    files: [`src/features/*/${'*/'.repeat(depth)}*.{ts,tsx}`],
    rules: { '@typescript-eslint/no-restricted-imports': uiImportRule(otherFeatureInternals(depth)) },
  })),
  {
    files: ['workers/contract/**/*.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [contractAlone] }] },
  },
  {
    files: ['workers/*/schema.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [inputSchemaDependencies] }] },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  ...testOnlyBlocks,
);
