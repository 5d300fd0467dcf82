import { typeset } from '../../facts';
import { CSV_HEADERS } from '../../store/csv';
import { href } from '../paths';
import { Shell, type Member } from './shell';

export const EXPORT_TITLE = 'Exporter les demandes';

type ExportPageProps = { member: Member; csrfToken: string; requests: number };

/**
 * Before the full CSV export downloads (managers only): what it holds, how many people, and what the
 * manager owes that file once it is on their device.
 */
export function ExportPage({ member, csrfToken, requests }: ExportPageProps) {
  return (
    <Shell title={EXPORT_TITLE} member={member} csrfToken={csrfToken} current="demandes">
      <p>
        {typeset(
          `Le fichier contient ${requests > 1 ? `les ${requests} demandes` : requests === 1 ? 'la demande' : 'les demandes'} de la boîte de réception (hors indésirables), une par ligne, avec ces colonnes :`,
        )}
      </p>
      <ul>
        {CSV_HEADERS.map((header) => (
          <li key={header}>{header}</li>
        ))}
      </ul>
      <p>
        {typeset(
          'Ce sont les coordonnées et les messages de personnes réelles. Gardez le fichier sur un appareil protégé, ne le transmettez pas hors de l’entreprise, et supprimez-le dès qu’il ne sert plus : une personne effacée de la boîte de réception reste dans les exports déjà faits. L’export est inscrit au journal des actions.',
        )}
      </p>
      <p>
        <a className="button" href={href.export} download>
          Télécharger le fichier CSV
        </a>
      </p>
    </Shell>
  );
}

/** A member who is not a manager: the export is theirs to ask for, not to take. */
export function ExportRefusedPage({ member, csrfToken }: Omit<ExportPageProps, 'requests'>) {
  return (
    <Shell title={EXPORT_TITLE} member={member} csrfToken={csrfToken} current="demandes">
      <p>
        {typeset(
          'L’export de toutes les demandes est réservé aux responsables désignés par l’entreprise. Pour en obtenir un, adressez-vous à l’un d’eux.',
        )}
      </p>
    </Shell>
  );
}
