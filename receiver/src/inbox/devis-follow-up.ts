import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { mailboxKey } from '../email';
import { devisPaymentMeans, NBSP, type DevisPaymentMean, isoDay } from '../facts';
import {
  followUpDayError,
  parseDay,
  paymentError,
  withdrawalPeriod,
  type WithdrawalPeriod,
} from '../requests/devis/follow-up';
import { rulesOf } from '../requests/devis/view';
import { paymentAllowedFromDay, type PaymentRule } from '../requests/devis/withdrawal';
import type { Db } from '../store/db';
import {
  followUpOf,
  recordFollowUpDay,
  recordPayment,
  type FollowUpKind,
  type StoredPayment,
} from '../store/devis-follow-up';
import { findDevis, type StoredDevis } from '../store/devis-queries';
import { recordAudit } from '../store/audit';
import { frozenContentOf } from '../store/devis-reads';
import { optOut } from '../store/reviews';
import { referenceOfRequest } from '../store/request-queries';
import { sendNotFound } from './not-found';
import { parseDecimal } from './devis-form';
import { href, ROUTES } from './paths';
import { DevisParams } from './schemas';
import { signedIn } from './signed-in';

/**
 * After the acceptance, on the inbox's devis page (docs/devis.md, « Après l'acceptation »): « Marchandises
 * reçues par le client le », « Travaux entièrement exécutés le » and « Paiement reçu », one form each, posted
 * to ROUTES.devisFollowUp with `action` = goods, work or payment. A refused form comes back on the devis page
 * with its message and what was typed; a recorded one redirects (post/redirect/get). The rules are in
 * requests/devis/follow-up.ts, the storage in store/devis-follow-up.ts. Registered inside devis-pages.ts (the
 * guarded scope: no session, no page; every POST carries the token).
 */

/** What a refused follow-up form gives back to the devis page. */
export type FollowUpForm = {
  action: string;
  date: string;
  amount: string;
  means: string;
  error: string;
};

/** The devis page's part after the acceptance (inbox/ui/devis-follow-up.tsx). */
export type FollowUpView = {
  acceptedOn: string;
  /** Today (Paris): the latest day a form accepts. */
  today: string;
  earlyStart: boolean;
  /** The withdrawal right runs from the goods' receipt (a line is goods). */
  goods: boolean;
  period: WithdrawalPeriod;
  goodsReceivedDay?: string;
  workCompletedDay?: string;
  withdrawnOn?: string;
  /** The forms are offered (the devis is accepted, not withdrawn). */
  open: boolean;
  payment: PaymentRule;
  /** Off premises: the first day a payment may be received (L. 221-10). */
  paymentFrom?: string;
  payments: StoredPayment[];
  totalCents: number;
  paidCents: number;
  form?: FollowUpForm;
};

export const FOLLOW_UP_NOTICES: Record<string, string> = {
  marchandises: 'Réception des marchandises enregistrée.',
  travaux: 'Fin des travaux enregistrée.',
  paiement: 'Paiement enregistré.',
};

/** The form's fields, each a string (the route gives its own French message for anything wrong). */
export const FollowUpBody = Type.Object({
  action: Type.Optional(Type.String({ maxLength: 20 })),
  date: Type.Optional(Type.String({ maxLength: 100 })),
  montant: Type.Optional(Type.String({ maxLength: 100 })),
  moyen: Type.Optional(Type.String({ maxLength: 100 })),
  /** With the end of the works: the client asked not to be asked for a review. */
  sans_avis: Type.Optional(Type.String({ maxLength: 10 })),
});

/** The devis page's part after the acceptance; undefined for a devis never accepted. */
export async function followUpView(
  db: Db,
  devis: StoredDevis,
  now: Date,
  form?: FollowUpForm,
): Promise<FollowUpView | undefined> {
  if (devis.status !== 'accepte' && devis.status !== 'retracte') return undefined;
  const record = await followUpOf(db, devis.id);
  const accepted = record.accepted;
  const content = accepted && (await frozenContentOf(db, devis.id, devis.currentVersion));
  if (!accepted || !content) return undefined;
  const rules = rulesOf(content);
  const paidCents = record.payments.reduce((sum, payment) => sum + payment.amountCents, 0);
  return {
    acceptedOn: isoDay(accepted.acceptedAt),
    today: isoDay(now),
    earlyStart: accepted.earlyStart,
    goods: rules.withdrawal.applies && rules.withdrawal.runsFrom === 'goods-receipt',
    period: withdrawalPeriod(rules.withdrawal, accepted, now),
    ...(accepted.goodsReceivedDay ? { goodsReceivedDay: accepted.goodsReceivedDay } : {}),
    ...(accepted.workCompletedDay ? { workCompletedDay: accepted.workCompletedDay } : {}),
    ...(record.withdrawnAt ? { withdrawnOn: isoDay(record.withdrawnAt) } : {}),
    open: devis.status === 'accepte',
    payment: rules.payment,
    ...(rules.payment === 'wait' ? { paymentFrom: paymentAllowedFromDay(accepted.acceptedAt) } : {}),
    payments: record.payments,
    totalCents: content.totals.ttcCents,
    paidCents,
    ...(form ? { form } : {}),
  };
}

export type DevisFollowUpOptions = {
  db: Db;
  now: () => Date;
  /** The devis page (devis-pages.ts), with a refused form given back. */
  summary: (
    request: FastifyRequest,
    reply: FastifyReply,
    devis: StoredDevis,
    extra: { followUp?: FollowUpForm },
    status: number,
  ) => Promise<FastifyReply>;
};

const ACTIONS: Record<string, FollowUpKind | 'payment'> = {
  goods: 'goods_received',
  work: 'work_completed',
  payment: 'payment',
};

const devisFollowUp: FastifyPluginAsyncTypebox<DevisFollowUpOptions> = async (app, { db, now, summary }) => {
  app.post(ROUTES.devisFollowUp, { schema: { params: DevisParams, body: FollowUpBody } }, async (request, reply) => {
    const devis = await findDevis(db, Number(request.params.id));
    if (!devis) return sendNotFound(request, reply);
    const at = now();
    const body = request.body;
    const form = {
      action: body.action ?? '',
      date: body.date ?? '',
      amount: body.montant ?? '',
      means: body.moyen ?? '',
    };
    const refuse = (error: string, status = 400) =>
      summary(request, reply, devis, { followUp: { ...form, error } }, status);
    const action = Object.hasOwn(ACTIONS, form.action) ? ACTIONS[form.action] : undefined;
    if (!action) return refuse('Choisissez ce que vous enregistrez.');
    const view = await followUpView(db, devis, at);
    if (!view || !view.open) {
      return refuse(
        devis.status === 'retracte'
          ? `Le client s’est rétracté${NBSP}: plus rien ne s’enregistre sur ce devis.`
          : `Ce devis n’est pas accepté${NBSP}: rien ne s’enregistre avant l’acceptation du client.`,
        409,
      );
    }
    const day = parseDay(form.date);
    const dayError = followUpDayError(day, new Date(`${view.acceptedOn}T12:00:00Z`), at);
    const { member } = signedIn(request);
    const reference = await referenceOfRequest(db, devis.requestId);

    if (action === 'payment') {
      const amountCents = parseDecimal(form.amount, 2);
      const means = Object.hasOwn(devisPaymentMeans, form.means) ? (form.means as DevisPaymentMean) : undefined;
      if (amountCents === undefined) return refuse('Saisissez le montant reçu en euros, par exemple 150,00.');
      if (!means) return refuse('Choisissez le moyen de paiement.');
      if (dayError || !day) return refuse(dayError ?? 'Saisissez une date.');
      const refused = paymentError({
        rule: view.payment,
        acceptedAt: new Date(`${view.acceptedOn}T12:00:00Z`),
        day,
        amountCents,
        paidCents: view.paidCents,
        totalCents: view.totalCents,
      });
      if (refused) return refuse(refused);
      const recorded = await recordPayment(
        db,
        {
          devisId: devis.id,
          version: devis.currentVersion,
          amountCents,
          day,
          means,
          userId: member.id,
          totalCents: view.totalCents,
        },
        at,
      );
      if (!recorded)
        return refuse(
          `Le devis a changé entre-temps (un autre paiement, une rétractation)${NBSP}: rechargez la page.`,
          409,
        );
      await recordAudit(
        db,
        { userId: member.id, action: 'devis_payment', reference, detail: `${devis.number} ${amountCents} ${day}` },
        at,
      );
      return reply.redirect(`${href.devis(devis.id)}?fait=paiement`, 303);
    }

    if (action === 'goods_received' && !view.goods) {
      return refuse(
        `Le délai de rétractation de ce devis ne court pas de la réception de biens${NBSP}: rien à enregistrer.`,
      );
    }
    if (dayError || !day) return refuse(dayError ?? 'Saisissez une date.');
    const recorded = await recordFollowUpDay(
      db,
      { devisId: devis.id, version: devis.currentVersion, kind: action, day, userId: member.id },
      at,
    );
    if (!recorded) {
      return refuse(
        action === 'goods_received'
          ? 'La réception des marchandises est déjà enregistrée.'
          : 'La fin des travaux est déjà enregistrée.',
        409,
      );
    }
    // The client told the team they want no review request (by phone, in a meeting): their mailbox is
    // recorded as the mail's own « ne plus recevoir ce type de message » records it (docs/avis.md).
    const noReview = action === 'work_completed' && body.sans_avis === 'oui';
    if (noReview) {
      const content = await frozenContentOf(db, devis.id, devis.currentVersion);
      if (content) await optOut(db, mailboxKey(content.client.email), at);
    }
    await recordAudit(
      db,
      {
        userId: member.id,
        action: `devis_${action}`,
        reference,
        detail: `${devis.number} ${day}${noReview ? ' sans demande d’avis' : ''}`,
      },
      at,
    );
    return reply.redirect(
      `${href.devis(devis.id)}?fait=${action === 'goods_received' ? 'marchandises' : 'travaux'}`,
      303,
    );
  });
};

export default devisFollowUp;
