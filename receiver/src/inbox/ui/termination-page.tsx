import { effectiveDayText, formatFrenchDay, typeset } from '../../facts';
import { checkVerdict, isVerified, type TerminationCheck } from '../../requests/termination-devis';
import type { StoredTermination } from '../../store/termination-queries';
import { visible } from '../../visible';
import { href } from '../paths';
import { formatDateTime } from './format';
import { devisStatusLabel } from '../../requests/devis/statuses';
import { mailStatusLabel, terminationContractLabel } from './labels';
import { mailtoWithSubject } from './request-page';
import { Shell, type Member } from './shell';

type TerminationPageProps = {
  member: Member;
  csrfToken: string;
  termination: StoredTermination;
  /** The devis its contract reference names (store/termination-queries.ts checkAgainstDevis), if any. */
  check: TerminationCheck | undefined;
  mails: { kind: string; status: string }[];
  notice?: string;
};

/**
 * One termination request: what the client sent, the devis its reference names and its client (a name or
 * an address that differs, flagged first), its effective date, its mails, and « Traitée ».
 */
export function TerminationPage({ member, csrfToken, termination, check, mails, notice }: TerminationPageProps) {
  const mail = (kind: string) => mailStatusLabel(mails.find((entry) => entry.kind === kind)?.status);
  return (
    <Shell
      title={`Résiliation ${termination.reference}`}
      member={member}
      csrfToken={csrfToken}
      current="resiliations"
      notice={notice}
    >
      {check && !isVerified(check) ? (
        <p role="alert" className="error">
          {checkVerdict(check)}
        </p>
      ) : null}
      <dl className="fields">
        <dt>État</dt>
        <dd>
          {termination.handledAt
            ? `Traitée le ${formatDateTime(new Date(termination.handledAt))}${termination.handledBy ? ` par ${termination.handledBy}` : ''}`
            : 'À traiter'}
        </dd>
        <dt>Référence</dt>
        <dd>{termination.reference}</dd>
        <dt>Reçue le</dt>
        <dd>{formatDateTime(new Date(termination.createdAt))}</dd>
        <dt>Nom</dt>
        <dd>{visible(termination.lastName)}</dd>
        <dt>Prénom</dt>
        <dd>{visible(termination.firstName)}</dd>
        <dt>Raison sociale</dt>
        <dd>{termination.company ? visible(termination.company) : 'aucune'}</dd>
        <dt>E-mail</dt>
        <dd>
          <a className="link" href={mailtoWithSubject(termination.email, `Votre résiliation ${termination.reference}`)}>
            {visible(termination.email)}
          </a>
        </dd>
        <dt>Contrat</dt>
        <dd>{terminationContractLabel(termination.contractType)}</dd>
        <dt>Référence du contrat</dt>
        <dd>{visible(termination.contractReference)}</dd>
        <dt>Devis correspondant</dt>
        <dd>
          {check ? (
            <>
              <a className="link" href={href.devis(check.devis.id)}>
                {typeset(`Devis n° ${check.devis.number}`)}
              </a>
              {typeset(` (${devisStatusLabel(check.devis.status)}) : `)}
              {`${visible(check.devis.clientName)}, ${visible(check.devis.clientEmail)}`}
            </>
          ) : termination.contractType === 'devis' ? (
            'aucun devis enregistré sous cette référence'
          ) : (
            'sans objet'
          )}
        </dd>
        {check ? (
          <>
            <dt>Vérification</dt>
            <dd>{checkVerdict(check)}</dd>
          </>
        ) : null}
        {termination.contractStart ? (
          <>
            <dt>Signé le</dt>
            <dd>{formatFrenchDay(termination.contractStart)}</dd>
          </>
        ) : null}
        <dt>Date souhaitée</dt>
        <dd>{termination.desiredDate ? formatFrenchDay(termination.desiredDate) : 'la plus proche possible'}</dd>
        <dt>Date d’effet</dt>
        <dd>{effectiveDayText(termination)}</dd>
        <dt>Motif</dt>
        <dd className="description">{termination.reason ? visible(termination.reason) : 'aucun'}</dd>
        <dt>Accusé de réception</dt>
        <dd>{mail('termination_client')}</dd>
        <dt>E-mail à l’entreprise</dt>
        <dd>{mail('termination_company')}</dd>
      </dl>
      {termination.handledAt ? null : (
        <form method="post" action={href.terminationHandled(termination.reference)} className="actions">
          <input type="hidden" name="_csrf" value={csrfToken} />
          <button type="submit" className="button">
            Marquer comme traitée
          </button>
        </form>
      )}
      <p>
        <a className="link" href={href.terminations}>
          Retour aux résiliations
        </a>
      </p>
    </Shell>
  );
}
