import { Icon } from '@/components/ui/icon';
import { consentTexts } from '@/content/consent';
import { footerNav, legalNav } from '@/content/navigation';
import { site } from '@/content/site';
import { buildYear } from '@/lib/build-info';
import { mailtoHref, telHref } from '@/lib/format';
import { ManageCookiesLink } from '@/components/consent/manage-cookies-link';
import { Container } from '@/components/ui/container';

const headingClasses = 'text-sm font-semibold uppercase tracking-wider text-white';
const linkClasses = 'rounded text-brand-100 hover:text-white hover:underline';

export function SiteFooter() {
  return (
    <footer className="bg-brand-900 text-brand-100">
      <Container className="grid gap-10 py-14 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-lg font-bold text-white">{site.name}</p>
          <p className="mt-3 text-sm leading-relaxed">{site.description}</p>
          <p className="mt-4 text-sm">SIREN&nbsp;: {site.siren}</p>
          <p className="text-sm">SIRET&nbsp;: {site.siret}</p>
        </div>

        <nav aria-labelledby="footer-nav-titre">
          <h2 id="footer-nav-titre" className={headingClasses}>
            Navigation
          </h2>
          <ul className="mt-4 space-y-2 text-sm">
            {footerNav.map((item) => (
              <li key={item.label}>
                <a href={item.href} className={linkClasses}>
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>

        <div>
          <h2 className={headingClasses}>Contact</h2>
          <ul className="mt-4 space-y-3 text-sm">
            <li className="flex gap-2">
              <Icon name="map-pin" className="mt-0.5 size-4 shrink-0" />
              <address className="not-italic">
                {site.address.street}
                <br />
                {site.address.postalCode} {site.address.city}
              </address>
            </li>
            <li className="flex gap-2">
              <Icon name="phone" className="mt-0.5 size-4 shrink-0" />
              <a href={telHref(site.phone)} className={linkClasses}>
                {site.phone}
              </a>
            </li>
            <li className="flex gap-2">
              <Icon name="mail" className="mt-0.5 size-4 shrink-0" />
              <a href={mailtoHref(site.email)} className={linkClasses}>
                <EmailText email={site.email} />
              </a>
            </li>
          </ul>
        </div>

        <div>
          <h2 className={headingClasses}>Horaires</h2>
          <p className="mt-4 flex gap-2 text-sm">
            <Icon name="clock" className="mt-0.5 size-4 shrink-0" />
            <span>{site.shortHours}</span>
          </p>
          <p className="mt-2 text-sm">{site.emergency}</p>
        </div>
      </Container>

      <div className="border-t border-brand-800">
        <Container className="flex flex-col gap-4 py-6 text-sm lg:flex-row lg:items-center lg:justify-between">
          <p>
            © {buildYear} {site.name}. Tous droits réservés.
          </p>
          <nav aria-label="Informations légales">
            <ul className="flex flex-wrap gap-x-5 gap-y-2">
              {legalNav.map((item) => (
                <li key={item.href}>
                  <a href={item.href} className={linkClasses}>
                    {item.label}
                  </a>
                </li>
              ))}
              <li>
                <ManageCookiesLink label={consentTexts.manageLink} className={linkClasses} />
              </li>
            </ul>
          </nav>
        </Container>
      </div>
    </footer>
  );
}

/**
 * An address that breaks only after its @ when the column is too narrow for it (never mid-word, as
 * `break-all` did at 1280 px): each part stays whole.
 */
function EmailText({ email }: { email: string }) {
  const at = email.indexOf('@');
  if (at < 0) return email;
  return (
    <>
      <span className="whitespace-nowrap">{email.slice(0, at + 1)}</span>
      <wbr />
      <span className="whitespace-nowrap">{email.slice(at + 1)}</span>
    </>
  );
}
