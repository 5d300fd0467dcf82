import { deName } from '@/lib/format';
import { typeset } from '@/lib/typography';
import { fullAddress, site } from './site';

/**
 * The model withdrawal form (Code de la consommation, annexe à l’article R. 221-1), filled in with the
 * company's name, address and e-mail: the one text read by the CGV (/cgv) and by the devis's PDF, which
 * attaches it where a withdrawal period applies. Its wording is the regulation's: change only the company's
 * details, in content/site.ts.
 */
export const withdrawalForm = typeset({
  title: 'Modèle de formulaire de rétractation',
  instruction:
    '(Veuillez compléter et renvoyer le présent formulaire uniquement si vous souhaitez vous rétracter du contrat.)',
  /** « À l’attention de … » : the company's name and address, then its e-mail address, then a colon. */
  addressee: { before: `À l’attention ${deName(site.legalName)}, ${fullAddress}, `, email: site.email, after: ' :' },
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

/** The addressee line as plain text: « À l’attention de …, contact@… : ». */
export const withdrawalFormAddressee = `${withdrawalForm.addressee.before}${withdrawalForm.addressee.email}${withdrawalForm.addressee.after}`;
