'use client';

import { usePathname } from 'next/navigation';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { NavItem } from '@/content/types';
import { cn } from '@/lib/cn';
import { isCurrentPath } from '@/lib/nav';
import { buttonClasses } from '@/components/ui/button-link';

type MainNavProps = {
  items: readonly NavItem[];
  quote: NavItem;
  /**
   * Rendered on the server (./site-header.tsx), so that neither they nor the icon library ship in the
   * page's JavaScript: the wide screens' call link and quote button, the small screens' call link, and the
   * toggle's two icons.
   */
  actions: ReactNode;
  call: ReactNode;
  icons: { open: ReactNode; close: ReactNode };
};

const linkClasses = (current: boolean) =>
  cn('rounded-md px-3 py-2 font-medium transition-colors', {
    'bg-brand-50 text-brand-800 underline decoration-2 underline-offset-8': current,
    'text-ink hover:bg-surface hover:text-brand-700': !current,
  });

/**
 * Header navigation. On wide screens the links sit in the bar; on small screens a toggle opens them in a
 * panel below the bar, which closes on a link click and on Escape (focus returns to the toggle).
 * Without JavaScript the small-screen list is shown in a <noscript> block instead of the toggle.
 */
export function MainNav({ items, quote, actions, call, icons }: MainNavProps) {
  const pathname = usePathname();
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  // The header is on every page, so this marks the moment the page's client components are interactive
  // (<html data-hydrated>): the framework's scripts load after the first paint (docs/performance.md), and the
  // tests wait for this before using the menu, the banner or the form.
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
  }, []);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        toggleRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  const links = (onClick?: () => void) =>
    items.map((item) => {
      const current = isCurrentPath(pathname, item.href);
      return (
        <li key={item.href}>
          <a
            href={item.href}
            aria-current={current ? 'page' : undefined}
            className={cn(linkClasses(current), 'block')}
            onClick={onClick}
          >
            {item.label}
          </a>
        </li>
      );
    });

  return (
    <>
      <nav aria-label="Navigation principale" className="hidden md:block">
        <ul className="flex items-center gap-1">{links()}</ul>
      </nav>

      <div className="hidden items-center gap-3 md:flex">{actions}</div>

      <div className="flex items-center gap-1 md:hidden">
        {call}
        <button
          ref={toggleRef}
          type="button"
          className="flex size-11 items-center justify-center rounded-lg text-ink hover:bg-surface"
          aria-expanded={open}
          aria-controls={panelId}
          aria-label={open ? 'Fermer le menu' : 'Ouvrir le menu'}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? icons.close : icons.open}
        </button>
      </div>

      <nav
        id={panelId}
        data-mobile-menu=""
        aria-label="Navigation mobile"
        hidden={!open}
        className="absolute inset-x-0 top-full border-b border-brand-100 bg-white shadow-lg md:hidden"
      >
        <ul className="flex flex-col gap-1 px-4 py-4">
          {links(() => setOpen(false))}
          <li className="pt-2">
            <a href={quote.href} className={buttonClasses('primary', 'lg', 'w-full')} onClick={() => setOpen(false)}>
              {quote.label}
            </a>
          </li>
        </ul>
      </nav>

      <noscript className="basis-full md:hidden">
        <nav aria-label="Navigation (sans JavaScript)" className="pb-3">
          <ul className="flex flex-wrap gap-1">
            {links()}
            <li>
              <a href={quote.href} className={linkClasses(false)}>
                {quote.label}
              </a>
            </li>
          </ul>
        </nav>
      </noscript>
    </>
  );
}
