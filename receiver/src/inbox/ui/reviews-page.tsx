import { addDays, formatFrenchDay, isoDay, reviewRules, typeset } from '../../facts';
import type { InboxReview } from '../../store/review-moderation';
import { visible } from '../../visible';
import { href } from '../paths';
import { formatDateTime } from './format';
import { Shell, type Member } from './shell';

/**
 * « Avis »: every client's review (docs/avis.md), those waiting first with the day they are to be published
 * by (received + publishWithinDays, late ones marked), each with its devis, its rating, its text as the client
 * wrote it, and the team's three acts: « Publier », « Refuser » with one of the rules' reasons, and the public
 * answer. Nothing here edits the client's words.
 */

export type ReviewsPageProps = {
  member: Member;
  csrfToken: string;
  reviews: InboxReview[];
  now: Date;
  notice?: string;
  /** The refusal refused for want of a reason: the review's id. */
  refusalError?: number;
  /** The removal refused for want of its box: the review's id. */
  removalError?: number;
  /** Why nothing will be put online now (publication off on this server), if so. */
  publishingOff?: string;
};

const STATUS_LABELS: Record<InboxReview['status'], string> = {
  waiting: 'À modérer',
  published: 'Publié',
  refused: 'Refusé',
};

const REFUSAL_MISSING = typeset('Choisissez le motif du refus : il est envoyé au client par e-mail.');
const REMOVAL_MISSING = typeset('Cochez la case : un avis n’est retiré qu’à la demande de son auteur.');

/** The last day a review received on `receivedAt` is to be published by (the rules' delay). */
export function publishBy(receivedAt: string): string {
  return addDays(isoDay(new Date(receivedAt)), reviewRules.publishWithinDays);
}

function Review({ review, props }: { review: InboxReview; props: ReviewsPageProps }) {
  const { csrfToken } = props;
  const today = isoDay(props.now);
  const by = publishBy(review.updatedAt);
  const late = review.status === 'waiting' && today > by;
  const reason = reviewRules.refusalReasons.find((entry) => entry.id === review.refusalReason);
  const refusalId = `motif-${review.id}`;
  return (
    <li id={`avis-${review.id}`} className={late ? 'late' : undefined}>
      <h2>
        {visible(review.name)}
        {` · note ${review.rating}/${reviewRules.rating.max}`}
      </h2>
      <p className="meta">
        Devis <a href={href.devis(review.devisId)}>{review.devisNumber}</a> · travaux terminés le{' '}
        {formatFrenchDay(review.workCompletedDay)} · reçu le {formatDateTime(new Date(review.updatedAt))}
      </p>
      <p className="due">
        {STATUS_LABELS[review.status]}
        {review.status === 'waiting' ? ` · à publier avant le ${formatFrenchDay(by)}${late ? ' (en retard)' : ''}` : ''}
        {review.status === 'published' && review.publishedAt
          ? ` le ${formatFrenchDay(isoDay(new Date(review.publishedAt)))}`
          : ''}
        {review.status === 'refused' && reason ? ` : ${reason.label}` : ''}
      </p>
      <blockquote className="review-text">{visible(review.text)}</blockquote>
      {review.status !== 'published' ? (
        <form method="post" action={href.reviewPublish(review.id)}>
          <input type="hidden" name="_csrf" value={csrfToken} />
          <button type="submit">Publier</button>
        </form>
      ) : null}
      {review.status !== 'refused' ? (
        <form method="post" action={href.reviewRefuse(review.id)}>
          <input type="hidden" name="_csrf" value={csrfToken} />
          {props.refusalError === review.id ? (
            <p role="alert" className="error" id={`${refusalId}-erreur`}>
              {REFUSAL_MISSING}
            </p>
          ) : null}
          <label htmlFor={refusalId}>Motif du refus</label>
          <select
            id={refusalId}
            name="motif"
            required
            defaultValue=""
            {...(props.refusalError === review.id
              ? { 'aria-invalid': true, 'aria-describedby': `${refusalId}-erreur` }
              : {})}
          >
            <option value="">Choisir un motif</option>
            {reviewRules.refusalReasons.map((entry) => (
              <option key={entry.id} value={entry.id}>
                {entry.label}
              </option>
            ))}
          </select>
          <button type="submit" className="button secondary">
            Refuser
          </button>
        </form>
      ) : null}
      <form method="post" action={href.reviewAnswer(review.id)}>
        <input type="hidden" name="_csrf" value={csrfToken} />
        <label htmlFor={`reponse-${review.id}`}>Réponse publique de l’entreprise</label>
        <p className="meta">
          {typeset(
            `Publiée sous l’avis (${reviewRules.answer.max} caractères au plus) ; laisser vide pour la retirer.`,
          )}
        </p>
        <textarea
          id={`reponse-${review.id}`}
          name="reponse"
          rows={3}
          maxLength={reviewRules.answer.max}
          defaultValue={review.answer?.text ?? ''}
        />
        <button type="submit" className="button secondary">
          Enregistrer la réponse
        </button>
      </form>
      <form method="post" action={href.reviewRemove(review.id)}>
        <input type="hidden" name="_csrf" value={csrfToken} />
        {props.removalError === review.id ? (
          <p role="alert" className="error">
            {REMOVAL_MISSING}
          </p>
        ) : null}
        <p>
          <input type="checkbox" id={`retrait-${review.id}`} name="demande" value="oui" required />{' '}
          <label htmlFor={`retrait-${review.id}`}>
            {typeset('Le client demande le retrait de son avis (effacement, consentement retiré)')}
          </label>
        </p>
        <button type="submit" className="button secondary">
          Retirer l’avis
        </button>
      </form>
    </li>
  );
}

export function ReviewsPage(props: ReviewsPageProps) {
  const waiting = props.reviews.filter((review) => review.status === 'waiting').length;
  return (
    <Shell title="Avis" member={props.member} csrfToken={props.csrfToken} current="avis" notice={props.notice}>
      <p>
        {typeset(
          `Chaque avis qui respecte les règles est publié, négatif compris, dans les ${reviewRules.publishWithinDays} jours ; un refus donne l’un des motifs des règles, envoyé au client.`,
        )}
      </p>
      {props.publishingOff ? <p className="error">{props.publishingOff}</p> : null}
      <p>
        {props.reviews.length === 0
          ? 'Aucun avis reçu.'
          : waiting === 0
            ? 'Aucun avis à modérer.'
            : typeset(`À modérer : ${waiting} avis.`)}
      </p>
      {props.reviews.length > 0 ? (
        <ul className="requests reviews">
          {props.reviews.map((review) => (
            <Review key={review.id} review={review} props={props} />
          ))}
        </ul>
      ) : null}
    </Shell>
  );
}
