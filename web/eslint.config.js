// ESLint for the web app (flat config). `npm run lint` runs it with --max-warnings 0.
// Type-aware typescript-eslint rules on the TypeScript that tsconfig.json covers; the plain
// JavaScript (e2e tests, scripts, this file) gets the untyped rules.
import { readdirSync } from 'node:fs'
import { posix } from 'node:path'
import js from '@eslint/js'
import { defineConfig } from 'eslint/config'
import prettier from 'eslint-config-prettier'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

// Each folder under src/features is one feature. A feature may import shared code (src/api,
// src/app, src/components, src/config, src/filters, src/lib, src/session) but not another feature:
// what two features need belongs in a shared folder. ESLint's own no-restricted-imports enforces
// it: every folder inside a feature gets the patterns that reach the other features from there
// (a specifier is matched as written, so the patterns are computed per folder). Not
// eslint-plugin-import-x: its resolver's platform packages are missing from the registry this
// project installs from, so `npm ci` refused its lock file (docs/decisions.md).
const FEATURES = 'src/features'
const featureEntries = (dir) => readdirSync(new URL(`./${dir}`, import.meta.url), { withFileTypes: true })
const features = featureEntries(FEATURES)
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
const foldersOf = (dir) => [
  dir,
  ...featureEntries(dir)
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => foldersOf(`${dir}/${entry.name}`)),
]
const escapeRegex = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const crossFeatureConfigs = features.flatMap((feature) =>
  foldersOf(`${FEATURES}/${feature}`).map((folder) => ({
    files: [`${folder}/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: features
            .filter((other) => other !== feature)
            .map((other) => ({
              regex: `^(${escapeRegex(posix.relative(folder, `${FEATURES}/${other}`))}|(\\.\\./)+features/${other})(/|$)`,
              message: `Features must not import from one another (${feature} → ${other}); move the shared piece to src/components, src/lib or another shared folder.`,
            })),
        },
      ],
    },
  })),
)

export default defineConfig(
  { ignores: ['dist/', 'node_modules/', 'screenshots/', 'test-results/', 'coverage/'] },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  ...crossFeatureConfigs,
  {
    files: ['src/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    files: ['src/**/*.tsx'],
    rules: {
      // A box that scrolls sideways (wide tables) is a labelled region keyboard users can focus and
      // scroll, as axe's scrollable-region-focusable asks; tabpanel is the plugin's default.
      'jsx-a11y/no-noninteractive-tabindex': [
        'error',
        { tags: [], roles: ['tabpanel', 'region'], allowExpressionValues: true },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['e2e/**/*.mjs', 'scripts/**/*.{ts,mjs}', '*.config.{js,ts}'],
    languageOptions: { globals: globals.node },
  },
  {
    // Browser tests pass functions to page.evaluate(), which run in the page.
    files: ['e2e/**/*.mjs'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    rules: {
      // As TypeScript's noUnusedLocals: a leading underscore marks a name left unused on purpose
      // (e.g. a property taken out of an object by destructuring).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
    },
  },
  prettier,
)
