/**
 * The brand's colours: read by tailwind.config.ts (the site's classes) and by the receiver's documents (the
 * devis's PDF), so both show the same blue and yellow. Contrast (WCAG AA) is checked by the accessibility
 * tests: white on brand-700 and brand-800, ink on accent-400, brand-700 on white.
 */
export const colors = {
  brand: {
    50: '#eef5fc',
    100: '#d6e7f7',
    200: '#a9cbee',
    600: '#1d62b0',
    700: '#154f91',
    800: '#113f73',
    900: '#0c2e55',
  },
  accent: {
    300: '#fcd26b',
    400: '#f9bd3a',
    500: '#f0a60f',
  },
  ink: {
    DEFAULT: '#17212e',
    muted: '#475467',
  },
  surface: '#f5f8fb',
} as const;
