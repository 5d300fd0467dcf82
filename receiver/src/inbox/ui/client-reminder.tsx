import type { TeamActionState } from '../../store/devis-team-actions';
import { href } from '../paths';
import { TeamAction } from './team-action';

export type ClientReminderProps = TeamActionState & { devisId: number; csrfToken: string };

/**
 * « Relancer le client » on a sent devis's page: the button while the client may still answer the current
 * version and was not reminded about it yet; after, when the client was reminded and by whom.
 */
export function ClientReminder({ devisId, ...state }: ClientReminderProps) {
  return (
    <TeamAction
      {...state}
      id="relance"
      title="Relance du client"
      takenText={(when, by) => `client relancé le ${when} par ${by}`}
      action={href.devisRemind(devisId)}
      explanation="Le client reçoit un seul e-mail de rappel pour cette version : le numéro, le montant, la date de fin de validité et un nouveau lien vers le devis (les liens déjà envoyés restent valables, sauf s’ils ont été révoqués)."
      button="Relancer le client"
    />
  );
}
