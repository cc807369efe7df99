// @ts-check
import fs from 'node:fs';
import path from 'node:path';
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
 * The feature lists are read from the tree at every run: a new folder under src/client or src/server is
 * a feature, held to the features' rules, until it is named in another layer here.
 */
const SRC_LAYERS = ['client', 'content', 'server', 'shared'];
const clientCommon = ['ui', 'lib', 'pages'];
/**
 * The server's layers (docs/architecture.md "The server"): infrastructure imports no feature; the core
 * (the order and the jobs on it: orders/, checkout/, payment/, open-finance/, purchase/, reads/, links/) imports none of its consumers, which subscribe to its events
 * in subscribers.ts; a feature never imports the edges that call it (routes, jobs, the CLI, the files of
 * the composition root).
 */
const serverInfrastructure = ['config', 'db', 'gateway', 'http', 'lib', 'mail', 'outbox'];
const serverCore = ['orders', 'purchase', 'payment', 'checkout', 'open-finance', 'links', 'reads'];
const serverEdgeFolders = ['routes', 'jobs', 'cli'];
/** The features the seller's console may use (docs/architecture.md "The console"). */
const adminUses = ['access', 'funnel', 'live', 'privacy', 'refunds', 'reviews', 'whatsapp'];
/** Consumers that only deliver: the console reads their outbox kind names from this file, to list their failing deliveries. */
const adminReadsKindNames = {
  conversions: 'conversions-events.ts',
  'outgoing-webhooks': 'outgoing-webhooks-events.ts',
};

/** The folders (and the server's root files) the layers are derived from. */
export function readTree(root) {
  const entries = (dir) => fs.readdirSync(path.join(root, dir), { withFileTypes: true });
  const folders = (dir) =>
    entries(dir)
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
  return {
    src: folders('src'),
    client: folders('src/client'),
    server: folders('src/server'),
    serverFiles: entries('src/server')
      .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
      .map((entry) => entry.name)
      .sort(),
  };
}

/** Every folder's layer; throws, naming the folder, on one no layer covers or a layer naming a folder that is gone. */
export function deriveLayers(tree) {
  const named = [...serverInfrastructure, ...serverCore, ...serverEdgeFolders, ...adminUses, ...Object.keys(adminReadsKindNames)];
  const problems = [
    ...tree.src
      .filter((folder) => !SRC_LAYERS.includes(folder))
      .map((folder) => `src/${folder} is in no lint zone: make it part of a layer`),
    ...SRC_LAYERS.filter((folder) => !tree.src.includes(folder)).map(
      (folder) => `src/${folder} is named by a lint zone but does not exist`,
    ),
    ...named
      .filter((folder) => !tree.server.includes(folder))
      .map((folder) => `src/server/${folder} is named by a lint zone but does not exist`),
    ...clientCommon
      .filter((folder) => !tree.client.includes(folder))
      .map((folder) => `src/client/${folder} is named by a lint zone but does not exist`),
  ];
  if (problems.length > 0) throw new Error(`eslint.config.js:\n  ${problems.join('\n  ')}`);
  const layered = [...serverInfrastructure, ...serverCore, ...serverEdgeFolders];
  return {
    clientFeatures: tree.client.filter((folder) => !clientCommon.includes(folder)),
    serverFeatures: tree.server.filter((folder) => !layered.includes(folder)),
    serverEdges: [...serverEdgeFolders, ...tree.serverFiles],
  };
}

const tree = readTree(import.meta.dirname);
const { clientFeatures, serverFeatures, serverEdges: serverEdgeNames } = deriveLayers(tree);

const purityZones = [
  {
    target: './src/shared',
    from: ['./src/client', './src/server', './src/content'],
    message: 'shared/ imports nothing of ours but shared/ (pass data in instead).',
  },
  { target: './src/content', from: ['./src/client', './src/server'], message: 'content/ imports only content/ and shared/.' },
];

const server = (folder) => `./src/server/${folder}`;
const serverEdges = serverEdgeNames.map(server);

const serverZones = [
  {
    target: serverCore.map(server),
    from: [...serverFeatures.map(server), ...serverEdges],
    message:
      'The core (orders/, checkout/, payment/, open-finance/, purchase/, reads/, links/) publishes order events (orders/order-events.ts) and imports none of its consumers; they subscribe in subscribers.ts.',
  },
  {
    target: serverInfrastructure.map(server),
    from: [...serverCore.map(server), ...serverFeatures.map(server), ...serverEdges],
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
  {
    target: server('admin'),
    from: serverFeatures
      .filter((feature) => feature !== 'admin' && !adminUses.includes(feature) && !(feature in adminReadsKindNames))
      .map(server),
    message: `The console (admin/) uses the core, the infrastructure and ${adminUses.join(', ')} only (docs/architecture.md "The console").`,
  },
  ...Object.entries(adminReadsKindNames).map(([feature, file]) => ({
    target: server('admin'),
    from: server(feature),
    except: [`./${file}`],
    message: `The console reads only ${feature}/'s outbox kind names (${file}) (docs/architecture.md "The console").`,
  })),
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

/**
 * A server folder never imports another folder's repository (docs/architecture.md "The server"): the queries in a
 * `*-repository.ts` are its folder's own, and what other folders may call is in the folder's other modules, its public
 * face (`orders/order-lookup.ts`, `purchase/purchase-service.ts`, `outbox/outbox-queue.ts`…). Written with
 * no-restricted-imports rather than a zone above because a type-only import stays allowed: `import type { OrderRow }`
 * names the shape of a row the public face hands out, carries no query and leaves nothing in the built code, and
 * moving each row type away from the query that selects it would split the two. The orders table's repositories are
 * the core's: orders/ keeps the table and its queries, and the core's jobs on it (checkout/, payment/) call them.
 */
export function otherRepositories(folder) {
  const own = serverCore.includes(folder) && folder !== 'orders' ? `(?:${folder}|orders)` : folder;
  return {
    regex: `^(\\.\\./)+(?!${own}/)[a-z0-9-]+/([a-z0-9-]+/)*[a-z0-9-]+-repository\\.ts$`,
    allowTypeImports: true,
    message: `${folder}/ may not import another folder's repository: call that folder's public module (its service, lookup or queue), or import only a row's type with \`import type\`.`,
  };
}
const repositoryZones = tree.server.map((folder) => ({
  files: [`src/server/${folder}/**/*.ts`],
  ignores: ['**/*.test.ts'],
  rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [otherRepositories(folder)] }] },
}));

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
      // Without these the plugin parses only .js dependencies, so no-cycle walked no TypeScript file.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
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
  ...repositoryZones,
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
