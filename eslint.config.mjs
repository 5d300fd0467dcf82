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
    // One direction of imports: content/ reads lib/ helpers; lib/ never reads content/, components/ or app/.
    files: ['lib/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/content/**', '@/components/**', '@/app/**', '**/content/**', '**/components/**', '**/app/**'],
              message:
                'lib/ holds helpers that read no content: pass the data as arguments, or move the code next to its users.',
            },
          ],
        },
      ],
    },
  },
  {
    // content/ is data: it may use lib/ helpers, never components/ or app/.
    files: ['content/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/components/**', '@/app/**', '**/components/**', '**/app/**'],
              message: 'content/ is data: it may use lib/ helpers, never components/ or app/.',
            },
          ],
        },
      ],
    },
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
