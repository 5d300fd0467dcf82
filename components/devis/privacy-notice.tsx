import type { Route } from '@/content/navigation';
import { quote } from '@/content/quote';
import { formProcessorName, selfHostedReceiver } from '@/content/quote-delivery';
import { site } from '@/content/site';
import { mailtoHref } from '@/lib/format';
import { fillTemplate } from '@/lib/format';
import { paths } from '@/content/navigation';

const privacyPolicy: Route = paths.privacy;
const linkClasses = 'font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800';

/** The short notice under the form (RGPD art. 13), pointing to the privacy policy for the rest. */
export function PrivacyNotice() {
  const { privacy } = quote;
  return (
    <section
      aria-labelledby="devis-donnees-titre"
      className="mt-8 border-t border-brand-100 pt-6 text-sm text-ink-muted"
    >
      <h3 id="devis-donnees-titre" className="font-semibold text-ink">
        {privacy.title}
      </h3>
      <p className="mt-2">
        {privacy.controller} {privacy.required} {privacy.phone} {privacy.retention}
        {formProcessorName ? ` ${fillTemplate(privacy.processor, { prestataire: formProcessorName })}` : null}
        {selfHostedReceiver ? ` ${privacy.selfHosted}` : null}
      </p>
      <p className="mt-2">
        {privacy.rights}{' '}
        <a href={mailtoHref(site.privacyEmail)} className={linkClasses}>
          {site.privacyEmail}
        </a>
        . {privacy.policyText}{' '}
        <a href={privacyPolicy} className={linkClasses}>
          {privacy.policyLink}
        </a>
        .
      </p>
    </section>
  );
}
