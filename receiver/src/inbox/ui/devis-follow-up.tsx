import { devisPaymentMeans, formatFrenchDay, reviewRules, typeset } from '../../facts';
import { formatCents } from '../../requests/devis/money';
import type { FollowUpView } from '../devis-follow-up';
import { href } from '../paths';
import { Choice } from './fields';

type DevisFollowUpProps = { devisId: number; csrfToken: string; view: FollowUpView };

function periodText(view: FollowUpView): string {
  const { period } = view;
  switch (period.state) {
    case 'none':
      return 'Aucun droit de rétractation pour ce contrat.';
    case 'open':
      return period.lastDay
        ? `Le client peut se rétracter jusqu’au ${formatFrenchDay(period.lastDay)} inclus.`
        : 'Le client peut se rétracter jusqu’au quatorzième jour après la réception des marchandises, pas encore enregistrée.';
    case 'ended':
      return `Le délai de rétractation a pris fin le ${formatFrenchDay(period.lastDay)}.`;
    case 'lost':
      return `Le droit de rétractation a pris fin le ${formatFrenchDay(period.completedDay)} : les travaux ont été entièrement exécutés, à la demande expresse du client (article L. 221-28, 1°, du Code de la consommation).`;
  }
}

/** The form's message, when the refused form is this one. */
function FormError({ view, action }: { view: FollowUpView; action: string }) {
  if (view.form?.action !== action) return null;
  return (
    <p role="alert" className="error" id={`erreur-suivi-${action}`}>
      {view.form.error}
    </p>
  );
}

/** What was typed in a refused form, for its own fields only. */
function typed(view: FollowUpView, action: string, field: 'date' | 'amount' | 'means'): string | undefined {
  return view.form?.action === action ? view.form[field] : undefined;
}

function DayForm(
  props: DevisFollowUpProps & {
    action: 'goods' | 'work';
    label: string;
    button: string;
    hint: string;
    /** What else the day starts (the review request, for the work). */
    then?: string;
    /** A box to tick when the client asked not to get what `then` announces. */
    without?: string;
  },
) {
  const { devisId, csrfToken, view, action } = props;
  const id = `suivi-${action}-date`;
  return (
    <form method="post" action={href.devisFollowUp(devisId)}>
      <input type="hidden" name="_csrf" value={csrfToken} />
      <input type="hidden" name="action" value={action} />
      <FormError view={view} action={action} />
      <label htmlFor={id}>{props.label}</label>
      <p className="meta">{typeset(props.hint)}</p>
      {props.then ? <p className="meta">{typeset(props.then)}</p> : null}
      <input
        id={id}
        name="date"
        type="date"
        required
        min={view.acceptedOn}
        max={view.today}
        defaultValue={typed(view, action, 'date') ?? view.today}
      />
      {props.without ? (
        <Choice>
          <input type="checkbox" id={`suivi-${action}-sans-avis`} name="sans_avis" value="oui" />
          <label htmlFor={`suivi-${action}-sans-avis`}>{typeset(props.without)}</label>
        </Choice>
      ) : null}
      <div className="actions">
        <button type="submit">{props.button}</button>
      </div>
    </form>
  );
}

/**
 * The devis page's part after the acceptance: the withdrawal period as it stands, the goods received, the work
 * done, the payments and the balance; a form for each while the devis is accepted.
 */
export function DevisFollowUp(props: DevisFollowUpProps) {
  const { devisId, csrfToken, view } = props;
  const due = view.totalCents - view.paidCents;
  const services = !view.goods && view.period.state !== 'none';
  const shown: Record<string, boolean> = {
    goods: view.open && view.goods && !view.goodsReceivedDay,
    work: view.open && !view.workCompletedDay,
    payment: view.open && due > 0,
  };
  // A refused form's message goes beside it; when that form is no longer offered, at the top.
  const orphan = view.form && !shown[view.form.action] ? view.form.error : undefined;
  return (
    <section aria-labelledby="suivi-titre">
      <h2 id="suivi-titre">Après l’acceptation</h2>
      {orphan ? (
        <p role="alert" className="error">
          {orphan}
        </p>
      ) : null}
      <dl className="fields">
        <dt>Accepté le</dt>
        <dd>{formatFrenchDay(view.acceptedOn)}</dd>
        <dt>Début anticipé demandé</dt>
        <dd>{view.earlyStart ? 'Oui' : 'Non'}</dd>
        <dt>Rétractation</dt>
        <dd>
          {view.withdrawnOn
            ? `Le client s’est rétracté le ${formatFrenchDay(view.withdrawnOn)}.`
            : typeset(periodText(view))}
        </dd>
        {view.goods ? (
          <>
            <dt>Marchandises reçues</dt>
            <dd>{view.goodsReceivedDay ? formatFrenchDay(view.goodsReceivedDay) : 'pas encore enregistré'}</dd>
          </>
        ) : null}
        <dt>Travaux entièrement exécutés</dt>
        <dd>{view.workCompletedDay ? formatFrenchDay(view.workCompletedDay) : 'pas encore enregistré'}</dd>
      </dl>
      {view.open && view.period.state === 'open' && !view.earlyStart ? (
        <p role="note" className="error">
          {typeset(
            `Le client n’a pas demandé que les travaux commencent avant la fin du délai de rétractation : des travaux exécutés pendant ce délai le sont aux risques de l’entreprise (s’il se rétracte, il ne doit rien, article L. 221-25 du Code de la consommation).`,
          )}
        </p>
      ) : null}
      {shown.goods ? (
        <DayForm
          {...props}
          action="goods"
          label="Marchandises reçues par le client le"
          button="Enregistrer la réception"
          hint="Le délai de rétractation de 14 jours court à partir de ce jour (article L. 221-18 du Code de la consommation) : la page du client affichera son dernier jour."
        />
      ) : null}
      {shown.work ? (
        <DayForm
          {...props}
          action="work"
          label="Travaux entièrement exécutés le"
          button="Enregistrer la fin des travaux"
          then={`${reviewRules.requestAfterDays === 1 ? 'Le lendemain' : `${reviewRules.requestAfterDays} jours après`}, le client reçoit par e-mail une seule demande d’avis (sauf s’il a demandé à ne plus en recevoir).`}
          without="Le client a demandé à ne pas être sollicité pour un avis"
          hint={
            services && view.earlyStart
              ? 'Le client a demandé le début anticipé : s’il est encore dans le délai, son droit de rétractation prend fin ce jour-là (article L. 221-28, 1°, du Code de la consommation).'
              : view.goods
                ? 'Le contrat comprend des biens : la fin des travaux ne met pas fin au droit de rétractation, qui court de leur réception.'
                : services
                  ? 'Sans demande de début anticipé, cette date ne change rien au droit de rétractation du client (article L. 221-25 du Code de la consommation).'
                  : 'Une date pour le suivi du chantier.'
          }
        />
      ) : null}
      <h3>Paiements</h3>
      {view.payments.length > 0 ? (
        <ul className="history">
          {view.payments.map((payment) => (
            <li key={payment.id}>
              {formatCents(payment.amountCents)} le {formatFrenchDay(payment.receivedOn)},{' '}
              {devisPaymentMeans[payment.means].toLowerCase()}
            </li>
          ))}
        </ul>
      ) : (
        <p>Aucun paiement enregistré.</p>
      )}
      <dl className="fields totals">
        <dt>Total TTC</dt>
        <dd>{formatCents(view.totalCents)}</dd>
        <dt>Déjà reçu</dt>
        <dd>{formatCents(view.paidCents)}</dd>
        <dt>Reste dû</dt>
        <dd className="grand">{formatCents(due)}</dd>
      </dl>
      {view.paymentFrom ? (
        <p className="meta">
          {typeset(
            `Contrat conclu hors établissement : aucun paiement ni acompte avant le ${formatFrenchDay(view.paymentFrom)} (article L. 221-10 du Code de la consommation).`,
          )}
        </p>
      ) : null}
      {shown.payment ? (
        <form method="post" action={href.devisFollowUp(devisId)}>
          <input type="hidden" name="_csrf" value={csrfToken} />
          <input type="hidden" name="action" value="payment" />
          <FormError view={view} action="payment" />
          <label htmlFor="paiement-montant">Paiement reçu (en euros)</label>
          <input
            id="paiement-montant"
            name="montant"
            type="text"
            inputMode="decimal"
            required
            autoComplete="off"
            placeholder="150,00"
            defaultValue={typed(view, 'payment', 'amount') ?? ''}
          />
          <label htmlFor="paiement-date">Reçu le</label>
          <input
            id="paiement-date"
            name="date"
            type="date"
            required
            min={view.acceptedOn}
            max={view.today}
            defaultValue={typed(view, 'payment', 'date') ?? view.today}
          />
          <label htmlFor="paiement-moyen">Moyen de paiement</label>
          <select id="paiement-moyen" name="moyen" defaultValue={typed(view, 'payment', 'means') ?? 'virement'}>
            {Object.entries(devisPaymentMeans).map(([key, label]) => (
              <option key={key} value={key}>
                {label}
              </option>
            ))}
          </select>
          <div className="actions">
            <button type="submit">Enregistrer le paiement</button>
          </div>
        </form>
      ) : null}
    </section>
  );
}
