import type { Row } from '@libsql/client';
import type { SendMailOptions } from 'nodemailer';
import type { Config } from '../config';
import { mailboxKey } from '../email';
import {
  formatFrenchDay,
  isoDay,
  paths,
  REVIEW_CLIENT_PATH,
  REVIEW_OPT_OUT_PATH,
  reviewMailTexts,
  reviewRules,
  siteUrl,
} from '../facts';
import { devisReference, messageIdFor } from '../requests/mail-kinds';
import { reviewLinkLastDay } from '../requests/reviews';
import type { Db } from '../store/db';
import { refusalOf } from '../store/review-moderation';
import { optedOut, requestedReviewOf } from '../store/reviews';
import { publishedSite } from '../store/site-data';
import { mailToClient, rowText } from './mail-parts';

/**
 * The one request for a review (review_request; docs/avis.md), sent requestAfterDays after the end of the
 * works: thanks, the personal link (its secret read from the outbox row while it is pending), how long it
 * works, and the link that stops these mails, also given as List-Unsubscribe with its one-click POST
 * (RFC 8058). No longer true when its turn comes (the devis withdrawn, the mailbox opted out meanwhile, the
 * link past its last day, the secret gone): the row is cancelled, nothing reaches the client.
 */

/** The client's review page, for the link's secret. */
export function reviewLink(secret: string): string {
  return `${siteUrl}${REVIEW_CLIENT_PATH}/${secret}`;
}

export async function reviewRequestMail(
  db: Db,
  row: Row,
  config: Pick<Config, 'fromEmail' | 'notifyEmail' | 'site'>,
  now: Date,
): Promise<SendMailOptions | undefined> {
  const secret = rowText(row, 'link_secret');
  const requested = await requestedReviewOf(db, Number(row.devis_version_id));
  if (!requested || secret === '' || requested.status !== 'accepte') return undefined;
  if (reviewLinkLastDay(requested.workCompletedDay) < isoDay(now)) return undefined;
  const { content } = requested;
  if (await optedOut(db, mailboxKey(content.client.email))) return undefined;
  const link = reviewLink(secret);
  const stop = `${link}/${REVIEW_OPT_OUT_PATH}`;
  const texts = reviewMailTexts;
  const mail = mailToClient(config, {
    site: publishedSite(config.site?.sourceDir),
    to: content.client.email,
    messageId: messageIdFor(
      devisReference(String(row.reference), content.number, content.version),
      'review_request',
      config.fromEmail,
    ),
    title: texts.title,
    // The name the team typed may be a company's or a couple's: the greeting stays plain.
    name: undefined,
    blocks: [
      texts.thanks(content.subject, formatFrenchDay(requested.workCompletedDay)),
      texts.ask,
      link,
      texts.linkValid,
      `${texts.rules} ${siteUrl}${paths.reviews}`,
      texts.once,
      `${texts.optOut} ${stop}`,
    ],
    notice: texts.notice,
  });
  return {
    ...mail,
    headers: {
      ...(mail.headers as Record<string, string>),
      'List-Unsubscribe': `<${stop}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/**
 * The reason a review was refused (review_refused), as the rules word it, to its reviewer: one mail per
 * refusal. The review changed or published meanwhile: the row is cancelled.
 */
export async function reviewRefusedMail(
  db: Db,
  row: Row,
  config: Pick<Config, 'fromEmail' | 'notifyEmail' | 'site'>,
): Promise<SendMailOptions | undefined> {
  const detail = rowText(row, 'outbox_detail');
  const refusal = await refusalOf(db, Number(row.devis_version_id), detail);
  if (!refusal) return undefined;
  const reason = reviewRules.refusalReasons.find((entry) => entry.id === refusal.reason);
  if (!reason) return undefined;
  const texts = reviewMailTexts.refusal;
  return mailToClient(config, {
    site: publishedSite(config.site?.sourceDir),
    to: refusal.email,
    messageId: messageIdFor(
      devisReference(String(row.reference), String(row.devis_number), Number(row.devis_version), detail),
      'review_refused',
      config.fromEmail,
    ),
    title: texts.title,
    name: undefined,
    blocks: [texts.intro, reason.label, texts.change, `${reviewMailTexts.rules} ${siteUrl}${paths.reviews}`],
    notice: texts.notice,
  });
}
