import { href } from '../paths';
import { Shell, type Member } from './shell';

/** A reference nobody has (mistyped, guessed, or erased): the same answer for all. */
export function NotFoundPage({ member, csrfToken }: { member: Member; csrfToken: string }) {
  return (
    <Shell title="Demande introuvable" member={member} csrfToken={csrfToken}>
      <p>Aucune demande ne porte cette référence&nbsp;: elle a peut-être été effacée.</p>
      <p>
        <a className="link" href={href.list}>
          Retour aux demandes
        </a>
      </p>
    </Shell>
  );
}
