import type { Row } from '@libsql/client';
import type { SendMailOptions } from 'nodemailer';
import type { Config } from '../config';
import type { MailKind } from '../requests/mail-kinds';
import { type Db } from '../store/db';
import { toRequest } from '../store/request-queries';
import type { Layout } from '../store/storage';
import { companyMail, visitorMail } from './request-mails';
import { passkeyMail } from './member-mails';
import { siteDeployFailedMail } from './site-mails';
import { teamMail } from './reminder-mails';
import { checkAgainstDevis, terminationById } from '../store/termination-queries';
import { terminationClientMail, terminationCompanyMail, terminationDevisClientMail } from './termination-mails';
import { devisSentMail } from './devis-mails';
import { devisReminderMail } from './devis-reminder-mails';
import { devisReminderClientMail } from './devis-reminder-client-mail';
import {
  devisAcceptedClientMail,
  devisAcceptedCompanyMail,
  devisRefusedCompanyMail,
  devisRefusedClientMail,
  devisWithdrawnMail,
} from './devis-client-mails';
import { devisCodeMail, devisCodesCappedMail } from './devis-code-mails';
import { reviewRefusedMail, reviewRequestMail } from './review-mails';

/**
 * How each kind of mail (requests/mail-kinds.ts) is written when its turn comes in the outbox: from its
 * outbox row, joined with its request's columns (none for a day's mail). undefined: no longer needed (the
 * request was called back, nothing is open), the row is cancelled. The type lists every kind of the
 * registry: a kind added there does not compile until its builder is here.
 */

export type MailContext = {
  db: Db;
  /** The outbox row (outbox_id, kind, without_file, digest_day…), its request's columns, `confirmation`. */
  row: Row;
  config: Config;
  dirs: Layout;
  now: Date;
};

export type MailBuilder = (context: MailContext) => SendMailOptions | undefined | Promise<SendMailOptions | undefined>;

export const MAIL_BUILDERS: { readonly [Kind in MailKind]: MailBuilder } = {
  company: ({ row, config, dirs }) =>
    companyMail(toRequest(row), config, dirs, {
      confirmation: Number(row.confirmation) === 1,
      rescued: Number(row.rescued) === 1,
      withoutFile: Number(row.without_file) === 1,
    }),
  visitor: ({ row, config }) => visitorMail(toRequest(row), config),
  reminder: ({ db, row, config, now }) => teamMail(db, 'reminder', row, config, now),
  late: ({ db, row, config, now }) => teamMail(db, 'late', row, config, now),
  digest: ({ db, row, config, now }) => teamMail(db, 'digest', row, config, now),
  passkey: ({ db, row, config }) => passkeyMail(db, row, config),
  site_deploy_failed: ({ db, row, config }) => siteDeployFailedMail(db, row, config),
  // A termination's mails read their termination and the devis its reference names (undefined: erased
  // meanwhile, the row is cancelled).
  termination_company: async ({ db, row, config }) => {
    const termination = await terminationById(db, Number(row.termination_id));
    if (!termination) return undefined;
    const check = await checkAgainstDevis(db, termination);
    return terminationCompanyMail(termination, config, { confirmation: Number(row.acknowledged) === 1, check });
  },
  termination_client: async ({ db, row, config }) => {
    const termination = await terminationById(db, Number(row.termination_id));
    return termination && terminationClientMail(termination, config, await checkAgainstDevis(db, termination));
  },
  termination_devis_client: async ({ db, row, config }) => {
    const termination = await terminationById(db, Number(row.termination_id));
    const check = termination && (await checkAgainstDevis(db, termination));
    return termination && check && terminationDevisClientMail(termination, config, check);
  },
  devis_sent: ({ db, row, config }) => devisSentMail(db, row, config),
  devis_not_opened: ({ db, row, config }) => devisReminderMail(db, 'devis_not_opened', row, config),
  devis_not_answered: ({ db, row, config }) => devisReminderMail(db, 'devis_not_answered', row, config),
  devis_expiring: ({ db, row, config }) => devisReminderMail(db, 'devis_expiring', row, config),
  // The client's answer on the devis's page (delivery/devis-client-mails.ts, devis-code-mails.ts).
  devis_code: ({ db, row, config, now }) => devisCodeMail(db, row, config, now),
  devis_accepted_client: ({ db, row, config }) => devisAcceptedClientMail(db, row, config),
  devis_accepted_company: ({ db, row, config }) => devisAcceptedCompanyMail(db, row, config),
  devis_refused_company: ({ db, row, config }) => devisRefusedCompanyMail(db, row, config),
  devis_refused_client: ({ db, row, config }) => devisRefusedClientMail(db, row, config),
  devis_codes_capped: ({ db, row, config }) => devisCodesCappedMail(db, row, config),
  devis_withdrawn_client: ({ db, row, config }) => devisWithdrawnMail(db, row, config, 'client'),
  devis_withdrawn_company: ({ db, row, config }) => devisWithdrawnMail(db, row, config, 'company'),
  // « Relancer le client » (delivery/devis-reminder-client-mail.ts).
  devis_reminder_client: ({ db, row, config, now }) => devisReminderClientMail(db, row, config, now),
  // The request for a review after the works (delivery/review-mails.ts).
  review_request: ({ db, row, config, now }) => reviewRequestMail(db, row, config, now),
  review_refused: ({ db, row, config }) => reviewRefusedMail(db, row, config),
};
