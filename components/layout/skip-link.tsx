export const MAIN_ID = 'contenu';

/** First focusable element of every page: jumps over the header to the main content. */
export function SkipLink() {
  return (
    <a
      href={`#${MAIN_ID}`}
      className="sr-only z-50 rounded-lg bg-brand-800 px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:top-4 focus:left-4"
    >
      Aller au contenu principal
    </a>
  );
}
