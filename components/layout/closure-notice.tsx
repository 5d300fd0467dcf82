import { Icon } from '@/components/ui/icon';
import { Container } from '@/components/ui/container';
import { closureNotices, closureTexts } from '@/content/closures';
import { closureNoticeScript } from '@/lib/closures';

/**
 * The notice of the exceptional closures, on every page below the header (docs/contenu.md, « Fermetures
 * exceptionnelles »): a region named « Fermeture exceptionnelle », in the page's flow (never over it). The
 * build renders the closures not over on its day; the inline script after it (lib/closures.ts) shows each
 * one from CLOSURE_NOTICE_DAYS_BEFORE days before it to its last day only, at the visitor's date. Without
 * JavaScript, a rendered closure shows until the next build: its text names its dates.
 */
export function ClosureNotice() {
  if (closureNotices.length === 0) return null;
  return (
    <>
      <section
        aria-label={closureTexts.region}
        data-closures=""
        className="border-b border-accent-500 bg-accent-300 text-ink"
        suppressHydrationWarning
      >
        <Container className="space-y-1 py-3">
          {closureNotices.map((notice) => (
            <p
              key={`${notice.from}-${notice.to}`}
              data-closure-shown-from={notice.shownFrom}
              data-closure-until={notice.to}
              className="flex gap-2 font-semibold"
              suppressHydrationWarning
            >
              <Icon name="clock" className="mt-0.5 size-5 shrink-0 text-brand-800" />
              <span>{notice.text}</span>
            </p>
          ))}
        </Container>
      </section>
      <script dangerouslySetInnerHTML={{ __html: closureNoticeScript() }} />
    </>
  );
}
