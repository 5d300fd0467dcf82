import { LIST_PATH } from './list-page';
import { Shell, type Member } from './shell';

/** A reference nobody has (mistyped, guessed, or erased): the same answer for all. */
export function NotFoundPage({ member, csrfToken }: { member: Member; csrfToken: string }) {
  return (
    <Shell title="Demande introuvable" member={member} csrfToken={csrfToken}>
      <p>Aucune demande ne porte cette référence&nbsp;: elle a peut-être été effacée.</p>
      <p>
        <a className="link" href={LIST_PATH}>
          Retour aux demandes
        </a>
      </p>
    </Shell>
  );
}
