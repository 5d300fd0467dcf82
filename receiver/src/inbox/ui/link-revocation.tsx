import type { TeamActionState } from '../../store/devis-team-actions';
import { href } from '../paths';
import { TeamAction } from './team-action';

export type LinkRevocationProps = TeamActionState & { devisId: number; csrfToken: string };

/**
 * « Révoquer ce lien » on a sent devis's page: the button while the version awaiting an answer has a link not
 * revoked yet; after, when its links were revoked and by whom.
 */
export function LinkRevocation({ devisId, ...state }: LinkRevocationProps) {
  return (
    <TeamAction
      {...state}
      id="revocation"
      title="Révocation du lien"
      takenText={(when, by) => `liens révoqués le ${when} par ${by}`}
      action={href.devisRevokeLinks(devisId)}
      explanation="Si le lien a été transmis à une autre personne ou si le client a perdu l’accès à sa boîte : tous les liens envoyés pour cette version cessent d’ouvrir le devis, et le client ne voit plus qu’une page lui demandant de vous contacter. Vous pourrez ensuite lui donner un nouveau lien en le relançant (si ce n’est déjà fait pour cette version), ou en envoyant une nouvelle version."
      button="Révoquer ce lien"
      secondary
    />
  );
}
