/** @type {import('next').NextConfig} */
const nextConfig = {
  // Static export: `npm run build` writes the whole site to out/, served by any static host.
  output: 'export',
  // Every route becomes route/index.html, so no host needs rewrites.
  trailingSlash: true,
  images: {
    // Photos come from the Unsplash CDN, sized by our own loader (no image server in an export).
    loader: 'custom',
    loaderFile: './lib/image-loader.ts',
    // Qualities the CDN is asked for: 70 by default (lib/image-loader.ts), 50 for the home hero, which is
    // drawn at 30 % opacity (components/home/hero.tsx).
    qualities: [50, 70],
  },
  poweredByHeader: false,
  // `npm test` type-checks the whole repository once, before its builds (`tsc --noEmit`), and sets
  // SKIP_BUILD_TYPECHECK=1 so that its two builds skip Next.js's own TypeScript pass. `npm run build` on its
  // own keeps it.
  typescript: { ignoreBuildErrors: process.env.SKIP_BUILD_TYPECHECK === '1' },
};

export default nextConfig;
