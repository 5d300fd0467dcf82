import type { Config } from 'tailwindcss';

/**
 * Design tokens. Tailwind 4 reads this file through `@config` in app/globals.css, so the brand lives in
 * one typed place. Contrast (WCAG AA) is checked by the accessibility tests: white on brand-700 and
 * brand-800, ink on accent-400, brand-700 on white.
 */
const config = {
  content: ['./app/**/*.{ts,tsx}', './components/**/*.{ts,tsx}', './content/**/*.ts'],
  theme: {
    extend: {
      colors: {
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
      },
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
