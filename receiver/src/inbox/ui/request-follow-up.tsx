import type { ReactNode } from 'react';
import { NNBSP, typeset } from '../../facts';
import { STATUSES, type Status } from '../../requests/statuses';
import { NOTE_MAX_LENGTH, REASON_MAX_LENGTH } from '../../store/request-actions';
import { href } from '../paths';
import type { MemberRef, RequestDetail } from '../../store/inbox-reads';
import { statusLabel } from './labels';

/**
 * The follow-up of a request on its page (request-page.tsx): the forms that change its status, add a note
 * and give it to a member.
 */

/** Under the note field: what a note may hold, since the person may ask to read it. */
export const NOTE_HINT = typeset(
  'Des faits utiles au suivi, que la personne peut demander à lire : ni donnée de santé, ni opinion personnelle.',
);

/** The status a request usually moves to next, preselected in the form. */
function nextStatus(status: Status): Status {
  const order: Partial<Record<Status, Status>> = { nouvelle: 'rappelee', rappelee: 'devis_envoye' };
  return order[status] ?? status;
}

type FollowUpFormsProps = {
  /** The page's anti-forgery field, carried by each form. */
  csrf: ReactNode;
  request: RequestDetail;
  members: MemberRef[];
  /** What the member typed in a form the inbox refused: shown again, so that nothing is lost. */
  typed?: { status?: string; reason?: string; note?: string };
};

export function FollowUpForms({ csrf, request, members, typed }: FollowUpFormsProps) {
  return (
    <>
      <form method="post" action={href.requestStatus(request.reference)}>
        {csrf}
        <fieldset>
          <legend>Changer le statut</legend>
          <label htmlFor="statut">Nouveau statut</label>
          <select id="statut" name="statut" defaultValue={typed?.status ?? nextStatus(request.status)}>
            {(Object.keys(STATUSES) as Status[]).map((status) => (
              <option key={status} value={status}>
                {statusLabel(status)}
              </option>
            ))}
          </select>
          <label htmlFor="motif">{`Motif (pour «${NNBSP}Sans suite${NNBSP}»)`}</label>
          <input
            id="motif"
            name="motif"
            type="text"
            maxLength={REASON_MAX_LENGTH}
            autoComplete="off"
            defaultValue={typed?.reason}
          />
          <div className="actions">
            <button type="submit">Enregistrer le statut</button>
          </div>
        </fieldset>
      </form>
      <form method="post" action={href.requestNote(request.reference)}>
        {csrf}
        <fieldset>
          <legend>Ajouter une note</legend>
          <label htmlFor="note">Note</label>
          <textarea
            id="note"
            name="note"
            maxLength={NOTE_MAX_LENGTH}
            required
            defaultValue={typed?.note}
            aria-describedby="note-aide"
          />
          <p id="note-aide" className="meta">
            {NOTE_HINT}
          </p>
          <div className="actions">
            <button type="submit">Ajouter la note</button>
          </div>
        </fieldset>
      </form>
      <form method="post" action={href.requestAssign(request.reference)}>
        {csrf}
        <fieldset>
          <legend>Attribuer</legend>
          <label htmlFor="membre">Membre de l’équipe</label>
          <select id="membre" name="membre" defaultValue={request.assignee ? String(request.assignee.id) : ''}>
            <option value="">Personne</option>
            {members.map((entry) => (
              <option key={entry.id} value={String(entry.id)}>
                {entry.name}
              </option>
            ))}
          </select>
          <div className="actions">
            <button type="submit">Attribuer</button>
          </div>
        </fieldset>
      </form>
    </>
  );
}
