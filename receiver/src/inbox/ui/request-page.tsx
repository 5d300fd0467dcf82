import { formatFileSize, NBSP, NNBSP, retention, typeset, years } from '../../facts';
import { href } from '../paths';
import type { MemberRef, RequestDetail, RequestEvent } from '../../store/inbox-reads';
import { CALLED_BACK_STATUS, NEW_STATUS } from '../../requests/statuses';
import { formatDateTime, formatDue } from './format';
import { locationLabel, serviceLabel, statusLabel } from './labels';
import { FollowUpForms } from './request-follow-up';
import { Shell, type Member } from './shell';
import { visible } from '../../visible';
import { DEVIS_OPEN_STATUSES, devisStatusLabel, type DevisStatus } from '../../requests/devis/statuses';

/** The word a member types to confirm an erasure. */
export const ERASE_CONFIRMATION = 'EFFACER';

/** The phone number as a tel: link dials it (digits and a leading +). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

export function mailtoHref(email: string, reference: string): string {
  return mailtoWithSubject(email, `Votre demande de devis ${reference}`);
}

/**
 * A mailto: link to an address a visitor typed, with a subject: the address encoded, so that
 * « victim?cc=attacker@evil.test » stays one address and adds no header (a request's and a termination's page).
 */
export function mailtoWithSubject(email: string, subject: string): string {
  return `mailto:${encodeURIComponent(email).replace(/%40/g, '@')}?subject=${encodeURIComponent(subject)}`;
}

type RequestPageProps = {
  member: Member;
  csrfToken: string;
  request: RequestDetail;
  events: RequestEvent[];
  members: MemberRef[];
  /** The person's requests, this one included: the erasure takes them all. */
  personRequests: number;
  /** How many of them are « Acceptée »: a contract the company keeps, so the inbox does not erase them. */
  personAccepted: number;
  /** The request's devis, oldest first: « Faire le devis » where none is open, else the link to it. */
  devis: { id: number; status: DevisStatus; number: string | null; version: number }[];
  now: Date;
  notice?: string;
  /** A refused form: the page is answered with a 400 and says why. */
  error?: string;
  /** What the member typed in a form the inbox refused: shown again, so that nothing is lost. */
  typed?: { status?: string; reason?: string; note?: string };
};

/** A request: every field, the buttons to call and write, its deadline, status, history and forms. */
export function RequestPage(props: RequestPageProps) {
  const { member, csrfToken, request, events, members, personRequests, personAccepted, now, notice, error, typed } =
    props;
  const openDevis = props.devis.find((entry) => DEVIS_OPEN_STATUSES.includes(entry.status));
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
      <div className="contact">
        <a className="button" href={telHref(request.phone)}>
          Appeler
        </a>
        {request.status === NEW_STATUS ? (
          // The action the inbox exists for, in one tap: the status form below stays for the others.
          <form method="post" action={href.requestStatus(request.reference)}>
            {csrf}
            <input type="hidden" name="statut" value={CALLED_BACK_STATUS} />
            <button type="submit" className="called">
              J’ai rappelé
            </button>
          </form>
        ) : null}
        <a className="button secondary" href={mailtoHref(request.email, request.reference)}>
          Écrire
        </a>
      </div>
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

      {request.spam ? null : (
        <>
          <h2>Devis</h2>
          {props.devis.length > 0 ? (
            <ul className="history">
              {props.devis.map((entry) => (
                <li key={entry.id}>
                  <a className="link" href={href.devis(entry.id)}>
                    {entry.number
                      ? `Devis ${entry.number}, version ${entry.version}`
                      : 'Devis en préparation (brouillon)'}
                  </a>{' '}
                  : {devisStatusLabel(entry.status)}
                </li>
              ))}
            </ul>
          ) : null}
          {openDevis ? (
            <p>
              <a className="button" href={href.devis(openDevis.id)}>
                {openDevis.number ? `Voir le devis ${openDevis.number}` : 'Reprendre le devis'}
              </a>
            </p>
          ) : (
            <form method="post" action={href.requestDevis(request.reference)}>
              {csrf}
              <button type="submit">Faire le devis</button>
            </form>
          )}
        </>
      )}

      <h2>Suivi</h2>
      <FollowUpForms csrf={csrf} request={request} members={members} typed={typed} />

      <h2>Historique</h2>
      <ol className="history">
        <li>
          Reçue le {formatDateTime(new Date(request.createdAt))}
          {request.spam ? ' (arrêtée comme indésirable)' : ''}
        </li>
        {events.map((entry, index) => (
          <li key={index}>{visible(typeset(describeEvent(entry)))}</li>
        ))}
      </ol>

      <h2>Droits de cette personne (RGPD)</h2>
      <p>
        <a className="button secondary" href={href.requestData(request.reference)} download>
          Télécharger ses données (droit d’accès)
        </a>
      </p>
      <p className="meta">
        {typeset(
          'Tout ce que la boîte de réception détient sur cette adresse e-mail : ses demandes, leurs pièces jointes (listées), statuts, motifs, attributions, notes et historique, dans un fichier texte à lui envoyer.',
        )}
      </p>
      {personAccepted > 0 ? (
        <div className="erase-refused">
          <h3>Effacement impossible ici</h3>
          <p>
            {typeset(
              `${personAccepted > 1 ? `${personAccepted} demandes de cette personne sont` : 'Une demande de cette personne est'} « Acceptée » : elle documente un contrat que l’entreprise doit conserver (${years(retention.contractYears)}). La boîte de réception ne l’efface pas. Transmettez la demande d’effacement au responsable : il vérifie ce qui doit être gardé, puis efface sur le serveur (npm run receiver:erase).`,
            )}
          </p>
        </div>
      ) : (
        <form method="post" action={href.requestErase(request.reference)}>
          {csrf}
          <h3>Effacer les données de cette personne</h3>
          <fieldset>
            <legend>Effacement définitif</legend>
            <p>
              Efface {personRequests > 1 ? `les ${personRequests} demandes` : 'la demande'} de {visible(request.email)}
              {typeset(
                personRequests > 1
                  ? ' : leurs notes, leur historique, leurs statuts, leurs pièces jointes et leurs e-mails en attente. Rien ne pourra être récupéré.'
                  : ' : ses notes, son historique, son statut, sa pièce jointe et ses e-mails en attente. Rien ne pourra être récupéré.',
              )}
            </p>
            <p>
              {typeset(
                'Restent à supprimer à la main : les e-mails de ces demandes déjà reçus dans la boîte de l’entreprise (avec leurs pièces jointes), et les exports CSV ou fichiers de données déjà téléchargés. Les sauvegardes s’effacent d’elles-mêmes à la fin de leur durée de conservation.',
              )}
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
      )}
    </Shell>
  );
}

export function describeEvent(entry: RequestEvent): string {
  const who = entry.who ?? 'la boîte de réception';
  const when = `Le ${formatDateTime(new Date(entry.at))},`;
  switch (entry.kind) {
    case 'status':
      return `${when} ${who} a passé la demande au statut « ${entry.status ? statusLabel(entry.status) : '?'} »${entry.detail ? ` (${entry.detail})` : ''}.`;
    case 'note':
      return `${when} note de ${who} : ${entry.detail ?? ''}`;
    case 'assign':
      return entry.detail
        ? `${when} ${who} a attribué la demande à ${entry.detail}.`
        : `${when} ${who} a retiré l’attribution.`;
    case 'not_spam':
      return `${when} ${who} a indiqué que la demande n’était pas un spam ; l’équipe en recevra l’e-mail.`;
    case 'reminder':
      return `${when} rappel envoyé à l’équipe${entry.detail ? ` (${entry.detail})` : ''}.`;
  }
}
