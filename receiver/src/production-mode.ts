/**
 * The receiver runs React (the inbox's pages, the devis's PDF) in its production build: React reads NODE_ENV
 * once, when it is first loaded, and otherwise runs its development build, with checks meant for a developer
 * and a devis's PDF about a fifth slower (docs/performance.md, « Le PDF d’un devis »). Nothing else in the
 * receiver reads NODE_ENV; a NODE_ENV set by hand is kept. It must be the first import of what starts the
 * receiver (main.ts, the benchmark): ES modules run in import order, so it runs before anything loads React.
 */
// Object.assign: Next.js's types declare NODE_ENV read-only for the site's code.
if (process.env.NODE_ENV === undefined) Object.assign(process.env, { NODE_ENV: 'production' });
