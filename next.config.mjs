/** @type {import('next').NextConfig} */
const nextConfig = {
  // Static export: `npm run build` writes the whole site to out/, served by any static host.
  output: 'export',
  // Every route becomes route/index.html, so no host needs rewrites.
  trailingSlash: true,
  // No next/image: components/ui/photo.tsx writes each photo's <img> and srcset itself, from the copies
  // scripts/photos.ts makes of the company's originals or from the stock-photo CDN (docs/photos.md).
  poweredByHeader: false,
  // `npm test` type-checks the whole repository beside its builds (`npm run typecheck`, TypeScript 7) and sets
  // SKIP_BUILD_TYPECHECK=1 for its first build; its second build keeps Next.js's own TypeScript pass (TypeScript
  // 6), as `npm run build` on its own does. The server's publication builds skip it.
  typescript: { ignoreBuildErrors: process.env.SKIP_BUILD_TYPECHECK === '1' },
};

export default nextConfig;
