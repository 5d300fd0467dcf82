import type { Config } from 'tailwindcss';
import { colors } from './lib/design-tokens';

/**
 * Design tokens. Tailwind 4 reads this file through `@config` in app/globals.css, so the brand lives in
 * one typed place (the colours in lib/design-tokens.ts, which the receiver's PDF reads too). Contrast (WCAG AA) is checked by the accessibility tests: white on brand-700 and
 * brand-800, ink on accent-400, brand-700 on white.
 */
const config = {
  content: ['./app/**/*.{ts,tsx}', './components/**/*.{ts,tsx}', './content/**/*.ts'],
  theme: {
    extend: {
      colors,
      fontFamily: {
        // The system's own sans-serif (Roboto on Android, San Francisco on Apple devices, Segoe UI on Windows):
        // no font to download before the text can be drawn in its final form (docs/performance.md, « La police »).
        sans: [
          'system-ui',
          '-apple-system',
          '"Segoe UI"',
          'Roboto',
          '"Helvetica Neue"',
          'Arial',
          '"Noto Sans"',
          '"Liberation Sans"',
          'sans-serif',
        ],
      },
      borderRadius: {
        card: '1rem',
      },
      maxWidth: {
        content: '72rem',
      },
    },
  },
} satisfies Config;

export default config;
