// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

// The platform API is touched in exactly one package. Everything else goes through
// @warrant/webmcp, so a browser change is mended in one place.
const forbidPlatformApi = [
  'error',
  {
    selector: 'Identifier[name=/modelContext/i]',
    message: 'Only packages/webmcp may touch modelContext; use @warrant/webmcp.',
  },
  {
    selector: 'Literal[value=/modelContext/i]',
    message: 'Only packages/webmcp may touch modelContext; use @warrant/webmcp.',
  },
  {
    selector: 'TemplateElement[value.raw=/modelContext/i]',
    message: 'Only packages/webmcp may touch modelContext; use @warrant/webmcp.',
  },
];

// Dependencies point one way: base ← config ← webmcp ← surface ← broker ← ui, partner-kit ← apps,
// with authority and ledger on base alone (a digest or a record needs no page, no polyfill). Each
// package names what it may import; an app imports packages, never another app; nothing under
// packages/ imports an app.
const LAYERS = {
  // The answer shape, the record's vocabularies, the free-text rule: imports nothing of ours.
  base: [],
  config: ['base'],
  // A site's own server: Hono, storage engines, live updates, and a site's signed, hash-chained
  // record kept in its database (the ledger's chain and tree, on a table). Knows no app and no
  // browser code.
  'site-server': ['base', 'config', 'ledger'],
  webmcp: ['base', 'config'],
  surface: ['base', 'config', 'webmcp'],
  authority: ['base'],
  ledger: ['base'],
  broker: ['base', 'config', 'webmcp', 'surface', 'authority', 'ledger'],
  ui: ['base', 'config', 'webmcp', 'surface', 'authority', 'ledger', 'broker'],
  react: ['base', 'config', 'webmcp', 'surface'],
  // Who is a person at a site: passkeys, sessions, one-time links. Server-side only.
  people: ['base', 'authority', 'site-server'],
  // A site's API as data and its two halves: the page's caller (base only) and the server's
  // (Hono, the site-server kit, the schema check). Apps declare their routes with it.
  'site-api': ['base', 'config', 'webmcp', 'surface', 'site-server'],
  'partner-kit': [
    'base',
    'config',
    'webmcp',
    'surface',
    'authority',
    'ledger',
    'broker',
    'ui',
    'site-server',
    'people',
  ],
};
const PACKAGES = Object.keys(LAYERS);

function importRule(allowed) {
  const forbidden = PACKAGES.filter((name) => !allowed.includes(name));
  return [
    'error',
    {
      patterns: [
        ...(forbidden.length > 0
          ? [
              {
                group: forbidden.flatMap((name) => [`@warrant/${name}`, `@warrant/${name}/*`]),
                message: 'This import points up the layers (see LAYERS in eslint.config.js).',
              },
            ]
          : []),
        {
          group: ['**/apps/**', '@warrant/desk', '@warrant/bench', '@warrant/board'],
          message: 'Packages never import an app.',
        },
      ],
    },
  ];
}

const layerBlocks = PACKAGES.map((name) => ({
  files: [`packages/${name}/**/*.{ts,tsx}`],
  rules: { 'no-restricted-imports': importRule(LAYERS[name]) },
}));

const OUTSIDE_THE_APP = 'An app imports packages by name, never another app or a file outside its folder.';

const appBlock = {
  files: ['apps/*/src/**/*.{ts,tsx}'],
  rules: {
    'no-restricted-imports': ['error', { patterns: [{ group: ['../../*', '../../../*'], message: OUTSIDE_THE_APP }] }],
  },
};

// The desk is two programs over one contract: its page (apps/desk/src/page) and its server
// (apps/desk/src/server, src/server.ts), which meet only in what both import, the API declared in
// src/api and the rules in src/domain. Neither imports the other; the contract and the rules import
// neither. (A test may hold both together, and so may src/testing, which builds pages over a server.)
const NOT_THE_SERVER = {
  group: ['**/server/**', '**/server.ts'],
  message: "The desk's page reaches its server only through the API (src/api), never by importing it.",
};
const NOT_THE_PAGE = {
  group: ['**/page/**'],
  message: "The desk's server does not import its page: what both need is in src/api or src/domain.",
};
const deskBlocks = [
  { files: ['apps/desk/src/page/*.{ts,tsx}'], depth: ['../../*', '../../../*'], not: [NOT_THE_SERVER] },
  // One folder further down, the app's folder is one more step up.
  { files: ['apps/desk/src/page/*/**/*.{ts,tsx}'], depth: ['../../../*', '../../../../*'], not: [NOT_THE_SERVER] },
  {
    files: ['apps/desk/src/server/**/*.ts', 'apps/desk/src/server.ts'],
    depth: ['../../*', '../../../*'],
    not: [NOT_THE_PAGE],
  },
  {
    files: ['apps/desk/src/api/**/*.ts', 'apps/desk/src/domain/**/*.ts'],
    depth: ['../../*', '../../../*'],
    not: [
      {
        group: [...NOT_THE_PAGE.group, ...NOT_THE_SERVER.group],
        message: "The desk's API and its rules are what its page and server share: they import neither.",
      },
    ],
  },
].map(({ files, depth, not }) => ({
  files,
  ignores: ['**/*.test.ts'],
  rules: {
    'no-restricted-imports': ['error', { patterns: [{ group: depth, message: OUTSIDE_THE_APP }, ...not] }],
  },
}));
// A test of the page's folders may reach one step further up too (still inside the app's src).
const deskPageTestBlock = {
  files: ['apps/desk/src/page/*/**/*.test.ts'],
  rules: {
    'no-restricted-imports': [
      'error',
      { patterns: [{ group: ['../../../*', '../../../../*'], message: OUTSIDE_THE_APP }] },
    ],
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'playwright-report/**',
      'test-results/**',
      'test-results-cross-site/**',
      'bench/results.json',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': forbidPlatformApi,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['packages/webmcp/**/*.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  ...layerBlocks,
  appBlock,
  ...deskBlocks,
  deskPageTestBlock,
);
