import { Icon } from '@/components/ui/icon';
import { mainNav, quoteLink } from '@/content/navigation';
import { site } from '@/content/site';
import { telHref } from '@/lib/format';
import { buttonClasses } from '@/components/ui/button-link';
import { Container } from '@/components/ui/container';
import { Logo } from './logo';
import { MainNav } from './main-nav';

export function SiteHeader() {
  const phone = { label: site.phone, href: telHref(site.phone) };
  // The parts of the navigation that never change with its state, rendered here rather than in the client
  // component (./main-nav.tsx).
  const actions = (
    <>
      <a
        href={phone.href}
        className="hidden items-center gap-2 rounded-md px-2 py-2 font-semibold text-brand-700 hover:text-brand-800 lg:flex"
      >
        <Icon name="phone" className="size-4" />
        {phone.label}
      </a>
      <a href={quoteLink.href} className={buttonClasses('primary', 'md')}>
        {quoteLink.label}
      </a>
    </>
  );
  const call = (
    <a
      href={phone.href}
      className="flex size-11 items-center justify-center rounded-lg text-brand-700 hover:bg-surface"
      aria-label={`Appeler le ${phone.label}`}
    >
      <Icon name="phone" className="size-5" />
    </a>
  );
  const icons = {
    open: <Icon name="menu" className="size-6" />,
    close: <Icon name="x" className="size-6" />,
  };
  return (
    <header
      data-site-header=""
      className="sticky top-0 z-40 border-b border-brand-100 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85"
    >
      <Container className="relative flex min-h-16 flex-wrap items-center justify-between gap-x-4">
        <Logo />
        <MainNav items={mainNav} quote={quoteLink} actions={actions} call={call} icons={icons} />
      </Container>
      {/* Says the header's markup has all arrived (app/globals.css draws only the logo until then). */}
      <span data-site-header-end="" hidden />
    </header>
  );
}
