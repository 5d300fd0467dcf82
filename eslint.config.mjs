import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    // Plain <a> links by choice: nine static pages loaded whole, no client router code shipped for
    // navigation (performance budget, docs/performance.md).
    rules: { '@next/next/no-html-link-for-pages': 'off' },
  },
  {
    // Playwright fixtures call `use()`, which is not React's hook.
    files: ['e2e/**/*.ts'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
  globalIgnores([
    '.next/**',
    'out/**',
    'build/**',
    'next-env.d.ts',
    'test-results/**',
    'playwright-report/**',
    'bench-results/**',
    // The benchmark's one-page floor app: built on its own by npm run bench.
    'bench/floor/**',
  ]),
]);
