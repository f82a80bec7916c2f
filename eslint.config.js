// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { serverZones } from './eslint/server-boundaries.js';

const SERVER_SRC = fileURLToPath(new URL('./apps/server/src', import.meta.url));

const WEB_FEATURES_DIR = new URL('./apps/web/src/features/', import.meta.url);

/** One folder per web feature, read from disk so a new feature is fenced in without editing this file. */
function webFeatureNames() {
  try {
    return readdirSync(WEB_FEATURES_DIR, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
}

/** Web features may not import each other; shared code may not import features or the app. */
const webFeatureZones = [
  ...webFeatureNames().map((feature) => ({
    target: `./apps/web/src/features/${feature}`,
    from: './apps/web/src/features',
    except: [`./${feature}`],
    message: 'Features must not import each other; move shared code to src/components or src/lib.',
  })),
  {
    target: './apps/web/src/features/*/**',
    from: './apps/web/src/app',
    message: 'Features must not import the app layer (shared → features → app).',
  },
  {
    target: ['./apps/web/src/components', './apps/web/src/lib', './apps/web/src/i18n'],
    from: ['./apps/web/src/features', './apps/web/src/app'],
    message: 'Shared code must not import features or the app (shared → features → app).',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
      'apps/server/drizzle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'import-x/no-cycle': 'off',
      'import-x/no-duplicates': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['packages/domain/**/*.ts'],
    rules: {
      // The domain package is pure: no I/O, and it never reaches into the apps.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'fs', 'path', 'http', 'https', 'net', 'child_process'],
              message: 'The domain package does no I/O.',
            },
            {
              group: ['**/apps/**', '@listloop/server', '@listloop/web'],
              message: 'The domain package must not import the apps.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@listloop/web', '**/apps/web/**'],
              message: 'The server must not import the web app.',
            },
          ],
        },
      ],
    },
  },
  {
    // The server's layers (decision 0037, eslint/server-boundaries.js). Tests are exempt: a
    // service test builds the repositories its service is given, whichever module owns them.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.testing.ts'],
    settings: {
      // The zones and the cycle check see only imports the plugin can resolve to a file, and
      // the cycle check follows only files it can parse.
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js', '.json'] })],
      'import-x/extensions': ['.ts', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: serverZones(SERVER_SRC) }],
      // Type-only imports are ignored: services are injected, so they import each other's types.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    settings: {
      // The zones below apply only to imports the plugin can resolve to a file.
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] }),
      ],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-restricted-paths': ['error', { zones: webFeatureZones }],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@listloop/server', '**/apps/server/**'],
              message: 'The web app talks to the server over HTTP only.',
            },
          ],
        },
      ],
    },
  },
  {
    // The browser extension: its pages and service worker run in Chromium with the chrome.* APIs.
    files: ['apps/extension/src/**/*.ts'],
    languageOptions: { globals: { ...globals.browser, ...globals.webextensions } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@listloop/server', '**/apps/server/**', '@listloop/web', '**/apps/web/**'],
              message: 'The extension talks to the server over HTTP only.',
            },
          ],
        },
      ],
    },
  },
  {
    // Tests read JSON answers of any shape.
    files: ['**/*.test.ts', '**/*.test.tsx', 'apps/server/test/**/*.ts', 'e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['scripts/**/*.mjs', 'e2e/**/*.ts', '**/bench/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
  {
    // Each worker drives its own server (decision 0054): the journeys' `test` knows which.
    files: ['e2e/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test'],
              message:
                "Import test from './support/test': it points each worker at its own server.",
            },
          ],
        },
      ],
    },
  },
);
