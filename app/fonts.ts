import localFont from 'next/font/local';

/** Inter (variable), self-hosted from @fontsource-variable/inter: no font CDN, a size-adjusted fallback. */
export const inter = localFont({
  src: '../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
  weight: '100 900',
  style: 'normal',
  display: 'swap',
  variable: '--font-inter',
  adjustFontFallback: 'Arial',
});
