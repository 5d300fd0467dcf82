import { formatSiren, frenchTypography, NBSP, typeset } from '../../facts';
import type { DevisDraft } from '../../requests/devis/draft';
import { formatCents, formatQuantity, formatRate } from '../../requests/devis/money';
import { devisStatusLabel, type DevisStatus } from '../../requests/devis/statuses';
import { LINE_KIND_LABELS } from '../../requests/devis/types';
import type { DevisView } from '../../requests/devis/view';
import { visible } from '../../visible';
import { CONTRACT_WAYS } from '../devis-choices';
import type { FollowUpView } from '../devis-follow-up';
import { href } from '../paths';
import { DevisFollowUp } from './devis-follow-up';
import { ClientReminder, type ClientReminderProps } from './client-reminder';
import { LinkRevocation, type LinkRevocationProps } from './link-revocation';
import { formatDateTime } from './format';
import { Shell, type Member } from './shell';

type Common = {
  member: Member;
  csrfToken: string;
  devisId: number;
  requestReference: string;
};

/** The lines and totals as a phone shows them: one block per line, no wide table. */
function LinesAndTotals({ view }: { view: DevisView }) {
  return (
    <>
      <ol className="devis-lines">
        {view.lines.map((line, index) => (
          <li key={index}>
            <p className="designation">{visible(line.designation)}</p>
            <p className="meta">
              {LINE_KIND_LABELS[line.kind]} · {formatQuantity(line.quantityMilli)}
              {NBSP}
              {visible(line.unit)} × {formatCents(line.unitPriceHtCents)} · TVA {formatRate(line.vatRateBp)}
            </p>
            <p className="amount">
              Total HT{NBSP}: {formatCents(view.totals.lineHtCents[index] ?? 0)}
            </p>
          </li>
        ))}
      </ol>
      <dl className="fields totals">
        <dt>Total HT</dt>
        <dd>{formatCents(view.totals.htCents)}</dd>
        {view.totals.vat.map((rate) => (
          <div key={rate.vatRateBp} className="contents">
            <dt>
              TVA {formatRate(rate.vatRateBp)} sur {formatCents(rate.baseHtCents)}
            </dt>
            <dd>{formatCents(rate.vatCents)}</dd>
          </div>
        ))}
        <dt>Total TTC</dt>
        <dd className="grand">{formatCents(view.totals.ttcCents)}</dd>
      </dl>
    </>
  );
}

type DevisPreviewPageProps = Common & {
  draft: DevisDraft;
  number: string | null;
  nextVersion: number;
  /** Null while the draft has faults: they are listed, and nothing can be sent. */
  view: DevisView | null;
  faults: string[];
  error?: string;
  /** Sent now, it would be a demonstration devis (requests/devis/demonstration.ts): the team is told. */
  demonstration?: boolean;
};

/** « Aperçu »: the devis as the client will read it (lines, totals, withdrawal, mentions), then « Envoyer ». */
export function DevisPreviewPage(props: DevisPreviewPageProps) {
  const { member, csrfToken, devisId, requestReference, draft, number, nextVersion, view, faults, error } = props;
  const way = CONTRACT_WAYS.find((choice) => choice.value === draft.way);
  return (
    <Shell
      title={`Aperçu du devis${number ? ` ${number}, version ${nextVersion}` : ''}`}
      member={member}
      csrfToken={csrfToken}
      current="demandes"
    >
      {error ? (
        <p role="alert" className="error">
          {error}
        </p>
      ) : null}
      <p>
        <a className="link" href={href.devis(devisId)}>
          Modifier le brouillon
        </a>{' '}
        ·{' '}
        <a className="link" href={href.request(requestReference)}>
          Retour à la demande
        </a>
      </p>
      {props.demonstration ? (
        <p className="notice">
          {typeset(
            'Devis de démonstration : l’assureur ou le médiateur (content/site.ts) est encore une valeur d’exemple. Envoyé, ce devis portera la mention « Devis de démonstration » sur sa page, son PDF et ses e-mails : ce ne sera pas une offre.',
          )}
        </p>
      ) : null}
      {view === null ? (
        <div role="alert" className="error">
          <p>{typeset('Le devis n’est pas prêt à partir :')}</p>
          <ul>
            {faults.map((fault, index) => (
              <li key={index}>{fault}</li>
            ))}
          </ul>
          <p>
            <a className="button secondary" href={href.devis(devisId)}>
              Compléter le devis
            </a>
          </p>
        </div>
      ) : (
        <>
          <dl className="fields">
            <dt>Client</dt>
            <dd>
              {visible(draft.client.name)}
              {draft.client.kind === 'professional' && draft.client.siren
                ? frenchTypography(`, SIREN ${formatSiren(draft.client.siren)}`)
                : ''}
            </dd>
            <dt>E-mail</dt>
            <dd>{visible(draft.client.email)}</dd>
            <dt>Téléphone</dt>
            <dd>{visible(draft.client.phone)}</dd>
            <dt>Adresse du chantier</dt>
            <dd>{visible(draft.client.jobAddress)}</dd>
            <dt>Objet</dt>
            <dd>{visible(draft.subject ?? '')}</dd>
            {draft.description ? (
              <>
                <dt>Description</dt>
                <dd>{visible(draft.description)}</dd>
              </>
            ) : null}
            <dt>Conclusion</dt>
            <dd>
              {way?.label}
              {draft.urgent ? ' ; intervention urgente demandée par le client' : ''}
            </dd>
          </dl>
          <h2>Lignes</h2>
          <LinesAndTotals view={view} />
          <h2>Rétractation</h2>
          {view.withdrawal.texts.map((text, index) => (
            <p key={index}>{text}</p>
          ))}
          <h2>Mentions</h2>
          <div className="mentions">
            {view.mentions
              .filter((mention) => mention.id !== 'withdrawal')
              .map((mention) => (
                <section key={mention.id}>
                  <h3>{mention.label}</h3>
                  {mention.paragraphs.map((paragraph, index) => (
                    <p key={index}>{visible(paragraph)}</p>
                  ))}
                </section>
              ))}
          </div>
          <p>
            <a className="button secondary" href={href.devisPreviewPdf(devisId)} download>
              Télécharger l’aperçu en PDF
            </a>
          </p>
          <form method="post" action={href.devisSend(devisId)}>
            <input type="hidden" name="_csrf" value={csrfToken} />
            <h2>Envoyer</h2>
            <p>
              {typeset(
                `Le devis part par e-mail à ${draft.client.email}, avec son lien et son PDF${nextVersion > 1 ? ` ; il remplace la version ${nextVersion - 1}` : ''}. Une fois envoyé, il ne change plus : une modification en fera une nouvelle version.`,
              )}
            </p>
            <div className="actions">
              <button type="submit">Envoyer au client</button>
            </div>
          </form>
        </>
      )}
    </Shell>
  );
}

export type VersionRow = {
  version: number;
  sentAt: string;
  replacedBy: number | null;
  hasPdf: boolean;
  /** The client accepted this version: its proof of acceptance can be downloaded. */
  accepted: boolean;
};

/** The link just given by a sending, shown once: the secret is never stored. */
export type JustSent = { number: string; version: number; link: string; smsHref: string };

type DevisSummaryPageProps = Common & {
  status: DevisStatus;
  number: string | null;
  versions: VersionRow[];
  /** A draft of the next version is being prepared. */
  hasDraft: boolean;
  final: boolean;
  sent?: JustSent;
  notice?: string;
  error?: string;
  followUp?: FollowUpView;
  reminder?: Omit<ClientReminderProps, 'devisId' | 'csrfToken'>;
  revocation?: Omit<LinkRevocationProps, 'devisId' | 'csrfToken'>;
};

/** A sent devis: its status, its versions and their PDFs, « Modifier »; after a sending, the link to share. */
export function DevisSummaryPage(props: DevisSummaryPageProps) {
  const { member, csrfToken, devisId, requestReference, status, number, versions, hasDraft, final, sent } = props;
  return (
    <Shell
      title={`Devis ${number ?? ''}`.trim()}
      member={member}
      csrfToken={csrfToken}
      current="demandes"
      notice={props.notice}
    >
      {props.error ? (
        <p role="alert" className="error">
          {props.error}
        </p>
      ) : null}
      <p>
        <a className="link" href={href.request(requestReference)}>
          Retour à la demande
        </a>
      </p>
      {sent ? (
        <section className="sent" aria-labelledby="lien-titre">
          <h2 id="lien-titre">Lien du client</h2>
          <p>
            {typeset(
              `Le devis ${sent.number}, version ${sent.version}, part par e-mail. Ce lien n’est affiché qu’une fois : partagez-le maintenant si le client le veut aussi par SMS.`,
            )}
          </p>
          <label htmlFor="lien">Lien du devis</label>
          <input id="lien" type="url" readOnly value={sent.link} />
          <div className="actions">
            <a className="button" href={sent.smsHref}>
              Envoyer par SMS
            </a>
            <button type="button" className="secondary" data-copy="lien" hidden>
              Copier le lien
            </button>
          </div>
          <p className="meta" role="status" data-copied="lien"></p>
          <script src={href.copyScript} defer />
        </section>
      ) : null}
      <dl className="fields">
        <dt>Statut</dt>
        <dd>{devisStatusLabel(status)}</dd>
        <dt>Numéro</dt>
        <dd>{number ?? 'donné au premier envoi'}</dd>
      </dl>
      {props.followUp ? <DevisFollowUp devisId={devisId} csrfToken={csrfToken} view={props.followUp} /> : null}
      <h2>Versions envoyées</h2>
      <ol className="history">
        {versions.map((row) => (
          <li key={row.version}>
            Version {row.version}, envoyée le {formatDateTime(new Date(row.sentAt))}
            {row.replacedBy ? `, remplacée par la version ${row.replacedBy}` : ''}
            {row.hasPdf ? (
              <p>
                <a className="button secondary" href={href.devisVersionPdf(devisId, row.version)} download>
                  PDF de la version {row.version}
                </a>
              </p>
            ) : null}
            {row.accepted ? (
              <p>
                <a className="button secondary" href={href.devisVersionProof(devisId, row.version)} download>
                  Preuve d’acceptation (PDF)
                </a>
              </p>
            ) : null}
          </li>
        ))}
      </ol>
      {props.reminder ? <ClientReminder devisId={devisId} csrfToken={csrfToken} {...props.reminder} /> : null}
      {props.revocation ? <LinkRevocation devisId={devisId} csrfToken={csrfToken} {...props.revocation} /> : null}
      {final ? (
        <p>{typeset(`Ce devis est ${devisStatusLabel(status).toLowerCase()} : il ne se modifie plus.`)}</p>
      ) : hasDraft ? (
        <p>
          <a className="button" href={href.devis(devisId)}>
            Reprendre la version {(versions.at(-1)?.version ?? 0) + 1}
          </a>
        </p>
      ) : (
        <form method="post" action={href.devisEdit(devisId)}>
          <input type="hidden" name="_csrf" value={csrfToken} />
          <p className="meta">
            {typeset(
              `Le client garde la version envoyée jusqu’à ce que vous envoyiez la suivante${NBSP}; son lien dira alors qu’elle est remplacée.`,
            )}
          </p>
          <div className="actions">
            <button type="submit">Modifier</button>
          </div>
        </form>
      )}
    </Shell>
  );
}
