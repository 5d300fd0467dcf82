import { effectiveDayText, formatFrenchDay, isEarliestEffectiveDay } from '../../facts';
import type { StoredTermination } from '../../store/termination-queries';
import { visible } from '../../visible';
import { href } from '../paths';
import { formatDateTime } from './format';
import { terminationContractLabel } from './labels';
import { Shell, type Member } from './shell';

type TerminationsPageProps = { member: Member; csrfToken: string; terminations: StoredTermination[] };

/**
 * « Résiliations »: the termination requests received through the site (docs/resilier-un-contrat.md), the
 * ones still to handle first, each with its effective date.
 */
export function TerminationsPage({ member, csrfToken, terminations }: TerminationsPageProps) {
  const open = terminations.filter((termination) => !termination.handledAt).length;
  return (
    <Shell title="Résiliations" member={member} csrfToken={csrfToken} current="resiliations">
      <p>
        {terminations.length === 0
          ? 'Aucune résiliation reçue.'
          : open === 0
            ? 'Toutes les résiliations sont traitées.'
            : `${open} résiliation${open > 1 ? 's' : ''} à traiter.`}
      </p>
      {terminations.length > 0 ? (
        <ul className="requests">
          {terminations.map((termination) => (
            <li key={termination.reference}>
              <a href={href.termination(termination.reference)}>
                <span className="name">
                  {visible(`${termination.firstName} ${termination.lastName}`)}
                  {termination.company ? ` (${visible(termination.company)})` : ''}
                </span>
              </a>
              <p className="meta">
                {termination.reference} · reçue le {formatDateTime(new Date(termination.createdAt))} ·{' '}
                {terminationContractLabel(termination.contractType)} ·{' '}
                {isEarliestEffectiveDay(termination)
                  ? `fin ${effectiveDayText(termination)}`
                  : `fin le ${formatFrenchDay(termination.effectiveDate)}`}
              </p>
              <p className="due">{termination.handledAt ? 'Traitée' : 'À traiter'}</p>
            </li>
          ))}
        </ul>
      ) : null}
    </Shell>
  );
}
