import { deName } from '@/lib/format';
import { typeset } from '@/lib/typography';
import { site } from './site';
import type { Site } from './types';

/** The company's facts the model form names: whom, where, and the e-mail address to write to. */
export type WithdrawalAddressee = Pick<Site, 'legalName' | 'address' | 'email'>;

/**
 * The model withdrawal form (Code de la consommation, annexe à l’article R. 221-1), filled in with the
 * company's name, address and e-mail: the one text read by the CGV (/cgv) and by the devis's PDF, which
 * attaches it where a withdrawal period applies. Its wording is the regulation's: only the company's details
 * vary (content/data/), a function of them so that a devis names those it was sent with.
 */
export function withdrawalFormOf(company: WithdrawalAddressee) {
  const { street, postalCode, city } = company.address;
  return typeset({
    title: 'Modèle de formulaire de rétractation',
    instruction:
      '(Veuillez compléter et renvoyer le présent formulaire uniquement si vous souhaitez vous rétracter du contrat.)',
    /** « À l’attention de … » : the company's name and address, then its e-mail address, then a colon. */
    addressee: {
      before: `À l’attention ${deName(company.legalName)}, ${street}, ${postalCode} ${city}, `,
      email: company.email,
      after: ' :',
    },
    fields: [
      'Je/nous (*) vous notifie/notifions (*) par la présente ma/notre (*) rétractation du contrat portant sur la vente du bien (*)/pour la prestation de services (*) ci-dessous :',
      'Commandé le (*)/reçu le (*) :',
      'Nom du (des) consommateur(s) :',
      'Adresse du (des) consommateur(s) :',
      'Signature du (des) consommateur(s) (uniquement en cas de notification du présent formulaire sur papier) :',
      'Date :',
    ],
    footnote: '(*) Rayez la mention inutile.',
  });
}

/** The form with the committed data's company, as the site's CGV print it. */
export const withdrawalForm = withdrawalFormOf(site);

/** The addressee line as plain text: « À l’attention de …, contact@… : ». */
export function withdrawalFormAddressee(form: ReturnType<typeof withdrawalFormOf>): string {
  return `${form.addressee.before}${form.addressee.email}${form.addressee.after}`;
}
