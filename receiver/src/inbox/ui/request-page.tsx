import { formatFileSize, NBSP, NNBSP, typeset } from '../../facts';
import { NOTE_MAX_LENGTH, REASON_MAX_LENGTH } from '../actions';
import { href } from '../paths';
import type { MemberRef, RequestDetail, RequestEvent } from '../queries';
import { NEW_STATUS, STATUSES, type Status } from '../../requests/statuses';
import { formatDateTime, formatDue } from './format';
import { locationLabel, serviceLabel, statusLabel } from './labels';
import { Shell, type Member } from './shell';
import { visible } from './visible';

/** The word a member types to confirm an erasure. */
export const ERASE_CONFIRMATION = 'EFFACER';

/** The phone number as a tel: link dials it (digits and a leading +). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

export function mailtoHref(email: string, reference: string): string {
  const subject = encodeURIComponent(`Votre demande de devis ${reference}`);
  return `mailto:${encodeURIComponent(email).replace(/%40/g, '@')}?subject=${subject}`;
}

type RequestPageProps = {
  member: Member;
  csrfToken: string;
  request: RequestDetail;
  events: RequestEvent[];
  members: MemberRef[];
  /** The person's requests, this one included: the erasure takes them all. */
  personRequests: number;
  now: Date;
  notice?: string;
  /** A refused form: the page is answered with a 400 and says why. */
  error?: string;
  /** What the member typed in a form the inbox refused: shown again, so that nothing is lost. */
  typed?: { status?: string; reason?: string; note?: string };
};

/** A request: every field, the buttons to call and write, its deadline, status, history and forms. */
export function RequestPage(props: RequestPageProps) {
  const { member, csrfToken, request, events, members, personRequests, now, notice, error, typed } = props;
  const name = visible(`${request.firstName} ${request.lastName}`);
  const csrf = <input type="hidden" name="_csrf" value={csrfToken} />;
  return (
    <Shell
      title={name}
      member={member}
      csrfToken={csrfToken}
      current={request.spam ? 'indesirables' : 'demandes'}
      notice={notice}
    >
      {error ? (
        <p role="alert" className="error">
          {error}
        </p>
      ) : null}
      <p>
        <a className="link" href={request.spam ? href.spam : href.list}>
          {request.spam ? 'Retour aux indésirables' : 'Retour aux demandes'}
        </a>
      </p>
      <p className="contact">
        <a className="button" href={telHref(request.phone)}>
          Appeler
        </a>
        <a className="button" href={mailtoHref(request.email, request.reference)}>
          Écrire
        </a>
      </p>
      <dl className="fields">
        <dt>Statut</dt>
        <dd>
          {statusLabel(request.status)}
          {request.statusReason ? `${NBSP}: ${visible(request.statusReason)}` : ''}
        </dd>
        {request.deadlineAt ? (
          <>
            <dt>Délai de rappel</dt>
            <dd className={request.status === NEW_STATUS ? 'due' : undefined}>
              {request.status === NEW_STATUS
                ? formatDue(new Date(request.deadlineAt), now)
                : `à rappeler avant le ${formatDateTime(new Date(request.deadlineAt))}`}
            </dd>
          </>
        ) : null}
        {request.calledBackAt ? (
          <>
            <dt>Rappelée</dt>
            <dd>
              le {formatDateTime(new Date(request.calledBackAt))}
              {request.calledBackBy ? ` par ${visible(request.calledBackBy)}` : ''}
            </dd>
          </>
        ) : null}
        <dt>Attribuée à</dt>
        <dd>{request.assignee ? visible(request.assignee.name) : 'personne'}</dd>
        <dt>Référence</dt>
        <dd>{request.reference}</dd>
        <dt>Reçue le</dt>
        <dd>{formatDateTime(new Date(request.createdAt))}</dd>
        <dt>Prénom</dt>
        <dd>{visible(request.firstName)}</dd>
        <dt>Nom</dt>
        <dd>{visible(request.lastName)}</dd>
        <dt>E-mail</dt>
        <dd>{visible(request.email)}</dd>
        <dt>Téléphone</dt>
        <dd>{visible(request.phone)}</dd>
        <dt>Prestation</dt>
        <dd>{visible(serviceLabel(request.serviceType))}</dd>
        <dt>Lieu d’intervention</dt>
        <dd>{visible(locationLabel(request.location))}</dd>
        <dt>Description</dt>
        <dd>{visible(request.description)}</dd>
        <dt>Pièce jointe</dt>
        <dd>
          {request.file ? (
            <a className="link" href={href.requestFile(request.reference)} download>
              Télécharger {visible(request.file.name)} ({formatFileSize(request.file.size)})
            </a>
          ) : (
            'aucune'
          )}
        </dd>
      </dl>

      {request.spam ? (
        <form method="post" action={href.requestNotSpam(request.reference)}>
          {csrf}
          <h2>{`Indésirable${NNBSP}?`}</h2>
          <p>Arrêtée par le piège à robots ou par les limites d’envoi{NBSP}: l’équipe n’en a pas reçu l’e-mail.</p>
          <button type="submit">Ce n’est pas un spam</button>
        </form>
      ) : null}

      <h2>Suivi</h2>
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
          <textarea id="note" name="note" maxLength={NOTE_MAX_LENGTH} required defaultValue={typed?.note} />
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

      <h2>Historique</h2>
      <ol className="history">
        <li>
          Reçue le {formatDateTime(new Date(request.createdAt))}
          {request.spam ? ' (arrêtée comme indésirable)' : ''}
        </li>
        {events.map((entry, index) => (
          <li key={index}>{visible(typeset(describe(entry)))}</li>
        ))}
      </ol>

      <h2>Effacer cette personne (RGPD)</h2>
      <form method="post" action={href.requestErase(request.reference)}>
        {csrf}
        <fieldset>
          <legend>Effacement définitif</legend>
          <p>
            Efface {personRequests > 1 ? `les ${personRequests} demandes` : 'la demande'} de {visible(request.email)},
            leurs pièces jointes et leurs e-mails en attente. Rien ne pourra être récupéré.
          </p>
          <label htmlFor="confirmation">Tapez {ERASE_CONFIRMATION} pour confirmer</label>
          <input id="confirmation" name="confirmation" type="text" autoComplete="off" required />
          <div className="actions">
            <button type="submit" className="danger">
              Effacer
            </button>
          </div>
        </fieldset>
      </form>
    </Shell>
  );
}

/** The status a request usually moves to next, preselected in the form. */
function nextStatus(status: Status): Status {
  const order: Partial<Record<Status, Status>> = { nouvelle: 'rappelee', rappelee: 'devis_envoye' };
  return order[status] ?? status;
}

function describe(entry: RequestEvent): string {
  const who = entry.who ?? 'la boîte de réception';
  const when = `Le ${formatDateTime(new Date(entry.at))},`;
  switch (entry.kind) {
    case 'status':
      return `${when} ${who} a passé la demande à « ${entry.status ? statusLabel(entry.status) : '?'} »${entry.detail ? ` (${entry.detail})` : ''}.`;
    case 'note':
      return `${when} note de ${who} : ${entry.detail ?? ''}`;
    case 'assign':
      return entry.detail
        ? `${when} ${who} a attribué la demande à ${entry.detail}.`
        : `${when} ${who} a retiré l’attribution.`;
    case 'not_spam':
      return `${when} ${who} a indiqué que ce n’est pas un spam ; l’équipe en reçoit l’e-mail.`;
    case 'reminder':
      return `${when} rappel envoyé à l’équipe${entry.detail ? ` (${entry.detail})` : ''}.`;
  }
}
