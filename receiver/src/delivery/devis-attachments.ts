import { readFile } from 'node:fs/promises';
import type { SendMailOptions } from 'nodemailer';
import type { Config } from '../config';
import { cgvPdfOn } from '../documents/render';
import { cgvVersionOn, decennialAttestationFile, demoDevis, formatFrenchDay, frenchTypography, isoDay } from '../facts';
import type { FrozenDevis } from '../requests/devis/draft';
import { publishedCgvVersions } from '../store/site-data';

/**
 * What goes with a devis besides its own PDF, in the mail that sends it (devis_sent) and in its acceptance
 * mails: the PDF of the CGV version that governs it (the version in force on the devis's date, Paris, among
 * the versions published: store/site-data.ts publishedCgvVersions), and the décennale attestation where the
 * team ticked « Travaux relevant de la garantie décennale ». And the stamp of a demonstration devis on those
 * mails.
 */

type Attachment = NonNullable<SendMailOptions['attachments']>[number];

/** The devis's date: the day (Paris) its version was sent. */
export function devisDay(content: Pick<FrozenDevis, 'issuedAt'>): string {
  return isoDay(new Date(content.issuedAt));
}

/**
 * The CGV of the devis's date and, for works under the décennale, the attestation. A devis that says its
 * attestation is attached is never sent without it: with no attestation configured, building the mail
 * fails, and the outbox tries again (« Envoyer » refuses such a devis in the first place).
 */
export async function devisAttachments(
  content: Pick<FrozenDevis, 'issuedAt' | 'decennial'>,
  config: Pick<Config, 'decennialAttestation' | 'site'>,
): Promise<Attachment[]> {
  const cgv = await cgvPdfOn(devisDay(content), publishedCgvVersions(config.site?.sourceDir));
  const attachments: Attachment[] = [
    { filename: cgv.filename, content: Buffer.from(cgv.content), contentType: 'application/pdf' },
  ];
  if (content.decennial) {
    if (!config.decennialAttestation) {
      throw new Error('devis under the décennale: QUOTE_DECENNIAL_ATTESTATION is not set');
    }
    attachments.push({
      filename: decennialAttestationFile,
      content: await readFile(config.decennialAttestation),
      contentType: 'application/pdf',
    });
  }
  return attachments;
}

/** The sentence that says what is attached besides the devis. */
export function attachmentsSentence(
  content: Pick<FrozenDevis, 'issuedAt' | 'decennial'>,
  config: Pick<Config, 'site'>,
): string {
  const version = formatFrenchDay(cgvVersionOn(devisDay(content), publishedCgvVersions(config.site?.sourceDir)).date);
  return frenchTypography(
    content.decennial
      ? `Nos conditions générales de vente applicables à ce devis (version du ${version}) et notre attestation d’assurance décennale sont jointes également.`
      : `Nos conditions générales de vente applicables à ce devis (version du ${version}) sont jointes également.`,
  );
}

/** A demonstration devis's mail subject: « Devis de démonstration – » before it. */
export function demonstrationTitle(content: Pick<FrozenDevis, 'demonstration'>, title: string): string {
  return content.demonstration ? frenchTypography(`${demoDevis.stamp} – ${title}`) : title;
}

/** A demonstration devis's mail opens with the stamp and what it means; a real devis's with nothing. */
export function demonstrationBlocks(content: Pick<FrozenDevis, 'demonstration'>): string[] {
  return content.demonstration ? [`${demoDevis.stamp}. ${demoDevis.notice}`] : [];
}
