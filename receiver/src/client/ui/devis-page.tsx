import type { ServedCompany } from '../../pages/shell';
import {
  demoDevis,
  devisClientTexts,
  fillTemplate,
  formatFrenchDay,
  frenchTypography,
  isoDay,
  NBSP,
  siteUrl,
} from '../../facts';
import type { FrozenDevis } from '../../requests/devis/draft';
import { formatCents, formatQuantity, formatRate } from '../../requests/devis/money';
import { unitAfter } from '../../requests/devis/units';
import type { DevisView } from '../../requests/devis/view';
import type { ClientState } from '../state';
import {
  AcceptSection,
  RefuseSection,
  WithdrawSection,
  type AcceptForm,
  type RefuseForm,
  type WithdrawForm,
} from './devis-answer-forms';
import { Shell } from './shell';

const texts = devisClientTexts;

type DevisPageProps = {
  /** The link's path, `${DEVIS_CLIENT_PATH}/<secret>`: the forms post under it. */
  base: string;
  content: FrozenDevis;
  view: DevisView;
  state: ClientState;
  hasPdf: boolean;
  /** The version's last valid day (Paris). */
  validUntil: string;
  /** The page's anti-forgery token, carried by its forms. */
  token: string;
  company: ServedCompany;
  accept?: AcceptForm;
  refuse?: RefuseForm;
  /** An accepted devis the client may still withdraw from online: until this Paris day (none shown for goods). */
  withdrawal?: WithdrawForm;
  /** The Paris day the right ended, the work fully done at the client's express request (L. 221-28, 1°). */
  withdrawalLostOn?: string;
};

const STATE_LABELS: Record<ClientState['kind'], string> = {
  awaiting: texts.states.awaiting,
  accepted: texts.states.accepted,
  refused: texts.states.refused,
  expired: texts.states.expired,
  withdrawn: texts.states.withdrawn,
  replaced: texts.states.replaced,
};

function stateLabel(state: ClientState): string {
  return state.kind === 'replaced' ? `${texts.states.replaced} ${state.by}` : STATE_LABELS[state.kind];
}

function stateIntro(state: ClientState, validUntil: string): string {
  switch (state.kind) {
    case 'awaiting':
      return frenchTypography(`${texts.validUntil} ${formatFrenchDay(validUntil)} inclus. ${texts.awaitingIntro}`);
    case 'accepted':
      return texts.acceptedIntro;
    case 'refused':
      return texts.refusedIntro;
    case 'expired':
      return texts.expiredIntro;
    case 'withdrawn':
      return texts.withdrawnIntro;
    case 'replaced':
      return texts.replacedIntro;
  }
}

function Lines({ content, view }: Pick<DevisPageProps, 'content' | 'view'>) {
  const t = texts.lines;
  return (
    <table className="lines">
      <caption>{t.caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t.designation}</th>
          <th scope="col" className="n">
            {t.quantity}
          </th>
          <th scope="col" className="n">
            {t.unitPrice}
          </th>
          <th scope="col" className="n">
            {t.vat}
          </th>
          <th scope="col" className="n">
            {t.total}
          </th>
        </tr>
      </thead>
      <tbody>
        {content.lines.map((line, index) => (
          <tr key={index}>
            <td className="designation">{line.designation}</td>
            <td className="n" data-label={t.quantity}>
              {`${formatQuantity(line.quantityMilli)}${NBSP}${unitAfter(line.quantityMilli, line.unit)}`}
            </td>
            <td className="n" data-label={t.unitPrice}>
              {formatCents(line.unitPriceHtCents)}
            </td>
            <td className="n" data-label={t.vat}>
              {formatRate(line.vatRateBp)}
            </td>
            <td className="n" data-label={t.total}>
              {formatCents(view.totals.lineHtCents[index] ?? 0)}
            </td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row" colSpan={4}>
            {t.totalHt}
          </th>
          <td className="n">{formatCents(view.totals.htCents)}</td>
        </tr>
        {view.totals.vat.map((rate) => (
          <tr key={rate.vatRateBp}>
            <th scope="row" colSpan={4}>
              {`${t.vatOn} ${formatRate(rate.vatRateBp)} sur ${formatCents(rate.baseHtCents)}`}
            </th>
            <td className="n">{formatCents(rate.vatCents)}</td>
          </tr>
        ))}
        <tr className="ttc">
          <th scope="row" colSpan={4}>
            {t.totalTtc}
          </th>
          <td className="n">{formatCents(view.totals.ttcCents)}</td>
        </tr>
      </tfoot>
    </table>
  );
}

/** The devis's object and the terms the client commits to, open above the answers (L. 221-14, al. 1). */
function TermsSection({ content, view }: Pick<DevisPageProps, 'content' | 'view'>) {
  const open = view.mentions.filter((mention) => OPEN_MENTIONS.includes(mention.id));
  return (
    <section className="card" aria-labelledby="conditions">
      <h2 id="conditions">{texts.terms.title}</h2>
      {content.subject ? (
        <>
          <h3>{texts.terms.subject}</h3>
          <p>{content.subject}</p>
        </>
      ) : null}
      {content.description ? (
        <>
          <h3>{texts.terms.description}</h3>
          <p className="designation">{content.description}</p>
        </>
      ) : null}
      {open.map((mention) => (
        <div key={mention.id}>
          <h3>{mention.label}</h3>
          {mention.paragraphs.map((paragraph, index) => (
            <p key={index}>{paragraph}</p>
          ))}
        </div>
      ))}
    </section>
  );
}

/** The mentions shown open (start, duration, payment and deposit), and the one the page already shows (withdrawal). */
const OPEN_MENTIONS: readonly string[] = ['schedule', 'payment'];
const SHOWN_ELSEWHERE: readonly string[] = [...OPEN_MENTIONS, 'withdrawal'];

/** The devis as its client reads it, its state, and, while it awaits an answer, the two forms. */
export function DevisPage(props: DevisPageProps) {
  const { base, content, view, state, hasPdf } = props;
  const cgv = view.cgv;
  const title = frenchTypography(`Devis n° ${content.number}, version ${content.version}`);
  return (
    <Shell
      title={title}
      heading={
        <>
          Devis n°{NBSP}
          <span className="nowrap">{content.number}</span>, version {content.version}
        </>
      }
      company={props.company}
      cgv={{
        href: `${siteUrl}${cgv.href}`,
        label: fillTemplate(texts.footer.cgv, { date: formatFrenchDay(cgv.date) }),
      }}
    >
      {content.demonstration ? (
        <section className="card demo" aria-label={demoDevis.stamp}>
          <p>
            <strong>{demoDevis.stamp}.</strong> {demoDevis.notice}
          </p>
        </section>
      ) : null}
      <section className="card" aria-label="État du devis">
        <p className={`state ${state.kind}`}>{stateLabel(state)}</p>
        <p>{stateIntro(state, props.validUntil)}</p>
        {hasPdf ? (
          <a className="pdf" href={`${base}/pdf`}>
            {texts.pdf}
          </a>
        ) : null}
      </section>
      <section className="card" aria-label="Client">
        <dl>
          <dt>Client</dt>
          <dd>{content.client.name}</dd>
          <dt>Lieu d’intervention</dt>
          <dd>{content.client.jobAddress}</dd>
          <dt>Date</dt>
          <dd>{formatFrenchDay(isoDay(new Date(content.issuedAt)))}</dd>
        </dl>
      </section>
      <section className="card">
        <Lines content={content} view={view} />
      </section>
      <TermsSection content={content} view={view} />
      <section className="card" aria-labelledby="retractation">
        <h2 id="retractation">{texts.withdrawalTitle}</h2>
        {view.withdrawal.texts.map((text, index) => (
          <p key={index}>{text}</p>
        ))}
      </section>
      {state.kind === 'awaiting' ? (
        <>
          <AcceptSection {...props} />
          <RefuseSection {...props} />
        </>
      ) : null}
      {state.kind === 'accepted' && props.withdrawalLostOn ? (
        <section className="card" aria-labelledby="se-retracter">
          <h2 id="se-retracter">{texts.withdrawTitle}</h2>
          <p>
            {frenchTypography(
              `${texts.withdrawalLostBefore} ${formatFrenchDay(props.withdrawalLostOn)} : ${texts.withdrawalLostAfter}`,
            )}
          </p>
        </section>
      ) : null}
      {state.kind === 'accepted' && props.withdrawal ? (
        <WithdrawSection {...props} withdrawal={props.withdrawal} />
      ) : null}
      <section className="card" aria-labelledby="mentions">
        <h2 id="mentions">{texts.mentionsTitle}</h2>
        {view.mentions
          .filter((mention) => !SHOWN_ELSEWHERE.includes(mention.id))
          .map((mention) => (
            <details key={mention.id}>
              <summary>{mention.label}</summary>
              {mention.paragraphs.map((paragraph, index) => (
                <p key={index}>{paragraph}</p>
              ))}
            </details>
          ))}
        {view.withdrawalForm ? (
          <details>
            <summary>{view.withdrawalForm.title}</summary>
            <p>{view.withdrawalForm.intro}</p>
            <p>{view.withdrawalForm.addressee}</p>
            {view.withdrawalForm.fields.map((field, index) => (
              <p key={index}>{field}</p>
            ))}
            <p>{view.withdrawalForm.footnote}</p>
          </details>
        ) : null}
      </section>
    </Shell>
  );
}
