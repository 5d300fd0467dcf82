import { mainNav, quoteLink } from '@/content/navigation';
import { site } from '@/content/site';
import { telHref } from '@/lib/format';
import { Container } from '@/components/ui/container';
import { Logo } from './logo';
import { MainNav } from './main-nav';

export function SiteHeader() {
  return (
    <header className="sticky top-0 z-40 border-b border-brand-100 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      <Container className="relative flex min-h-16 flex-wrap items-center justify-between gap-x-4">
        <Logo />
        <MainNav items={mainNav} quote={quoteLink} phone={{ label: site.phone, href: telHref(site.phone) }} />
      </Container>
    </header>
  );
}
