// Lint: typescript-eslint's recommended rules, React hooks rules for the web app, and the
// dependency direction of ARCHITECTURE.md (web → domain; api → domain, geo, scoring;
// geo/scoring → domain; never the reverse; web features do not import each other's internals).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
const group = (group, message) => ({ group, message });
const regex = (expression, message) => ({ regex: expression, message });

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'var/**', 'test-results/**', 'playwright-report/**', 'data/**', '**/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
    },
  },
  {
    files: ['packages/domain/**/*.ts'],
    rules: restrict([
      group(['@riskatlas/geo', '@riskatlas/scoring', '@riskatlas/api', '@riskatlas/web', '**/apps/**'], 'packages/domain depends on nothing of ours.'),
      group(['node:*', 'fs', 'path', 'react', 'react-dom', 'drizzle-orm*', 'fastify*', 'pg', '@electric-sql/*'], 'packages/domain runs in the browser and in Node: no I/O, no React, no DB.'),
    ]),
  },
  {
    files: ['packages/geo/**/*.ts', 'packages/scoring/**/*.ts'],
    rules: restrict([
      group(['@riskatlas/api', '@riskatlas/web', '**/apps/**'], 'geo and scoring depend only on domain.'),
      group(['react', 'react-dom', 'fastify*'], 'geo and scoring are plain libraries.'),
    ]),
  },
  {
    files: ['packages/scoring/src/**/*.ts'],
    rules: restrict([
      group(['@riskatlas/api', '@riskatlas/web', '**/apps/**'], 'geo and scoring depend only on domain.'),
      group(['react', 'react-dom', 'fastify*'], 'geo and scoring are plain libraries.'),
      group(['@riskatlas/geo'], 'The scoring engine knows no boundaries: the API resolves a ScoringLocation with @riskatlas/geo and hands it over (only the pack build may use the gazetteer).'),
    ]),
  },
  {
    files: ['apps/api/**/*.ts'],
    rules: restrict([group(['@riskatlas/web', '**/apps/web/**', 'react', 'react-dom'], 'The API never imports the web app.')]),
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...restrict([
        group(['@riskatlas/api', '@riskatlas/geo', '@riskatlas/scoring', '**/apps/api/**', 'node:*'], 'The web app talks to the API over HTTP and imports only @riskatlas/domain.'),
      ]),
    },
  },
  {
    files: ['apps/web/src/features/*/*.{ts,tsx}'],
    rules: restrict([
      group(['@riskatlas/api', '@riskatlas/geo', '@riskatlas/scoring', 'node:*'], 'The web app imports only @riskatlas/domain.'),
      regex('^\\.\\./(?!\\.\\.)[^/]+/', 'A feature may not import another feature\'s internals; move shared code to src/lib or src/components.'),
    ]),
  },
  {
    files: ['apps/web/src/features/*/*/*.{ts,tsx}'],
    rules: restrict([
      group(['@riskatlas/api', '@riskatlas/geo', '@riskatlas/scoring', 'node:*'], 'The web app imports only @riskatlas/domain.'),
      regex('^\\.\\./\\.\\./(?!\\.\\.)[^/]+/', 'A feature may not import another feature\'s internals; move shared code to src/lib or src/components.'),
    ]),
  },
);
