import type { Row } from '@libsql/client';
import type { SendMailOptions } from 'nodemailer';
import type { Config } from '../config';
import { devisAnswerTexts, devisClientMailTexts, devisCodeRules, frenchTypography, NBSP } from '../facts';
import { rulesOf } from '../requests/devis/view';
import { codeForMail, codeTally } from '../store/devis-codes';
import type { Db } from '../store/db';
import { versionFacts } from '../store/devis-reads';
import { publishedSite } from '../store/site-data';
import { visible } from '../visible';
import { envelope, NOTICE } from './devis-client-mails';
import { escapeHtml, htmlDocument, htmlTable, mailToClient, requestLink, textLines, type Line } from './mail-parts';
import { demonstrationBlocks, demonstrationTitle } from './devis-attachments';

/**
 * The mails of the codes that confirm an acceptance on the devis's page (receiver/src/client/): the code to
 * the client, and the team's notice once a version reached its caps on codes. Built when the outbox's turn
 * comes, like the other mails of the client's answer (devis-client-mails.ts).
 */

const fr = frenchTypography;
const texts = devisClientMailTexts;

/**
 * The code's mail: the six digits, how long they last, and what they will confirm (the name typed, the
 * early-start choice where the devis offers it), shown as facts under their labels and nothing else the form
 * received: the mail carries no sentence of the requester's choosing.
 */
export async function devisCodeMail(db: Db, row: Row, config: Config, now: Date): Promise<SendMailOptions | undefined> {
  const found = await codeForMail(db, Number(row.outbox_detail), now);
  const version = await versionFacts(db, Number(row.devis_version_id));
  // Used, dead, replaced or past its time: no longer needed.
  if (!found || !version) return undefined;
  const recap = devisAnswerTexts.recap;
  const confirms: Line[] = [
    { label: recap.name, value: visible(found.detail.signerName) },
    ...(rulesOf(version.content).earlyStartRequest
      ? [{ label: recap.earlyStart, value: found.detail.earlyStart ? recap.asked : recap.notAsked }]
      : []),
  ];
  const company = publishedSite(config.site?.sourceDir);
  return mailToClient(config, {
    site: company,
    to: version.content.client.email,
    messageId: String(row.outbox_message_id),
    title: demonstrationTitle(version.content, texts.code.title(version.number)),
    name: undefined,
    blocks: [
      ...demonstrationBlocks(version.content),
      texts.code.code(found.code),
      texts.code.validity(devisCodeDurationLabel()),
      devisAnswerTexts.codeConfirms,
      confirms,
      texts.code.notYou(company.phone),
    ],
    notice: NOTICE,
  });
}

function devisCodeDurationLabel(): string {
  return `${devisCodeRules.validMinutes}${NBSP}minutes`;
}

/**
 * The team's notice that a version reached its caps on codes (requests/devis/codes.ts): online acceptance is
 * frozen on it, what to do. Once per version.
 */
export async function devisCodesCappedMail(db: Db, row: Row, config: Config) {
  const version = await versionFacts(db, Number(row.devis_version_id));
  if (!version) return undefined;
  const tally = await codeTally(db, version);
  const cappedMail = devisAnswerTexts.cappedMail;
  const client = version.content.client;
  const title = `Devis n° ${version.number} : ${cappedMail.title}`;
  const lines: Line[] = [
    { label: 'Devis', value: fr(`n° ${version.number}, version ${version.version}`) },
    { label: 'Client', value: visible(client.name) },
    { label: cappedMail.codes, value: String(tally.codes) },
    { label: cappedMail.wrong, value: String(tally.wrong) },
    { label: 'Demande', value: requestLink(config, String(row.reference)) },
  ];
  const text = [textLines(lines), '', cappedMail.body, ''].join('\n');
  const html = htmlDocument(fr(title), `${htmlTable(lines)}<p>${escapeHtml(cappedMail.body)}</p>`);
  return { ...envelope(row, config, config.notifyEmail, title, text, html), replyTo: client.email };
}
