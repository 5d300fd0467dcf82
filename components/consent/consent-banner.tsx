'use client';

import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { ConsentCategory, ConsentTexts } from '@/content/consent';
import { buttonClasses } from '@/components/ui/button-link';
import { paths } from '@/content/navigation';
import {
  ACCEPT_ALL,
  REFUSE_ALL,
  type ConsentChoices,
  onConsentSettingsRequest,
  saveConsent,
  useConsent,
} from '@/components/consent/consent-store';

/**
 * The cookie banner (CNIL): part of every pre-rendered page and shown while no valid choice is stored, with "Tout accepter" and
 * "Tout refuser" of equal weight and "Personnaliser" on the first layer. Closing it refuses. It is not
 * modal: the page stays usable, and the page gets bottom padding so nothing stays hidden behind it.
 * The footer's "Gérer les cookies" link reopens it on the detailed choices.
 */
type ConsentBannerProps = {
  texts: ConsentTexts;
  categories: readonly ConsentCategory[];
  /** The close button's icon, rendered on the server (app/layout.tsx): the icon library stays out of the page's JavaScript. */
  closeIcon: ReactNode;
};

export function ConsentBanner({ texts: consentTexts, categories: consentCategories, closeIcon }: ConsentBannerProps) {
  const consent = useConsent();
  const [reopened, setReopened] = useState(false);
  const [customizing, setCustomizing] = useState(false);
  const [draft, setDraft] = useState<ConsentChoices>(REFUSE_ALL);
  const bannerRef = useRef<HTMLElement>(null);
  const returnFocusRef = useRef<HTMLElement | null>(null);
  const titleId = useId();

  // Pre-rendered (consent unknown) and shown until a valid choice is read; the inline script of
  // consent-boot.tsx hides it before the first paint for visitors who already chose.
  const visible = consent === undefined || consent === null || reopened;

  useEffect(
    () =>
      onConsentSettingsRequest(() => {
        returnFocusRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
        setDraft(consent?.choices ?? REFUSE_ALL);
        setCustomizing(true);
        setReopened(true);
      }),
    [consent],
  );

  // Moves focus into the banner when the visitor asked for it (not on a first visit: it must not get in the way).
  useEffect(() => {
    if (reopened) bannerRef.current?.focus();
  }, [reopened]);

  // Keeps the end of the page reachable above the fixed banner (globals.css adds this height to the body's
  // bottom padding, over the phones' call and quote bar).
  useEffect(() => {
    const banner = bannerRef.current;
    if (!visible || !banner) return;
    const root = document.documentElement.style;
    const reserve = () => root.setProperty('--consent-banner-height', `${banner.offsetHeight}px`);
    // At once, as the page becomes interactive: the observer's first report waits for the next frame, which a
    // busy phone can delay while the visitor is already at the end of the page.
    reserve();
    const observer = new ResizeObserver(reserve);
    observer.observe(banner);
    return () => {
      observer.disconnect();
      root.removeProperty('--consent-banner-height');
    };
  }, [visible, customizing]);

  if (!visible) return null;

  const decide = (choices: ConsentChoices) => {
    saveConsent(choices);
    setReopened(false);
    setCustomizing(false);
    returnFocusRef.current?.focus();
    returnFocusRef.current = null;
  };

  const buttonSize = 'min-h-11 px-2 leading-tight sm:min-w-44 sm:px-4';

  return (
    <section
      ref={bannerRef}
      data-consent-banner=""
      data-reopened={reopened ? '' : undefined}
      aria-labelledby={titleId}
      tabIndex={-1}
      className="fixed inset-x-0 bottom-(--action-bar-space) z-50 max-h-[calc(70vh-var(--action-bar-space))] overflow-y-auto border-t-4 border-brand-700 bg-white shadow-[0_-8px_30px_rgb(0_0_0/0.15)] focus:outline-none"
    >
      <div className="mx-auto max-w-content px-4 py-2.5 sm:px-6 sm:py-4 lg:px-8">
        <button
          type="button"
          onClick={() => decide(REFUSE_ALL)}
          className="float-right -mt-1 -mr-2 ml-2 flex size-11 items-center justify-center rounded-lg text-ink hover:bg-surface"
          aria-label={consentTexts.close}
        >
          {closeIcon}
        </button>
        {/* Not a heading: the banner comes before the page's h1 in the document, and its region is named by this. */}
        <p id={titleId} className="sr-only">
          {consentTexts.title}
        </p>
        {/* One sentence on phones (at most a fifth of the screen with the buttons); the details are in the panel. */}
        <p className="text-sm sm:pt-2.5 sm:text-base">{consentTexts.lead}</p>

        {customizing ? (
          <>
            <p className="mt-2 max-w-4xl text-sm text-ink-muted">
              {consentTexts.intro}{' '}
              <a href={paths.cookies} className="font-semibold text-brand-700 underline underline-offset-2">
                {consentTexts.policyLink}
              </a>
            </p>
            <fieldset className="mt-3 space-y-3">
              <legend className="sr-only">{consentTexts.customize}</legend>
              {consentCategories.map((category) => {
                const inputId = `${titleId}-${category.id}`;
                return (
                  <div key={category.id} className="flex items-start justify-between gap-4 rounded-lg bg-surface p-3">
                    <div>
                      <label htmlFor={category.required ? undefined : inputId} className="font-semibold">
                        {category.label}
                      </label>
                      <p className="text-sm text-ink-muted">{category.description}</p>
                      <p className="text-xs text-ink-muted">
                        {category.thirdParties} · {category.lifetime}
                      </p>
                    </div>
                    {category.required ? (
                      <span className="shrink-0 text-sm font-semibold text-brand-800">{consentTexts.alwaysOn}</span>
                    ) : (
                      <input
                        id={inputId}
                        type="checkbox"
                        className="mt-1 size-6 shrink-0 accent-brand-700"
                        checked={draft[category.id]}
                        onChange={(event) =>
                          setDraft((current) => ({ ...current, [category.id]: event.target.checked }))
                        }
                      />
                    )}
                  </div>
                );
              })}
            </fieldset>
          </>
        ) : null}

        {/* Three buttons on one row, refusing and accepting alike. */}
        <div className="clear-both mt-2 grid grid-cols-3 gap-2 sm:mt-3 sm:flex sm:flex-wrap sm:gap-3">
          <button
            type="button"
            className={buttonClasses('secondary', 'md', buttonSize)}
            onClick={() => decide(REFUSE_ALL)}
          >
            {consentTexts.refuseAll}
          </button>
          <button
            type="button"
            className={buttonClasses('secondary', 'md', buttonSize)}
            onClick={() => decide(ACCEPT_ALL)}
          >
            {consentTexts.acceptAll}
          </button>
          {customizing ? (
            <button type="button" className={buttonClasses('outline', 'md', buttonSize)} onClick={() => decide(draft)}>
              {consentTexts.save}
            </button>
          ) : (
            <button
              type="button"
              className={buttonClasses('outline', 'md', buttonSize)}
              onClick={() => setCustomizing(true)}
            >
              {consentTexts.customize}
            </button>
          )}
        </div>
      </div>
      {/* The end of the banner's markup: globals.css shows the banner only once the browser has it. */}
      <span data-consent-banner-end="" hidden />
    </section>
  );
}
