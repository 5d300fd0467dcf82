import { isSampleInsurance, isSampleMediator } from '../../facts';
import { COMPANY, type CompanyFacts } from './mentions';

/**
 * Whether a devis sent now is a demonstration devis: while the insurer or the mediator a devis prints is a
 * sample value (content/placeholders.ts), « Envoyer » still sends, but a devis stamped « Devis de
 * démonstration » on its page, its PDF and its mails, which says it is no offer. The sending freezes the
 * answer with the version (FrozenDevis.demonstration). The company's facts are a parameter, as for the
 * mentions, so that a test sends a real devis.
 */
export function isDemonstration(company: CompanyFacts = COMPANY): boolean {
  return isSampleInsurance(company.site.insurance) || isSampleMediator(company.site.mediator);
}
