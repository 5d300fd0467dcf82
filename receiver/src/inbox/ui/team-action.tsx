import { typeset } from '../../facts';
import type { TeamActionState } from '../../store/devis-team-actions';
import { formatDateTime } from './format';

export type TeamActionProps = TeamActionState & {
  /** The section's id, for its heading. */
  id: string;
  title: string;
  /** One line of the history: « Version 2 : client relancé le … par … ». */
  takenText: (when: string, by: string) => string;
  action: string;
  csrfToken: string;
  /** What pressing the button does, above it. */
  explanation: string;
  button: string;
  secondary?: boolean;
};

/**
 * A team action on a sent devis's page (« Relancer le client », « Révoquer ce lien »): its button while the
 * action may be taken, and each time it was, when and by whom. Nothing when neither.
 */
export function TeamAction(props: TeamActionProps) {
  const { offered, taken } = props;
  if (!offered && taken.length === 0) return null;
  const headingId = `${props.id}-titre`;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{props.title}</h2>
      {taken.length > 0 ? (
        <ul className="history">
          {taken.map((row) => (
            <li key={`${row.version}-${row.at}`}>
              {typeset(
                `Version ${row.version} : ${props.takenText(formatDateTime(new Date(row.at)), row.by ?? 'un membre de l’équipe')}.`,
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {offered ? (
        <form method="post" action={props.action}>
          <input type="hidden" name="_csrf" value={props.csrfToken} />
          <p className="meta">{typeset(props.explanation)}</p>
          <div className="actions">
            <button type="submit" className={props.secondary ? 'secondary' : undefined}>
              {props.button}
            </button>
          </div>
        </form>
      ) : null}
    </section>
  );
}
