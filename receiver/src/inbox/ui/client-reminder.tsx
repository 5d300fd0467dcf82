import { typeset } from '../../facts';
import type { ClientReminderState } from '../../store/devis-reminder';
import { href } from '../paths';
import { formatDateTime } from './format';

export type ClientReminderProps = ClientReminderState & { devisId: number; csrfToken: string };

/**
 * « Relancer le client » on a sent devis's page: the button while the client may still answer the current
 * version and was not reminded about it yet; after, when the client was reminded and by whom.
 */
export function ClientReminder({ devisId, csrfToken, offered, reminded }: ClientReminderProps) {
  if (!offered && reminded.length === 0) return null;
  return (
    <section aria-labelledby="relance-titre">
      <h2 id="relance-titre">Relance du client</h2>
      {reminded.length > 0 ? (
        <ul className="history">
          {reminded.map((row) => (
            <li key={`${row.version}-${row.at}`}>
              {typeset(
                `Version ${row.version} : client relancé le ${formatDateTime(new Date(row.at))} par ${row.by ?? 'un membre de l’équipe'}.`,
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {offered ? (
        <form method="post" action={href.devisRemind(devisId)}>
          <input type="hidden" name="_csrf" value={csrfToken} />
          <p className="meta">
            {typeset(
              'Le client reçoit un seul e-mail de rappel pour cette version : le numéro, le montant, la date de fin de validité et un nouveau lien vers le devis (les liens déjà envoyés restent valables, sauf s’ils ont été révoqués).',
            )}
          </p>
          <div className="actions">
            <button type="submit">Relancer le client</button>
          </div>
        </form>
      ) : null}
    </section>
  );
}
