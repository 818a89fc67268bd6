// @ts-check
import fs from 'node:fs'
import js from '@eslint/js'
import checkFile from 'eslint-plugin-check-file'
import importX from 'eslint-plugin-import-x'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

const API_MODULES = fs
  .readdirSync(new URL('./apps/api/src/modules', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '.tmp/**',
      '**/test-results/**',
      '**/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked.map((config) => ({ ...config, files: ['**/*.{ts,tsx}'] })),
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node, ...globals.browser },
    },
    plugins: { 'check-file': checkFile, 'import-x': importX },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/only-throw-error': 'off',
      'no-console': 'error',
      '@typescript-eslint/require-await': 'off',
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { '{apps,packages}/**/': 'KEBAB_CASE' }],
      // Imports flow one way (STYLE §1): shared knows no app, ui knows no feature, features do not import each other.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './packages/shared', from: './apps' },
            { target: './apps/web/src/ui', from: './apps/web/src/features' },
            { target: './apps/web/src/ui', from: './apps/web/src/app' },
            { target: './apps/web/src/lib', from: './apps/web/src/features' },
            {
              target: './apps/web/src/features',
              from: './apps/web/src/app',
              except: ['./session', './layout/store-filters.ts'],
            },
            ...[
              'catalogue',
              'contact',
              'content',
              'auth',
              'account',
              'cart',
              'admin',
              'orders',
              'restaurant',
              'wholesale',
            ].map((feature) => ({
              target: `./apps/web/src/features/${feature}`,
              from: './apps/web/src/features',
              // The orders feature (history, order details) is shown by the account pages, the cart's confirmation and the orders admin.
              except: [
                `./${feature}`,
                ...(feature === 'account' || feature === 'cart' || feature === 'admin' ? ['./orders'] : []),
                // The registration asks for the address with the account form's own fields.
                ...(feature === 'auth' ? ['./account/components/address-fields.tsx'] : []),
              ],
            })),
            // One domain's repo writes its tables; another domain calls its service, never its SQL (STYLE §1).
            ...API_MODULES.flatMap((module) =>
              API_MODULES.filter((other) => other !== module).map((other) => ({
                target: `./apps/api/src/modules/${module}`,
                from: `./apps/api/src/modules/${other}/repo.ts`,
                message: `Call the ${other} module's service, not its SQL.`,
              })),
            ),
            { target: './apps/api/src/platform', from: './apps/api/src/modules' },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      // Every page would carry every message section (ARCHITECTURE: first-load budget).
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@shop/shared/messages/bs.ts',
              message: "Import the section (messages/bs/<section>.ts) and format from 'messages/format.ts'.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.test.ts', 'e2e/**/*.ts', 'bench/**/*.ts', '**/*.config.ts'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
    },
  },
  { files: ['bench/**/*.ts', 'scripts/**/*', 'e2e/**/*.ts'], rules: { 'no-console': 'off' } },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
    rules: { 'no-console': 'off' },
  },
)
