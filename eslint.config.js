import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['build/', '.react-router/', 'node_modules/', 'data/', 'coverage/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Resetting UI state when the location changes is the intended pattern here.
      'react-hooks/set-state-in-effect': 'off',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // Routes and React components never reach the database: they go through services.
    files: ['app/**/*.{ts,tsx}', 'server/api/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['kysely', 'better-sqlite3', 'pg'], message: 'SQL lives in server/repositories only.' },
            { group: ['#server/repositories/*', '#server/db/*'], message: 'Call a service instead.' },
          ],
        },
      ],
      // Preact renders in the browser and does not focus on mount (docs/decisions/0016).
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='autoFocus']",
          message: 'Use useFocusOnMount (app/lib/use-focus-on-mount.ts): Preact leaves autoFocus to the browser.',
        },
      ],
    },
  },
  {
    files: ['scripts/**/*.mjs', 'bench/**/*.mjs', 'server/main.ts', 'server/cli/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
);
