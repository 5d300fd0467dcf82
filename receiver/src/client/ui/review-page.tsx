import { formatFrenchDay, isoDay, paths, reviewPageTexts, reviewRules, siteUrl } from '../../facts';
import type { ServedCompany } from '../../pages/shell';
import type { ReviewField } from '../../requests/reviews';
import type { StoredReview } from '../../store/reviews';
import { Shell } from './shell';

/**
 * The client's review page (review-routes.ts): the devis it is about, the state of the review already given,
 * the form (a rating by radio buttons, the text, the name shown, the box agreeing to publication with the
 * rules linked), and the deletion once there is a review. Every message beside its field; what was typed is
 * shown again when refused. No script.
 */

const texts = reviewPageTexts;

/** The form as shown: what was typed (or stored), and the message of each refused field. */
export type ReviewForm = {
  rating: string;
  text: string;
  name: string;
  consent: boolean;
  errors: Partial<Record<ReviewField, string>>;
};

export type ReviewPageProps = {
  base: string;
  token: string;
  company: ServedCompany;
  number: string;
  subject: string | undefined;
  workCompletedDay: string;
  review: StoredReview | undefined;
  form: ReviewForm;
  deleteError?: string;
  /** After a post/redirect/get: what was just done. */
  done?: 'stored' | 'deleted';
};

function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p className="field-error" id={id}>
      {error}
    </p>
  ) : null;
}

const invalid = (error: string | undefined, id: string) =>
  error ? { 'aria-invalid': true as const, 'aria-describedby': id } : {};

export function ReviewPage(props: ReviewPageProps) {
  const { base, token, form, review } = props;
  const ratings = Array.from(
    { length: reviewRules.rating.max - reviewRules.rating.min + 1 },
    (_, index) => reviewRules.rating.min + index,
  );
  return (
    <Shell title={texts.title} company={props.company}>
      <section className="card">
        <dl>
          <dt>{texts.devis}</dt>
          <dd>{props.number}</dd>
          {props.subject ? (
            <>
              <dt>{texts.subject}</dt>
              <dd>{props.subject}</dd>
            </>
          ) : null}
          <dt>{texts.workDone}</dt>
          <dd>{formatFrenchDay(props.workCompletedDay)}</dd>
        </dl>
      </section>
      {props.done ? (
        <p className="state accepted" role="status">
          {props.done === 'stored' ? texts.stored : texts.deleted}
        </p>
      ) : null}
      {review ? (
        <section className="card" aria-labelledby="etat">
          <h2 id="etat">{texts.states[review.status]}</h2>
          <p>{texts.storedOn(formatFrenchDay(isoDay(new Date(review.updatedAt))))}</p>
          <p>{texts.changeNote}</p>
        </section>
      ) : null}
      <section className="card" aria-labelledby="avis">
        <h2 id="avis">{review ? texts.update : texts.title}</h2>
        <p>{texts.intro}</p>
        <form method="post" action={base}>
          <input type="hidden" name="_csrf" value={token} />
          <fieldset {...invalid(form.errors.rating, 'note-erreur')}>
            <legend>{texts.rating}</legend>
            <p className="muted">{texts.ratingHint}</p>
            <div className="stars">
              {ratings.map((rating) => (
                <label key={rating}>
                  <input
                    type="radio"
                    name="note"
                    value={String(rating)}
                    required
                    defaultChecked={form.rating === String(rating)}
                  />
                  {texts.stars(rating)}
                </label>
              ))}
            </div>
            <FieldError id="note-erreur" error={form.errors.rating} />
          </fieldset>
          <p>
            <label htmlFor="texte">{texts.text}</label>
            <span className="muted" id="texte-aide">
              {texts.textHint}
            </span>
            <textarea
              id="texte"
              name="texte"
              rows={6}
              required
              minLength={reviewRules.text.min}
              maxLength={reviewRules.text.max}
              defaultValue={form.text}
              {...(form.errors.text
                ? { 'aria-invalid': true, 'aria-describedby': 'texte-aide texte-erreur' }
                : { 'aria-describedby': 'texte-aide' })}
            />
          </p>
          <FieldError id="texte-erreur" error={form.errors.text} />
          <p>
            <label htmlFor="nom">{texts.name}</label>
            <span className="muted">{texts.nameHint}</span>
            <input
              type="text"
              id="nom"
              name="nom"
              required
              maxLength={reviewRules.name.max}
              defaultValue={form.name}
              {...invalid(form.errors.name, 'nom-erreur')}
            />
          </p>
          <FieldError id="nom-erreur" error={form.errors.name} />
          <div className="check">
            <input
              type="checkbox"
              id="publication"
              name="publication"
              value="oui"
              required
              defaultChecked={form.consent}
              {...invalid(form.errors.consent, 'publication-erreur')}
            />
            <label htmlFor="publication">{texts.consent}</label>
            <FieldError id="publication-erreur" error={form.errors.consent} />
          </div>
          <p>
            <a href={`${siteUrl}${paths.reviews}`}>{texts.rulesLink}</a>
          </p>
          <button type="submit">{review ? texts.update : texts.submit}</button>
        </form>
      </section>
      {review ? (
        <section className="card" aria-labelledby="supprimer">
          <h2 id="supprimer">{texts.delete}</h2>
          <form method="post" action={`${base}/supprimer`}>
            <input type="hidden" name="_csrf" value={token} />
            <div className="check">
              <input
                type="checkbox"
                id="confirmer"
                name="confirmer"
                value="oui"
                required
                {...invalid(props.deleteError, 'confirmer-erreur')}
              />
              <label htmlFor="confirmer">{texts.deleteConfirm}</label>
              <FieldError id="confirmer-erreur" error={props.deleteError} />
            </div>
            <button type="submit" className="secondary">
              {texts.delete}
            </button>
          </form>
        </section>
      ) : null}
    </Shell>
  );
}

/** « Ne plus recevoir ce type de message »: one button (no script), then a confirmation. */
export function ReviewOptOutPage(props: { action: string; done: boolean; company: ServedCompany }) {
  return (
    <Shell title={texts.optOutTitle} company={props.company}>
      <section className="card">
        {props.done ? (
          <p role="status">{texts.optOutDone}</p>
        ) : (
          <form method="post" action={props.action}>
            <p>{texts.optOutText}</p>
            <button type="submit">{texts.optOutButton}</button>
          </form>
        )}
      </section>
    </Shell>
  );
}
