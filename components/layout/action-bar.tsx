import { Icon } from '@/components/ui/icon';
import { quoteLink } from '@/content/navigation';
import { actionBar } from '@/content/quick-actions';
import { site } from '@/content/site';
import { telHref } from '@/lib/format';
import { buttonClasses } from '@/components/ui/button-link';

/**
 * Phones only (below the md breakpoint): a call and a quote, fixed at the bottom of the screen. Plain links
 * and CSS, no JavaScript: it is in the pre-rendered page, its height is reserved at the bottom of the
 * body from the first paint (no layout shift), and globals.css hides it on the quote page
 * (`data-no-action-bar`) and while the mobile menu is open.
 */
export function ActionBar() {
  return (
    <nav aria-label={actionBar.label} data-action-bar="" className="action-bar md:hidden">
      <ul className="mx-auto grid h-12 max-w-content grid-cols-2 gap-3">
        <li className="flex">
          <a href={telHref(site.phone)} className={buttonClasses('secondary', 'lg', 'w-full px-3')}>
            <Icon name="phone" className="size-5 shrink-0" />
            {actionBar.call}
            <span className="sr-only"> le {site.phone}</span>
          </a>
        </li>
        <li className="flex">
          <a href={quoteLink.href} className={buttonClasses('primary', 'lg', 'w-full px-3')}>
            {actionBar.quote}
          </a>
        </li>
      </ul>
    </nav>
  );
}
