// House rules a machine checks (docs/ARCHITECTURE.md, "Lint and format"). `npm run lint` runs this with a cache,
// then `prettier --check`; `npm test` runs it first.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';
import globals from 'globals';

/**
 * The layers of docs/ARCHITECTURE.md. A file belongs to the first descriptor whose pattern matches its path
 * (relative to this folder), so the contract (src/api/schema) comes before the rest of src/api.
 */
const elements = [
  { type: 'api-schema', pattern: 'src/api/schema' },
  { type: 'api', pattern: 'src/api' },
  { type: 'app', pattern: 'src/app' },
  { type: 'features', pattern: 'src/features/*', capture: ['feature'] },
  { type: 'components', pattern: 'src/components' },
  { type: 'lib', pattern: 'src/lib' },
  // What is left of src/ is its entry module, main.tsx, which mounts the app.
  { type: 'entry', pattern: 'src' },
  // The server's layers (docs/ARCHITECTURE.md "The server's layers"): routes -> domain -> storage, HTTP at the edge.
  { type: 'server-routes', pattern: 'server/routes' },
  { type: 'server-http', pattern: 'server/http' },
  { type: 'server-domain', pattern: 'server/domain' },
  { type: 'server-storage', pattern: 'server/storage' },
  // The rest: the app's assembly (app.ts, context.ts, main.ts, config.ts), media tools, the seed.
  { type: 'server', pattern: 'server' },
  { type: 'e2e', pattern: 'e2e' },
  { type: 'test', pattern: 'test' },
  { type: 'bench', pattern: 'bench' },
  { type: 'tooling', pattern: 'scripts' },
].map((element) => ({ ...element, partialMatch: false }));

/** Every layer of the server. */
const SERVER = ['server', 'server-routes', 'server-http', 'server-domain', 'server-storage'];

const is = (...types) => ({ element: { type: types } });
const to = (...types) => ({ to: is(...types) });

/** Who may import whom. Anything not listed is refused. */
const layerPolicies = [
  { from: is('app', 'entry'), allow: to('app', 'features', 'components', 'api', 'api-schema', 'lib') },
  // A feature uses the shared layers and itself, never another feature: what two features share moves down.
  { from: is('features'), allow: to('components', 'api', 'api-schema', 'lib') },
  {
    from: is('features'),
    allow: { to: { element: { type: 'features', captured: { feature: '{{ from.element.captured.feature }}' } } } },
  },
  { from: is('components'), allow: to('components', 'api', 'api-schema', 'lib') },
  { from: is('lib'), allow: to('lib', 'api', 'api-schema') },
  { from: is('api'), allow: to('api', 'api-schema') },
  // The contract is shared with the server: it depends on nothing of the app.
  { from: is('api-schema'), allow: to('api-schema') },
  // The server shares only the contract with the app, so the two cannot drift. Inside it, each layer imports only
  // those below it: a route uses the HTTP edge, the rules and the store; the rules (domain) know no HTTP, and
  // answer with domain errors the edge maps (domain/errors.ts, http/errors.ts); the store knows neither, but for
  // the types of the rules it implements (the notification bus).
  { from: is('server'), allow: to(...SERVER, 'api-schema') },
  { from: is('server-routes'), allow: to(...SERVER, 'api-schema') },
  { from: is('server-http'), allow: to('server-http', 'server-domain', 'server-storage', 'server', 'api-schema') },
  { from: is('server-domain'), allow: to('server-domain', 'server-storage', 'server', 'api-schema') },
  { from: is('server-storage'), allow: to('server-storage', 'api-schema') },
  { from: is('server-storage'), allow: { ...to('server-domain'), dependency: { kind: 'type' } } },
  // Tests, benchmarks and tooling drive every part from outside.
  {
    from: is('e2e', 'test', 'bench', 'tooling'),
    allow: to(
      'entry',
      'app',
      'features',
      'components',
      'api',
      'api-schema',
      'lib',
      ...SERVER,
      'e2e',
      'test',
      'bench',
      'tooling',
    ),
  },
];

/** UI packages the HTTP layer must not use (docs/ARCHITECTURE.md: `api/` imports no React). */
const reactPackages = [
  'react',
  'react-dom',
  'react-dom/*',
  'react-router',
  '@tanstack/react-query',
  '@tanstack/react-virtual',
];

export default defineConfig([
  globalIgnores(['dist/', 'data/', 'test-results/', 'playwright-report/', 'bench/results/', '.tmp/', 'node_modules/']),

  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      // Fastify tells a promise-style plugin or hook from a callback-style one by `async`, with or without an
      // `await` inside (FastifyPluginAsync); the tests' fakes of fetch return promises the same way.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // Tests read JSON bodies (typed `any`, as `Response.json()` gives them) and check them with assertions: the
    // assertion is the check the no-unsafe rules would ask for.
    files: ['test/**', 'e2e/**', '**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },

  // Browser code: React hooks rules, including the React Compiler's (refs written during render and the like).
  {
    files: ['src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat['recommended-latest'],
    languageOptions: { globals: globals.browser },
    rules: {
      ...reactHooks.configs.flat['recommended-latest'].rules,
      // Tells which components the React Compiler would leave unoptimized (TanStack Virtual's hooks); the build
      // does not use the compiler.
      'react-hooks/incompatible-library': 'off',
    },
  },
  {
    files: ['src/api/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: reactPackages,
              message: 'api/ is plain TypeScript: React belongs to components, features, app and lib hooks.',
            },
          ],
        },
      ],
    },
  },
  {
    files: [
      'server/**/*.ts',
      'test/**/*.ts',
      'e2e/**/*.ts',
      'bench/**/*.{ts,mjs}',
      'scripts/**/*.mjs',
      '*.config.{ts,js}',
    ],
    languageOptions: { globals: globals.node },
  },
  {
    // A route reads its query through the declaration the server checked and describes (server/http/validation.ts,
    // docs/decisions/161-declared-edges.md), never by hand.
    files: ['server/routes/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='request'][property.name='query']",
          message: 'read the query as the route declares it: queryOf(request, schema) (server/http/validation.ts)',
        },
      ],
    },
  },
  {
    // The benchmark's plain baseline page runs in the browser.
    files: ['bench/baselines/*.js'],
    languageOptions: { globals: globals.browser },
  },

  // Layers (docs/ARCHITECTURE.md): imports between the parts of the house (static, dynamic `import()` and re-exports).
  {
    files: ['{src,server,test,e2e,bench,scripts}/**/*.{ts,tsx,js,mjs}'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': elements,
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
    },
    rules: {
      'boundaries/dependencies': ['error', { default: 'disallow', policies: layerPolicies }],
      'boundaries/no-unknown-files': 'error',
    },
  },
  {
    // The server's tests, and the store contract they run (storage/*Contract.ts), drive its layers from outside.
    files: ['server/**/*.test.ts', 'server/storage/*Contract.ts'],
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: [...layerPolicies, { from: is(...SERVER), allow: to(...SERVER, 'api-schema') }],
        },
      ],
    },
  },

  // Plain JavaScript files are outside the TypeScript project: no type-aware rules there.
  { files: ['**/*.{js,mjs}'], ...tseslint.configs.disableTypeChecked },
]);
