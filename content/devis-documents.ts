import { typeset } from '@/lib/typography';

/**
 * The fixed sentences of the devis's documents drawn by the receiver (receiver/src/documents/): the page of
 * proof sent with an accepted devis. The model withdrawal form is in content/withdrawal-form.ts.
 */
export const proofTexts = typeset({
  title: 'Preuve d’acceptation',
  /** Under the title: what the page is. */
  intro:
    'Ce document retrace l’acceptation en ligne du devis ci-dessous : chaque étape, son heure, l’adresse IP et le navigateur qui l’ont faite.',
  signature:
    'Signature électronique simple (articles 1366 et 1367 du Code civil ; article 25 du règlement (UE) n° 910/2014, dit eIDAS) : le client a saisi son nom, coché « Bon pour accord » et confirmé par le code à six chiffres envoyé à son adresse e-mail.',
  hash: 'Empreinte SHA-256 du devis accepté (fichier PDF)',
  hashHelp:
    'Toute modification du fichier PDF du devis, même d’un seul caractère, change cette empreinte : elle permet de vérifier que le devis conservé est bien celui qui a été accepté.',
  signer: 'Nom saisi par le signataire',
  columns: { event: 'Étape', at: 'Date et heure (heure de Paris)', address: 'Adresse IP', browser: 'Navigateur' },
});
