import { PHOTO_MAX_LABEL_TEXT, typeset } from '../../facts';
import { href } from '../paths';
import { FieldError, idOf, invalid, TextField } from './fields';
import { BackToSite } from './site-pages';
import { Shell, type Member } from './shell';

/**
 * « Photos » under « Le site » (managers only, inbox/site-photos.ts): each place of the site that shows a
 * photo, its photo now (small), its alternative text, and a form that replaces them from the phone's camera
 * or gallery. No script: the form posts the file (multipart), then the page comes back.
 */

export const PHOTOS_TITLE = 'Photos';

/** A place as the page shows it. */
export type PhotoPlaceView = {
  key: string;
  title: string;
  /** The narrowest photo the place accepts, in pixels. */
  minWidth: number;
  /** The text in the field: as typed after a refusal, else the draft's, else the one online. */
  alt: string;
  /** The text field's label and help, from the data's schema (content/data/schemas.ts). */
  altLabel: string;
  altHint?: string;
  /** The small view's address: the saved photo, else the one online; none for a stock photo. */
  thumbnail?: string;
  /** What waits to be published for this place, as the index lists it. */
  pending: string[];
};

export type SitePhotosProps = {
  member: Member;
  csrfToken: string;
  notice?: string;
  /** Why photos cannot be replaced on this server. */
  unavailable?: string;
  places: PhotoPlaceView[];
  /** Problems by field name (`<key>/photo`, `<key>/alt`). */
  errors: Record<string, string>;
};

export function SitePhotosPage({ member, csrfToken, notice, unavailable, places, errors }: SitePhotosProps) {
  return (
    <Shell title={PHOTOS_TITLE} member={member} csrfToken={csrfToken} current="site" notice={notice}>
      <BackToSite />
      <p>
        {typeset(
          `Remplacez la photo d’un emplacement du site : prenez-la avec l’appareil photo du téléphone ou choisissez-la dans la galerie (${PHOTO_MAX_LABEL_TEXT} au plus), et dites en une phrase ce qu’elle montre. Sa position GPS et les autres informations de l’appareil sont retirées avant l’enregistrement.`,
        )}
      </p>
      {unavailable ? <p className="notice">{unavailable}</p> : null}
      {places.map((place) => {
        const photo = `${place.key}/photo`;
        const alt = `${place.key}/alt`;
        return (
          <section
            key={place.key}
            id={`photo-${place.key}`}
            className="photo-place"
            aria-labelledby={`photo-${place.key}-titre`}
          >
            <h2 id={`photo-${place.key}-titre`}>{typeset(place.title)}</h2>
            {place.thumbnail ? (
              // A page rendered by the receiver, not by Next.js: its small view is already small.
              // eslint-disable-next-line @next/next/no-img-element
              <img className="photo-thumbnail" src={place.thumbnail} alt={place.alt} width={160} />
            ) : (
              <p className="meta">{typeset('Photo de banque d’images : pas encore une photo de l’entreprise.')}</p>
            )}
            {place.pending.length > 0 ? (
              <ul className="changes">
                {place.pending.map((line) => (
                  <li key={line}>{typeset(line)}</li>
                ))}
              </ul>
            ) : null}
            {unavailable ? null : (
              <form method="post" action={href.sitePhoto(place.key)} encType="multipart/form-data" noValidate>
                <input type="hidden" name="_csrf" value={csrfToken} />
                <div className="field">
                  <label htmlFor={idOf(photo)}>
                    {typeset('Nouvelle photo (facultatif pour changer le texte seul)')}
                  </label>
                  <p className="meta">
                    {typeset(`Au moins ${place.minWidth} pixels de large, ${PHOTO_MAX_LABEL_TEXT} au plus.`)}
                  </p>
                  <FieldError name={photo} errors={errors} />
                  <input type="file" id={idOf(photo)} name={photo} accept="image/*" {...invalid(photo, errors)} />
                </div>
                <div className="field">
                  <TextField
                    name={alt}
                    label={typeset(place.altLabel)}
                    value={place.alt}
                    errors={errors}
                    hint={place.altHint && typeset(place.altHint)}
                  />
                </div>
                <button type="submit">Enregistrer</button>
              </form>
            )}
          </section>
        );
      })}
      <p className="meta">{typeset('Enregistrer ne publie pas : publiez depuis la page « Le site ».')}</p>
    </Shell>
  );
}
