/**
 * The benchmark measures what production runs: React (under the inbox's pages and the PDF renderer) reads
 * NODE_ENV once, when it is first loaded, and runs its slower development build unless it is 'production'.
 * deploy/azur-devis.service sets it for the service; this module sets it for the benchmark. It must be the
 * benchmark's first import: ES modules run in import order, so it runs before anything loads React.
 */
Object.assign(process.env, { NODE_ENV: 'production' });
