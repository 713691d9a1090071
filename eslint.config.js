// One lint configuration for the seven workspaces (flat config, typescript-eslint).
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'var/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'always'],
      'no-console': 'error',
    },
  },
  {
    files: [
      'backend/**/*.ts',
      'e2e/**/*.ts',
      'bench/**/*.ts',
      'testing/**/*.ts',
      '**/*.config.{js,ts}',
      '**/scripts/**/*.{js,mjs}',
      'scripts/*.mjs',
      'contracts/*.mjs',
      '.ci/**',
    ],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['scripts/**', 'backend/scripts/**', 'e2e/**', 'bench/**'],
    rules: { 'no-console': 'off' },
  },
  {
    // One way to open a transaction and one place for driver-specific locking: database/transactions.ts
    // (runInTransaction retries deadlocks; forUpdate/skipLocked/lockRows are no-ops on SQLite).
    files: ['backend/src/**/*.ts'],
    ignores: ['backend/src/database/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.type='MemberExpression'][callee.property.name='transaction']",
          message:
            'Open transactions with runInTransaction (database/transactions.ts): it retries deadlocks.',
        },
        {
          selector:
            "CallExpression[callee.type='MemberExpression'][callee.property.name=/^(setLock|setOnLocked)$/]",
          message: 'Lock rows with forUpdate, skipLocked or lockRows (database/transactions.ts).',
        },
      ],
    },
  },
  {
    files: ['storefront/src/**/*.{ts,tsx}', 'admin/src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-syntax': [
        'error',
        {
          // MUI 9's Typography has no system props: a palette path there is dropped without a word.
          selector:
            "JSXOpeningElement[name.name='Typography'] > JSXAttribute[name.name='color'][value.value=/\\./]",
          message:
            'Typography ignores palette paths such as "text.secondary": use color="textSecondary" (or sx).',
        },
      ],
    },
  },
  prettier,
);
