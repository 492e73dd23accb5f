import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { featureBoundaries } from './tools/eslint-feature-boundaries.js';
import { fileSize } from './tools/eslint-file-size.js';

const FETCH_MESSAGE =
  'Call the API through lib/api-client.ts (a client, or downloadBytes for a signed link), not fetch.';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.data/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { local: { rules: { 'feature-boundaries': featureBoundaries } } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
      'local/feature-boundaries': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // the router is chosen in one place: pages use what lib/router re-exports
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/router.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'react-router', message: "Import from lib/router, the app's one routing module." }] },
      ],
    },
  },
  {
    // Every request goes through the one client (lib/api-client.ts): its time limit, offline wait,
    // token and errors. The service worker, which fetches the page being loaded, is the one other.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/api-client.ts', 'apps/web/src/sw/**'],
    rules: {
      'no-restricted-globals': ['error', { name: 'fetch', message: FETCH_MESSAGE }],
      'no-restricted-properties': [
        'error',
        ...['window', 'globalThis', 'self'].map((object) => ({ object, property: 'fetch', message: FETCH_MESSAGE })),
      ],
    },
  },
  {
    // Every API reply is parsed with its contracts schema (lib/api-client takes it): no cast says
    // what a reply is instead (`as const` stays allowed).
    files: ['apps/web/src/features/*/api/**/*.ts', 'apps/web/src/lib/api-client.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'TSAsExpression:not([typeAnnotation.typeName.name="const"]), TSTypeAssertion',
          message: 'Parse an API reply with its contracts schema instead of casting it.',
        },
      ],
    },
  },
  {
    // Sections of the applicant record and the record the web reads are typed by their contracts
    // (packages/contracts/src/sections.ts, user-details-schema.ts): no cast says what one is instead
    // (`as const` stays allowed). Reply fetchers are held by the rule above.
    files: [
      'apps/web/src/features/**/*.{ts,tsx}',
      'apps/web/src/lib/**/*.{ts,tsx}',
      'apps/api/src/modules/**/*.ts',
      'apps/api/src/records/**/*.ts',
    ],
    ignores: ['apps/web/src/features/*/api/**', 'apps/web/src/lib/api-client.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            ':matches(TSAsExpression:not([typeAnnotation.typeName.name="const"]), TSTypeAssertion):has(:matches(MemberExpression[property.name=/_obj$/], MemberExpression[property.name="data"]:not([object.name="event"]), Literal[value=/_obj$/], Identifier[name=/^(details|sections|stored|record|callback|section)$/]))',
          message:
            "A reply's data and a section of the record have their contract types (the call's schema, Sections, PrivateSectionTypes): read them without a cast, or parse them with their schema.",
        },
        {
          // a private section is typed by the module that writes it (PrivateSectionTypes in
          // records/section-codec.ts): a type argument would assert another type instead
          selector:
            'CallExpression[typeArguments]:matches([callee.name=/^(section|read)$/], [callee.property.name=/^(section|getSection)$/])',
          message:
            'Read a section by its name alone: its type is the one its module declared (PrivateSectionTypes), not a type argument.',
        },
      ],
    },
  },
  {
    // A contracts rule gives a catalogue message with its key (said/saying in said.ts), never MSG's
    // bare English: the web translates it and the API names a 400's code by that key, with nothing
    // mapping English back to a key. (test/said.test.ts also sweeps the schemas for catalogue texts
    // without their key, a literal copy of the English included.)
    files: ['packages/contracts/src/**/*.ts'],
    ignores: ['packages/contracts/src/messages.ts', 'packages/contracts/src/said.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Identifier[name="MSG"]',
          message:
            "Give a catalogue message by its key: said('key') for an issue, saying('key') for a schema or check.",
        },
      ],
    },
  },
  {
    files: [
      'apps/api/src/server.ts',
      'apps/api/src/cli/**',
      'apps/api/test/**',
      'apps/web/scripts/**',
      'bench/**',
      'e2e/**',
      '**/*.config.ts',
    ],
    rules: { 'no-console': 'off' },
  },
  fileSize,
);
