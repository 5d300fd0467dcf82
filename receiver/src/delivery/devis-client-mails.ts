import type { Row } from '@libsql/client';
import type { SendMailOptions } from 'nodemailer';
import type { Config } from '../config';
import { acceptedDocumentSha256, proofEvents, proofPdfName } from '../documents/proof-of-version';
import {
  devisAnswerTexts,
  devisClientMailTexts,
  devisKeepSentence,
  devisTerms,
  fillTemplate,
  formatFrenchDay,
  frenchTypography,
  site,
  terms,
  withdrawalAcknowledgmentTexts,
  withdrawalForm,
  withdrawalTexts,
  isoDay,
  addDays,
} from '../facts';
import type { FrozenDevis } from '../requests/devis/draft';
import { centsOfEuros, formatCents } from '../requests/devis/money';
import { companyFactsOf } from '../requests/devis/mentions';
import { companyOf, rulesOf } from '../requests/devis/view';
import { withdrawalLastDay } from '../requests/devis/withdrawal';
import type { ClientKind } from '../requests/devis/types';
import { acceptanceDetail } from '../requests/devis/acceptance-detail';
import { eventsOf, type StoredEvent } from '../store/devis-events';
import type { Db } from '../store/db';
import { versionFacts, type VersionFacts } from '../store/devis-reads';
import { publishedSite, publishedSiteData } from '../store/site-data';
import { visible } from '../visible';
import {
  escapeHtml,
  formatDateTime,
  htmlDocument,
  htmlTable,
  mailToClient,
  requestLink,
  textLines,
} from './mail-parts';
import type { Line } from './mail-parts';
import { attachmentsSentence, demonstrationBlocks, demonstrationTitle, devisAttachments } from './devis-attachments';
import { acceptanceProof } from './proof-store';

/**
 * The mails of the client's answer on the devis's page (receiver/src/client/): the accepted devis with its proof to the client and to the company, the refusal to the
 * company. Built when the outbox's turn comes, from the outbox row (its version, its request) and the store.
 */

const fr = frenchTypography;

const texts = devisClientMailTexts;

/** Why the client receives these mails. */
export const NOTICE = texts.fromAnswer;

export function envelope(row: Row, config: Config, to: string, subject: string, text: string, html: string) {
  return {
    messageId: String(row.outbox_message_id),
    from: { name: site.name, address: config.fromEmail },
    to,
    subject: fr(subject),
    headers: { 'Auto-Submitted': 'auto-generated' },
    text,
    html,
  } satisfies SendMailOptions;
}

/**
 * Whose accepted devis the mail says is kept, with a copy on request (C. conso. L. 213-1: a consumer's
 * contract concluded electronically); the store keeps every accepted devis all the same.
 */
const KEPT_FOR_CLIENT: Record<ClientKind, boolean> = { consumer: true, nonProfessional: false, professional: false };

type Acceptance = {
  version: VersionFacts;
  accepted: StoredEvent;
  signerName: string;
  earlyStart: boolean;
  attachments: NonNullable<SendMailOptions['attachments']>;
  lines: Line[];
  withdrawal: string[];
};

/**
 * What both acceptance mails carry: the devis's PDF, the proof, the CGV that govern it (and the décennale
 * attestation where it applies), the lines, the withdrawal information.
 */
async function acceptance(db: Db, row: Row, config: Config): Promise<Acceptance | undefined> {
  const version = await versionFacts(db, Number(row.devis_version_id));
  if (!version) return undefined;
  const events = proofEvents(await eventsOf(db, version.devisId), version.version);
  const accepted = events.find((event) => event.kind === 'accepted');
  const detail = acceptanceDetail(accepted?.detail);
  if (!accepted || !detail) return undefined;
  const documentSha256 = acceptedDocumentSha256(version);
  // The proof stored at the acceptance (drawn and stored now if these mails come first): never redrawn.
  const proof = await acceptanceProof(db, version.devisId, version.version, {
    store: true,
    sourceDir: config.site?.sourceDir,
  });
  if (!proof) return undefined;
  const name = `${version.number}-v${version.version}`;
  const attachments: Acceptance['attachments'] = [
    ...(version.pdf
      ? [{ filename: `devis-${name}.pdf`, content: Buffer.from(version.pdf), contentType: 'application/pdf' }]
      : []),
    {
      filename: proofPdfName(version.number, version.version),
      content: Buffer.from(proof.pdf),
      contentType: 'application/pdf',
    },
    ...(await devisAttachments(version.content, config)),
  ];
  const rules = rulesOf(version.content);
  const lines: Line[] = [
    { label: texts.lines.devis, value: texts.lines.number(version.number, version.version) },
    { label: texts.lines.amount, value: texts.lines.ttc(formatCents(version.content.totals.ttcCents)) },
    { label: texts.lines.acceptedOn, value: texts.lines.parisTime(formatDateTime(accepted.at)) },
    { label: texts.lines.signerName, value: visible(detail.signerName) },
    ...(rules.earlyStartRequest
      ? [
          {
            label: texts.lines.earlyStart,
            value: detail.earlyStart ? texts.lines.earlyStartAsked : texts.lines.earlyStartNotAsked,
          },
        ]
      : []),
    { label: texts.lines.fingerprint, value: documentSha256 },
  ];
  // Once the client asked for an early start, « Sans demande expresse… » no longer describes their contract.
  const withdrawal = rules.texts.filter((text) => !(detail.earlyStart && text === rules.withoutEarlyStart));
  if (rules.withdrawal.applies && rules.withdrawal.runsFrom === 'conclusion') {
    const last = withdrawalLastDay(isoDay(new Date(accepted.at)));
    withdrawal.unshift(texts.accepted.withdrawUntil(formatFrenchDay(last)));
  }
  if (rules.withdrawal.applies && detail.earlyStart) withdrawal.push(withdrawalTexts.earlyStartBox);
  if (rules.modelForm) {
    // The form names the company as the devis does: the facts frozen with the version (today's if none).
    const today = companyFactsOf(publishedSiteData(config.site?.sourceDir));
    const form = withdrawalForm(companyOf(version.content, today).site);
    withdrawal.push(form.title, form.intro, form.addressee, ...form.fields, form.footnote);
  }
  if (
    KEPT_FOR_CLIENT[version.content.client.kind] &&
    version.content.totals.ttcCents >= centsOfEuros(devisTerms.electronicContractKeep.thresholdEuros)
  ) {
    withdrawal.push(devisKeepSentence(publishedSite(config.site?.sourceDir).email));
  }
  return {
    version,
    accepted,
    signerName: detail.signerName,
    earlyStart: detail.earlyStart,
    attachments,
    lines,
    withdrawal,
  };
}

export async function devisAcceptedClientMail(db: Db, row: Row, config: Config) {
  const found = await acceptance(db, row, config);
  if (!found) return undefined;
  const company = publishedSite(config.site?.sourceDir);
  return mailToClient(config, {
    site: company,
    to: found.version.content.client.email,
    messageId: String(row.outbox_message_id),
    title: demonstrationTitle(found.version.content, texts.accepted.title(found.version.number)),
    name: undefined,
    blocks: [
      ...demonstrationBlocks(found.version.content),
      texts.accepted.thanks,
      attachmentsSentence(found.version.content, config),
      found.lines,
      ...found.withdrawal,
      texts.questions(company.phone),
    ],
    notice: NOTICE,
    attachments: found.attachments,
  });
}

export async function devisAcceptedCompanyMail(db: Db, row: Row, config: Config) {
  const found = await acceptance(db, row, config);
  if (!found) return undefined;
  const client = found.version.content.client;
  const title = demonstrationTitle(
    found.version.content,
    `Devis n° ${found.version.number} accepté par ${visible(client.name)}`,
  );
  const link = requestLink(config, String(row.reference));
  const lines: Line[] = [...found.lines, { label: 'Demande', value: link }];
  const note = fr(
    `Le client a reçu le même devis et la même preuve. Répondez à ce message pour lui écrire (${client.email}).`,
  );
  const text = [textLines(lines), '', note, ''].join('\n');
  const html = htmlDocument(fr(title), `${htmlTable(lines)}<p>${escapeHtml(note)}</p>`);
  return {
    ...envelope(row, config, config.notifyEmail, title, text, html),
    replyTo: client.email,
    attachments: found.attachments,
  };
}

export async function devisRefusedCompanyMail(db: Db, row: Row, config: Config) {
  const version = await versionFacts(db, Number(row.devis_version_id));
  if (!version) return undefined;
  const refused = (await eventsOf(db, version.devisId)).find(
    (event) => event.version === version.version && event.kind === 'refused',
  );
  if (!refused) return undefined;
  const client = version.content.client;
  const title = `Devis n° ${version.number} refusé par ${visible(client.name)}`;
  const lines: Line[] = [
    { label: 'Devis', value: fr(`n° ${version.number}, version ${version.version}`) },
    { label: 'Montant', value: fr(`${formatCents(version.content.totals.ttcCents)} TTC`) },
    { label: 'Refusé le', value: fr(`${formatDateTime(refused.at)} (heure de Paris)`) },
    { label: 'Motif', value: refused.detail ? visible(refused.detail) : 'aucun' },
    { label: 'Demande', value: requestLink(config, String(row.reference)) },
  ];
  const text = [textLines(lines), ''].join('\n');
  const html = htmlDocument(fr(title), htmlTable(lines));
  return { ...envelope(row, config, config.notifyEmail, title, text, html), replyTo: client.email };
}

/**
 * What a withdrawal brings, for the acknowledgment (L. 221-23 to L. 221-25): the refund's last day and means;
 * for a devis with goods, their taking back at our cost; after an early start, the proportional amount due.
 */
function withdrawalConsequences(content: FrozenDevis, events: StoredEvent[], version: number, at: Date): string[] {
  const accepted = events.find((event) => event.version === version && event.kind === 'accepted');
  const earlyStart = acceptanceDetail(accepted?.detail)?.earlyStart === true;
  const refundDay = addDays(isoDay(at), terms.refundDays);
  return [
    fillTemplate(withdrawalAcknowledgmentTexts.refund, { date: formatFrenchDay(refundDay) }),
    ...(content.lines.some((line) => line.kind === 'goods') ? [withdrawalAcknowledgmentTexts.goods] : []),
    ...(earlyStart ? [withdrawalAcknowledgmentTexts.earlyStart] : []),
  ];
}

/**
 * The refusal's acknowledgment to the client: whoever refused with the link, the client learns that the
 * devis was refused and whom to contact if it was not them. The reason typed is not repeated: the mail
 * carries no text of the refuser's choosing.
 */
export async function devisRefusedClientMail(db: Db, row: Row, config: Config) {
  const version = await versionFacts(db, Number(row.devis_version_id));
  if (!version) return undefined;
  const refused = (await eventsOf(db, version.devisId)).find(
    (event) => event.version === version.version && event.kind === 'refused',
  );
  if (!refused) return undefined;
  const refusedMail = devisAnswerTexts.refusedMail;
  const lines: Line[] = [
    { label: texts.lines.devis, value: texts.lines.number(version.number, version.version) },
    { label: texts.lines.amount, value: texts.lines.ttc(formatCents(version.content.totals.ttcCents)) },
    { label: refusedMail.refusedOn, value: texts.lines.parisTime(formatDateTime(refused.at)) },
  ];
  const company = publishedSite(config.site?.sourceDir);
  return mailToClient(config, {
    site: company,
    to: version.content.client.email,
    messageId: String(row.outbox_message_id),
    title: demonstrationTitle(version.content, fr(`${refusedMail.title} ${version.number}`)),
    name: undefined,
    blocks: [
      ...demonstrationBlocks(version.content),
      refusedMail.intro,
      lines,
      fr(`${refusedMail.notYou} ${company.phone}.`),
    ],
    notice: NOTICE,
  });
}

/**
 * A withdrawal online: its acknowledgment to the client, on a durable medium and without delay (C. conso.
 * L. 221-21), or the notice to the company.
 */
export async function devisWithdrawnMail(db: Db, row: Row, config: Config, to: 'client' | 'company') {
  const version = await versionFacts(db, Number(row.devis_version_id));
  if (!version) return undefined;
  const events = await eventsOf(db, version.devisId);
  const withdrawn = events.find((event) => event.version === version.version && event.kind === 'withdrawn');
  if (!withdrawn) return undefined;
  const client = version.content.client;
  const lines: Line[] = [
    { label: texts.lines.devis, value: texts.lines.number(version.number, version.version) },
    { label: texts.lines.amount, value: texts.lines.ttc(formatCents(version.content.totals.ttcCents)) },
    { label: texts.lines.withdrawnOn, value: texts.lines.parisTime(formatDateTime(withdrawn.at)) },
  ];
  if (to === 'company') {
    const title = `Devis n° ${version.number} : rétractation de ${visible(client.name)}`;
    const all = [...lines, { label: 'Demande', value: requestLink(config, String(row.reference)) }];
    const note = fr(
      'Le client s’est rétracté en ligne ; il a reçu l’accusé de réception. Les sommes reçues lui sont remboursées au plus tard dans les 14 jours (article L. 221-24 du Code de la consommation).',
    );
    return {
      ...envelope(
        row,
        config,
        config.notifyEmail,
        title,
        `${textLines(all)}\n\n${note}\n`,
        htmlDocument(fr(title), `${htmlTable(all)}<p>${escapeHtml(note)}</p>`),
      ),
      replyTo: client.email,
    };
  }
  const company = publishedSite(config.site?.sourceDir);
  return mailToClient(config, {
    site: company,
    to: client.email,
    messageId: String(row.outbox_message_id),
    title: texts.withdrawn.title(version.number),
    name: undefined,
    blocks: [
      withdrawalAcknowledgmentTexts.received,
      lines,
      ...withdrawalConsequences(version.content, events, version.version, new Date(withdrawn.at)),
      texts.questions(company.phone),
    ],
    notice: NOTICE,
  });
}
