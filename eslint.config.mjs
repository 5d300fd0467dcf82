import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

/** content/ is data: it may use lib/ helpers, never components/ or app/. */
const contentReadsNoCode = {
  group: ['@/components/**', '@/app/**', '**/components/**', '**/app/**'],
  message: 'content/ is data: it may use lib/ helpers, never components/ or app/.',
};

/** The receiver reads the site's facts through receiver/src/facts.ts only. */
const receiverReadsContentInFacts = {
  group: ['@/content/**', '**/content/**'],
  message: 'receiver/src/ reads content/ in facts.ts only: re-export what you need there.',
};

/** facts.ts, email.ts and inbox-address.ts sit below requests/, which imports them: they import no other module. */
const receiverRootBottom = {
  group: ['./**', '../**'],
  message:
    'receiver layers, rule « root-bottom »: facts.ts, email.ts and inbox-address.ts sit below requests/ and import no other module of the receiver.',
};

/** The folders of receiver/src above requests/, as a file at its root names them. */
const receiverLayersAboveRequests = [
  './store/**',
  './documents/**',
  './pages/**',
  './delivery/**',
  './intake/**',
  './inbox/**',
  './client/**',
  './tools/**',
  './publish/**',
];

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
    rules: { 'no-restricted-imports': ['error', { patterns: [contentReadsNoCode] }] },
  },
  {
    // Inside content/, imports run one way too: the legal pages (content/legal/) read the other modules,
    // never the reverse. The facts they share live below them, in content/legal-facts.ts.
    files: ['content/**'],
    ignores: ['content/legal/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            contentReadsNoCode,
            {
              group: ['./legal/**', '../legal/**', '@/content/legal/**'],
              message:
                'content/legal/ holds the legal pages, the top of content/: read the shared facts from content/legal-facts.ts, or move the value there.',
            },
          ],
        },
      ],
    },
  },
  {
    // content/legal-facts.ts and content/legal-ui.ts are the bottom of content/: every module may read them,
    // so they read no other module of content/ but the owner's data (content/data/values.ts), below them.
    files: ['content/legal-facts.ts', 'content/legal-ui.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            contentReadsNoCode,
            {
              regex: '^(?:\\./(?!data/values$)|\\.\\./|@/content/)',
              message:
                'The legal facts are the bottom of content/: they read lib/ helpers and the owner’s data (./data/values) only.',
            },
          ],
        },
      ],
    },
  },
  {
    // content/data/ holds the owner's data and its schemas, below every other module of content/: it reads
    // lib/ helpers, the patterns of content/form-contract.ts and the numbers of content/review-rules.ts only.
    files: ['content/data/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            contentReadsNoCode,
            {
              group: ['../**', '@/content/**', '!../form-contract', '!../review-rules'],
              message:
                'content/data/ is the bottom of content/: it reads lib/ helpers, content/form-contract.ts and content/review-rules.ts only.',
            },
          ],
        },
      ],
    },
  },
  {
    // components/ render content; they never reach into app/ (the pages).
    files: ['components/**'],
    ignores: ['components/ui/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/app/**', '**/app/**'],
              message: 'components/ never imports app/: move what both need into components/, content/ or lib/.',
            },
          ],
        },
      ],
    },
  },
  {
    // components/ui/ holds the building blocks: they read no other component folder (nor app/).
    files: ['components/ui/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/app/**', '**/app/**', '@/components/*/**', '!@/components/ui/**', '../**'],
              message: 'components/ui/ is the base layer: it imports neither the other component folders nor app/.',
            },
          ],
        },
      ],
    },
  },
  {
    // The receiver reads the site's facts through receiver/src/facts.ts only.
    files: ['receiver/src/**'],
    ignores: ['receiver/src/facts.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [receiverReadsContentInFacts] }] },
  },
  // The receiver's layers (docs/architecture.md), imports running down only: facts.ts, email.ts and
  // inbox-address.ts under everything, requests/ (the request's rules) above them, the other root files
  // (config.ts, logger.ts, form-body.ts…) above requests/, then store/, documents/ (which reads no
  // store) and pages/ (the frame of the public pages, which reads facts.ts only), then delivery/, then
  // intake/, inbox/ and client/, then tools/ and app.ts, run.ts, main.ts.
  // Each rule repeats the content/ rule above: a later block replaces an earlier one's options.
  {
    // The bottom of the receiver: requests/ reads them, so they read no other module of the receiver.
    files: ['receiver/src/facts.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [receiverRootBottom] }] },
  },
  {
    files: ['receiver/src/email.ts', 'receiver/src/inbox-address.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [receiverReadsContentInFacts, receiverRootBottom] }] },
  },
  {
    // The other files at the root of receiver/src, but the assembly (app.ts, run.ts, main.ts): the settings,
    // the logger, the form parser… read by every layer, they read requests/ and the root files only.
    files: ['receiver/src/*.ts', 'receiver/src/*.tsx'],
    ignores: [
      'receiver/src/app.ts',
      'receiver/src/run.ts',
      'receiver/src/main.ts',
      'receiver/src/facts.ts',
      'receiver/src/email.ts',
      'receiver/src/inbox-address.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            receiverReadsContentInFacts,
            {
              group: [...receiverLayersAboveRequests, './app', './run', './main'],
              message:
                'receiver layers, rule « root-below-layers »: the files at the root of receiver/src (but app.ts, run.ts, main.ts) import only requests/ and each other; move what they need to requests/ or to the root.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['receiver/src/requests/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            receiverReadsContentInFacts,
            {
              group: ['../**', '!../facts', '!../email'],
              message:
                'receiver layers, rule « requests-bottom »: requests/ holds the request’s rules and imports only facts.ts, email.ts and itself; pass what it needs as arguments.',
            },
          ],
        },
      ],
    },
  },
  {
    // The devis's rules (requests/devis/) sit inside requests/: they read facts.ts and the request's rules.
    files: ['receiver/src/requests/devis/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            receiverReadsContentInFacts,
            {
              group: ['../../**', '!../../facts', '!../../email'],
              message:
                'receiver layers, rule « requests-bottom »: requests/devis/ holds the devis’s rules and imports only facts.ts, email.ts and requests/; pass what it needs as arguments.',
            },
          ],
        },
      ],
    },
  },
  {
    // documents/ draws the devis's PDF and its proof page from plain data: it reads the rules (requests/),
    // the site's facts and lib/ helpers (through facts.ts), printable.ts and receiver-dir.ts (the fonts'
    // folder), never the store or what stands on it; delivery/, inbox/ and the client's pages import it.
    files: ['receiver/src/documents/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            receiverReadsContentInFacts,
            {
              group: ['../**', '!../requests', '!../requests/**', '!../facts', '!../printable', '!../receiver-dir'],
              message:
                'receiver layers, rule « documents-below »: documents/ imports only requests/, facts.ts, printable.ts and receiver-dir.ts (where its fonts are); the caller builds the document and passes it in.',
            },
          ],
        },
      ],
    },
  },
  {
    // pages/ holds the frame of the pages a client or a visitor reads (client/, intake/): it reads the site's
    // facts only, and the layers above it (intake/, inbox/, client/) may all use it.
    files: ['receiver/src/pages/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            receiverReadsContentInFacts,
            {
              group: ['../**', '!../facts'],
              message:
                'receiver layers, rule « pages-below »: pages/ imports only facts.ts; the page that uses the frame passes it the rest.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['receiver/src/store/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            receiverReadsContentInFacts,
            {
              group: [
                '**/intake/**',
                '**/delivery/**',
                '**/inbox/**',
                '**/client/**',
                '**/tools/**',
                '**/publish/**',
                '**/app',
                '**/run',
                '**/main',
              ],
              message:
                'receiver layers, rule « store-below »: store/ imports none of intake/, delivery/, inbox/, client/, tools/, publish/; move the shared rule to requests/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['receiver/src/delivery/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            receiverReadsContentInFacts,
            {
              group: [
                '**/inbox/**',
                '**/intake/**',
                '**/client/**',
                '**/tools/**',
                '**/publish/**',
                '**/app',
                '**/run',
                '**/main',
              ],
              message:
                'receiver layers, rule « delivery-below-inbox »: delivery/ imports no inbox/, intake/, client/, tools/ or publish/; move the shared rule to requests/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['receiver/src/intake/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            receiverReadsContentInFacts,
            {
              group: ['**/inbox/**', '**/client/**', '**/tools/**', '**/publish/**', '**/app', '**/run', '**/main'],
              message:
                'receiver layers, rule « intake-beside-inbox »: intake/ imports no inbox/, client/, tools/ or publish/; move the shared rule to requests/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['receiver/src/inbox/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            receiverReadsContentInFacts,
            {
              group: ['**/intake/**', '**/client/**', '**/tools/**', '**/app', '**/run', '**/main'],
              message:
                'receiver layers, rule « inbox-beside-intake »: inbox/ imports no intake/, client/ or tools/; move the shared rule to requests/.',
            },
          ],
        },
      ],
    },
  },
  {
    // The client's page of a devis (receiver/src/client/), beside intake/ and inbox/.
    files: ['receiver/src/client/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            receiverReadsContentInFacts,
            {
              group: ['**/intake/**', '**/inbox/**', '**/tools/**', '**/publish/**', '**/app', '**/run', '**/main'],
              message:
                'receiver layers, rule « client-beside-intake »: client/ imports no intake/, inbox/, tools/ or publish/; move the shared rule to requests/.',
            },
          ],
        },
      ],
    },
  },
  {
    // The site's publication engine (receiver/src/publish/): it stands on the rules, the store and the root
    // files; the inbox's « Le site » pages import it, and app.ts its plugin.
    files: ['receiver/src/publish/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            receiverReadsContentInFacts,
            {
              group: [
                '**/intake/**',
                '**/delivery/**',
                '**/inbox/**',
                '**/client/**',
                '**/documents/**',
                '**/tools/**',
                '**/app',
                '**/run',
                '**/main',
              ],
              message:
                'receiver layers, rule « publish-on-store »: publish/ imports only requests/, store/ and the root files (facts.ts, config.ts…); the inbox calls it, never the reverse.',
            },
          ],
        },
      ],
    },
  },
  {
    // One import style for the site's facts outside the site's code: `@/content/...`, never a relative path.
    files: ['e2e/**', 'deploy/**', 'scripts/**', 'unit/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['./content/**', '../**/content/**', '../content/**'],
              message: 'Import the facts as @/content/... (one style in e2e/, deploy/, scripts/ and unit/).',
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
    'receiver/dist/**',
    'next-env.d.ts',
    'test-results/**',
    'playwright-report/**',
    'bench-results/**',
    // The benchmark's one-page floor app: built on its own by npm run bench.
    'bench/floor/**',
  ]),
]);
