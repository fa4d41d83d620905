// Lint: typescript-eslint's recommended rules, React hooks rules for the web app, and the
// allowed dependency direction between our code, enforced on RESOLVED files (eslint-plugin-import-x's
// no-restricted-paths with the TypeScript resolver), so '../../api/src/app' or '@riskatlas/geo' are caught
// whatever the specifier looks like:
//   packages/ never import apps/; domain imports nothing of ours; geo and scoring import only domain
//   (scoring's build/ and validation/ may use geo, scoring/src may not); web imports only domain;
//   apps/api/src has levels app → features/<name> → access → platform → db, lib (tests exempt);
//   web lib/ and components/ never import features/; a feature reaches another feature only
//   through its index.ts; and no import cycles anywhere (import-x/no-cycle).
// Bare package names that are not ours (node:*, react, fastify…) are fenced with no-restricted-imports.
// tests: lint/architecture.test.ts lints one violating and one allowed snippet per rule.
import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

const root = import.meta.dirname;

const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
const group = (group, message) => ({ group, message });

// no-restricted-paths resolves `target` and `from` against basePath, but matches glob `except`
// entries against the absolute resolved path as they are: make them absolute.
const abs = (glob) => path.join(root, glob);
const subfolders = (dir) =>
  fs.existsSync(path.join(root, dir))
    ? fs.readdirSync(path.join(root, dir), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)
    : [];

const API = 'apps/api/src';
const WEB = 'apps/web/src';
// Files of an API level, test files excluded (tests may import any level).
const apiLevel = (level) => `${API}/${level}/**/!(*.test).ts`;

/** Rules 1–3: between packages and apps. */
const workspaceZones = [
  {
    target: 'packages/**',
    from: 'apps/**',
    message: 'packages/ are libraries: they never import apps/ (apps/api, apps/web).',
  },
  {
    target: 'packages/domain/**',
    from: ['packages/geo/**', 'packages/scoring/**'],
    message: 'packages/domain depends on nothing of ours: not @riskatlas/geo, not @riskatlas/scoring.',
  },
  {
    target: 'packages/geo/**',
    from: 'packages/scoring/**',
    message: 'geo and scoring depend only on @riskatlas/domain of ours: geo never imports scoring.',
  },
  {
    target: 'packages/scoring/src/**',
    from: 'packages/geo/**',
    message:
      'The scoring engine knows no boundaries: the API resolves a ScoringLocation with @riskatlas/geo and hands it over (only scoring build/ and validation/ may use geo).',
  },
  {
    target: 'apps/web/**',
    from: ['apps/api/**', 'packages/geo/**', 'packages/scoring/**'],
    message: 'The web app talks to the API over HTTP and imports only @riskatlas/domain of ours.',
  },
  {
    target: 'apps/api/**',
    from: 'apps/web/**',
    message: 'The API never imports the web app.',
  },
];

/** Rule 4: levels inside apps/api/src, each importing only levels below it. */
const apiFeatureIndex = abs(`${API}/features/*/index.ts`);
const apiZones = [
  {
    target: apiLevel('lib'),
    from: [`${API}/!(lib)/**`, 'packages/geo/**', 'packages/scoring/**'],
    message: 'API level: lib/ is the bottom level and imports nothing of ours but @riskatlas/domain.',
  },
  {
    target: apiLevel('db'),
    from: [`${API}/app/**`, `${API}/features/**`, `${API}/access/**`, `${API}/platform/**`, 'packages/geo/**', 'packages/scoring/**'],
    message: 'API level: db/ is a bottom level and imports only lib/ (and @riskatlas/domain).',
  },
  {
    target: apiLevel('platform'),
    from: [`${API}/app/**`, `${API}/features/**`, `${API}/access/**`],
    message: 'API level: platform/ imports only db/ and lib/ (not access/, features/ or app/).',
  },
  {
    target: apiLevel('access'),
    from: [`${API}/app/**`, `${API}/features/**`],
    message: 'API level: access/ imports only platform/, db/ and lib/ (not features/ or app/).',
  },
  {
    target: apiLevel('features'),
    from: `${API}/app/**`,
    message: 'API level: features/ never import app/ (the composition root imports them).',
  },
  {
    target: apiLevel('app'),
    from: `${API}/features/**`,
    except: [apiFeatureIndex],
    message: 'API level: app/ imports a feature only through its index.ts (features/<name>/index.ts).',
  },
  ...subfolders(`${API}/features`).map((name) => ({
    target: apiLevel(`features/${name}`),
    from: `${API}/features/!(${name})/**`,
    except: [apiFeatureIndex],
    message: `API features: features/${name} imports another feature only through its index.ts (features/<name>/index.ts).`,
  })),
];

/** Rule 5: web features. */
const webFeatureIndex = abs(`${WEB}/features/*/index.{ts,tsx}`);
const webZones = [
  {
    target: [`${WEB}/lib/**`, `${WEB}/components/**`],
    from: `${WEB}/features/**`,
    message: 'Web: src/lib and src/components are shared by features and never import src/features.',
  },
  ...subfolders(`${WEB}/features`).map((name) => ({
    target: `${WEB}/features/${name}/**`,
    from: `${WEB}/features/!(${name})/**`,
    except: [webFeatureIndex],
    message: `Web features: features/${name} imports another feature only through its index.ts; move shared code to src/lib or src/components.`,
  })),
];

const architectureZones = [...workspaceZones, ...apiZones, ...webZones];

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', 'var/**', 'test-results/**', 'playwright-report/**', 'data/**', '**/*.d.ts'],
  },
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
  // Architecture: every import of every file is resolved (TypeScript resolution, workspace packages
  // followed to their real path under packages/) and checked against the zones above.
  {
    files: ['**/*.{ts,tsx,mts,cts,js,mjs,cjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'],
      'import-x/external-module-folders': ['node_modules', 'node_modules/@types'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts', '.cts'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          alwaysTryTypes: true,
          noWarnOnMultipleProjects: true,
          project: [
            'packages/*/tsconfig.json',
            'apps/api/tsconfig.json',
            'apps/web/tsconfig.json',
            'tsconfig.tools.json',
          ].map(abs),
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: architectureZones }],
    },
  },
  {
    // No import cycles between our files (type-only imports do not count; node_modules is not walked).
    // Repo-wide it costs ~4 s of rule time; apps/api/src alone ~1.7 s.
    files: ['**/*.{ts,tsx,mts,cts}'],
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  // Package names that are not ours: matched by specifier (there is no file of ours to resolve).
  {
    files: ['packages/domain/**/*.ts'],
    rules: restrict([
      group(
        ['node:*', 'fs', 'path', 'react', 'react-dom', 'drizzle-orm*', 'fastify*', 'pg', '@electric-sql/*'],
        'packages/domain runs in the browser and in Node: no I/O, no React, no DB.',
      ),
    ]),
  },
  {
    files: ['packages/geo/**/*.ts', 'packages/scoring/**/*.ts'],
    rules: restrict([group(['react', 'react-dom', 'fastify*'], 'geo and scoring are plain libraries.')]),
  },
  {
    files: ['apps/api/**/*.ts'],
    rules: restrict([group(['react', 'react-dom'], 'The API never imports the web app (nor React).')]),
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...restrict([group(['node:*'], 'The web app runs in the browser: no node:* modules.')]),
    },
  },
);
