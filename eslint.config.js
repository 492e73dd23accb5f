import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { featureBoundaries } from './tools/eslint-feature-boundaries.js';
import { fileSize } from './tools/eslint-file-size.js';

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
