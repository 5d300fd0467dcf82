/**
 * The floor of the benchmark: the smallest static export this Next.js version can ship (one page, one
 * heading), built with the same export options as the site (../../next.config.mjs) and the repo's
 * node_modules. `npm run bench` builds it to bench/floor/out/ and measures it beside the site.
 */
/** @type {import('next').NextConfig} */
const nextConfig = {
  output: 'export',
  trailingSlash: true,
  poweredByHeader: false,
};

export default nextConfig;
