// @ts-check
import js from '@eslint/js';
import checkFile from 'eslint-plugin-check-file';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The house's boundaries (docs/architecture.md "Layers"), enforced on every import, static or dynamic:
 * client and server never import each other; shared/ imports only shared/; content/ imports only
 * content/ and shared/; client features never import each other; ui/ and lib/ never import a feature.
 */
const clientFeatures = ['landing', 'presell', 'checkout', 'members', 'guarantee', 'reviews', 'admin', 'consent'];

const purityZones = [
  {
    target: './src/shared',
    from: ['./src/client', './src/server', './src/content'],
    message: 'shared/ imports nothing of ours but shared/ (pass data in instead).',
  },
  { target: './src/content', from: ['./src/client', './src/server'], message: 'content/ imports only content/ and shared/.' },
];

/**
 * The server's layers (docs/architecture.md "The server"): infrastructure (config, db, the gateway
 * client, HTTP plumbing, shared helpers, mail, the outbox) imports no feature; orders/ is the core
 * and imports none of its consumers, which subscribe to its events in compose.ts; a feature never
 * imports the edges that call it (routes, jobs, the CLI, the composition root). tests/unit's
 * server-boundaries test proves the folders have no import loop.
 */
const server = (folder) => `./src/server/${folder}`;
const serverInfrastructure = ['config', 'db', 'gateway', 'http', 'lib', 'mail', 'outbox'];
const serverFeatures = [
  'access',
  'admin',
  'conversions',
  'duplicates',
  'funnel',
  'live',
  'outgoing-webhooks',
  'pix-emails',
  'privacy',
  'refunds',
  'reviews',
  'suppliers',
  'whatsapp',
];
const serverEdges = [...['routes', 'jobs', 'cli'].map(server), ...['app.ts', 'compose.ts', 'main.ts'].map(server)];

const serverZones = [
  {
    target: server('orders'),
    from: [...serverFeatures.map(server), ...serverEdges],
    message:
      'orders/ is the core: it publishes order events (orders/order-events.ts) and imports none of its consumers; they subscribe in compose.ts.',
  },
  {
    target: serverInfrastructure.map(server),
    from: [server('orders'), ...serverFeatures.map(server), ...serverEdges],
    message: 'config/, db/, gateway/, http/, lib/, mail/ and outbox/ import no feature: pass in what they need.',
  },
  {
    target: server('routes'),
    from: './src/server/**/*-repository.ts',
    message: 'Routes call services, never a repository: the service owns the rules around its writes.',
  },
  {
    target: serverFeatures.map(server),
    from: serverEdges,
    message: 'A feature never imports the routes, jobs, command-line tools or composition root that call it.',
  },
];

const zones = [
  { target: './src/client', from: './src/server', message: 'The client never imports server code.' },
  { target: './src/server', from: './src/client', message: 'The server never imports client code.' },
  ...purityZones,
  ...clientFeatures.map((feature) => ({
    target: `./src/client/${feature}`,
    from: clientFeatures.filter((other) => other !== feature).map((other) => `./src/client/${other}`),
    message: 'Client features never import each other: share through ui/ or lib/.',
  })),
  {
    target: ['./src/client/ui', './src/client/lib'],
    from: [...clientFeatures.map((feature) => `./src/client/${feature}`), './src/client/pages'],
    message: 'ui/ and lib/ never import a feature.',
  },
  ...serverZones,
];

/** No Node built-ins where the code also runs in a browser or must stay platform-free. */
const noNodeImports = {
  'no-restricted-imports': [
    'error',
    { patterns: [{ group: ['node:*'], message: 'No Node built-ins here (client, shared/ or content/).' }] },
  ],
};

export default tseslint.config(
  {
    ignores: ['dist/', 'node_modules/', '.test-output/', 'test-results/', 'playwright-report/', 'bench/results/', 'data/', 'public/'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    plugins: { 'import-x': importX, 'check-file': checkFile },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'check-file/filename-naming-convention': [
        'error',
        // Migrations start with their number (0001-funnel.ts), which plain KEBAB_CASE refuses.
        { '**/!(migrations)/*.{ts,tsx,js,cjs,mjs}': 'KEBAB_CASE', 'src/server/db/migrations/*.ts': '[0-9][0-9][0-9][0-9]-+([a-z0-9-])' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { 'src/**/': 'KEBAB_CASE' }],
      // Async functions that await nothing satisfy promise-returning interfaces (Kysely's migration provider, lazy islands, stand-ins).
      '@typescript-eslint/require-await': 'off',
      // Our interfaces declare plain closures with method syntax (contexts, stand-ins); no class method is ever detached.
      '@typescript-eslint/unbound-method': 'off',
      // An async handler on a JSX attribute or a server callback is the idiom; its rejections are handled inside.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      // tsc's noUnusedLocals/noUnusedParameters already report these; `_`-prefixed names are deliberate.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Our effects set state from what is known only after hydration (storage, runtime config) or when polling starts.
      'react-hooks/set-state-in-effect': 'off',
      ...jsxA11y.flatConfigs.recommended.rules,
      ...noNodeImports,
    },
  },
  {
    files: ['src/shared/**/*.ts', 'src/content/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      ...noNodeImports,
      'no-restricted-globals': [
        'error',
        { name: 'process', message: 'shared/ and content/ read no env: config is parsed in src/server/config/config.ts.' },
        { name: 'window', message: 'shared/ and content/ run on both sides: no DOM.' },
        { name: 'document', message: 'shared/ and content/ run on both sides: no DOM.' },
      ],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'tests/**/*.ts'],
    rules: {
      // A test beside shared/ code may feed it real content (the zones keep production code pure).
      'import-x/no-restricted-paths': ['error', { zones: zones.filter((zone) => !purityZones.includes(zone)) }],
      // Tests run in Node, whatever folder they sit in.
      'no-restricted-imports': 'off',
      // Tests read JSON replies and rows as they come and compare them with expect.any(...), which is typed any.
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
    },
  },
  {
    files: ['tests/e2e/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          'ObjectPattern > Property[key.name="request"]',
          'CallExpression > MemberExpression.callee > MemberExpression.object[property.name="request"]',
        ].map((selector) => ({
          selector,
          message:
            "Call the server with the `api` fixture or contextApi (tests/e2e/fixtures.ts): Playwright's request client reuses idle connections past the server's keep-alive timeout.",
        })),
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.cjs', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
