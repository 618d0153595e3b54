// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

// The platform API is touched in exactly one package. Everything else goes through
// @warrant/webmcp, so a browser change is mended in one place.
const forbidPlatformApi = [
  'error',
  { selector: 'Identifier[name=/modelContext/i]', message: 'Only packages/webmcp may touch modelContext; use @warrant/webmcp.' },
  { selector: 'Literal[value=/modelContext/i]', message: 'Only packages/webmcp may touch modelContext; use @warrant/webmcp.' },
  { selector: 'TemplateElement[value.raw=/modelContext/i]', message: 'Only packages/webmcp may touch modelContext; use @warrant/webmcp.' },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'playwright-report/**', 'test-results/**', 'bench/results.json'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': forbidPlatformApi,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['packages/webmcp/**/*.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
);
