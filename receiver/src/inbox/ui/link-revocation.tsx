import { typeset } from '../../facts';
import type { LinkRevocationState } from '../../store/devis-links';
import { href } from '../paths';
import { formatDateTime } from './format';

export type LinkRevocationProps = LinkRevocationState & { devisId: number; csrfToken: string };

/**
 * « Révoquer ce lien » on a sent devis's page: the button while the version awaiting an answer has a link not
 * revoked yet; after, when its links were revoked and by whom.
 */
export function LinkRevocation({ devisId, csrfToken, offered, revoked }: LinkRevocationProps) {
  if (!offered && revoked.length === 0) return null;
  return (
    <section aria-labelledby="revocation-titre">
      <h2 id="revocation-titre">Révocation du lien</h2>
      {revoked.length > 0 ? (
        <ul className="history">
          {revoked.map((row) => (
            <li key={`${row.version}-${row.at}`}>
              {typeset(
                `Version ${row.version} : liens révoqués le ${formatDateTime(new Date(row.at))} par ${row.by ?? 'un membre de l’équipe'}.`,
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {offered ? (
        <form method="post" action={href.devisRevokeLinks(devisId)}>
          <input type="hidden" name="_csrf" value={csrfToken} />
          <p className="meta">
            {typeset(
              'Si le lien a été transmis à une autre personne ou si le client a perdu l’accès à sa boîte : tous les liens envoyés pour cette version cessent d’ouvrir le devis, et le client ne voit plus qu’une page lui demandant de vous contacter. Vous pourrez ensuite lui donner un nouveau lien en le relançant (si ce n’est déjà fait pour cette version), ou en envoyant une nouvelle version.',
            )}
          </p>
          <div className="actions">
            <button type="submit" className="secondary">
              Révoquer ce lien
            </button>
          </div>
        </form>
      ) : null}
    </section>
  );
}
