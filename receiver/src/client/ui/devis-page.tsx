import {
  cgvVersionOn,
  demoDevis,
  devisClientLimits,
  devisClientTexts,
  fillTemplate,
  formatFrenchDay,
  frenchTypography,
  isoDay,
  NBSP,
  paths,
  siteUrl,
} from '../../facts';
import type { FrozenDevis } from '../../requests/devis/draft';
import { formatCents, formatQuantity, formatRate } from '../../requests/devis/money';
import { unitAfter } from '../../requests/devis/units';
import type { DevisView } from '../../requests/devis/view';
import { acceptanceBoxes, asksCapacity, type FormBox } from '../acceptance-form';
import type { ClientState } from '../state';
import { Errors } from './errors';
import { Shell } from './shell';

const texts = devisClientTexts;

/**
 * The acceptance form as the client filled it, shown again with its faults (nothing typed lost): the name,
 * the signer's capacity (a professional client), the boxes ticked and the required ones left unticked (by
 * their id, acceptance-form.ts).
 */
export type AcceptForm = { name: string; capacity: string; ticked: string[]; missing: string[]; errors: string[] };
export type RefuseForm = { reason: string; errors: string[] };

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
  mentions: string;
  accept?: AcceptForm;
  refuse?: RefuseForm;
  /** An accepted devis the client may still withdraw from online: until this Paris day (none shown for goods). */
  withdrawal?: { lastDay?: string; errors: string[] };
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

function Box({ box, accept }: { box: FormBox; accept: AcceptForm | undefined }) {
  const missing = box.required !== undefined && (accept?.missing.includes(box.id) ?? false);
  return (
    <div className="check">
      <input
        type="checkbox"
        id={box.id}
        name={box.field}
        value="oui"
        required={box.required !== undefined}
        defaultChecked={accept?.ticked.includes(box.id) ?? false}
        {...(missing ? { 'aria-invalid': true, 'aria-describedby': `${box.id}-erreur` } : {})}
      />
      <label htmlFor={box.id}>{box.text}</label>
      {missing ? (
        <p className="field-error" id={`${box.id}-erreur`}>
          {box.required}
        </p>
      ) : null}
    </div>
  );
}

function AcceptSection({
  base,
  token,
  content,
  view,
  accept,
}: Pick<DevisPageProps, 'base' | 'token' | 'content' | 'view' | 'accept'>) {
  const boxes = acceptanceBoxes(content, view);
  return (
    <section className="card" aria-labelledby="accepter" id="reponse">
      <h2 id="accepter">{texts.acceptTitle}</h2>
      <p>{texts.acceptIntro}</p>
      <ol>
        {texts.acceptSteps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <p>{texts.acceptCorrect}</p>
      <p>{texts.acceptArchive}</p>
      <form method="post" action={`${base}/accepter`}>
        <input type="hidden" name="_csrf" value={token} />
        <Errors id="erreurs-accepter" errors={accept?.errors ?? []} />
        <p>
          <label htmlFor="nom">{texts.name}</label>
          <input
            type="text"
            id="nom"
            name="nom"
            required
            maxLength={devisClientLimits.name}
            autoComplete="name"
            defaultValue={accept?.name ?? ''}
          />
        </p>
        {asksCapacity(content) ? (
          <p>
            <label htmlFor="qualite">{texts.capacity}</label>
            <input
              type="text"
              id="qualite"
              name="qualite"
              required
              maxLength={devisClientLimits.capacity}
              autoComplete="organization-title"
              defaultValue={accept?.capacity ?? ''}
            />
          </p>
        ) : null}
        {boxes.map((box) => (
          <Box key={box.id} box={box} accept={accept} />
        ))}
        <button type="submit">{texts.sendCode}</button>
      </form>
      <p className="muted">
        {texts.proofNotice} <a href={`${siteUrl}${paths.privacy}`}>{texts.proofNoticeLink}</a>
      </p>
    </section>
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

function RefuseSection({ base, token, refuse }: Pick<DevisPageProps, 'base' | 'token' | 'refuse'>) {
  return (
    <section className="card" aria-labelledby="refuser">
      <h2 id="refuser">{texts.refuseTitle}</h2>
      <form method="post" action={`${base}/refuser`}>
        <input type="hidden" name="_csrf" value={token} />
        <Errors id="erreurs-refuser" errors={refuse?.errors ?? []} />
        <p>
          <label htmlFor="motif">{texts.reason}</label>
          <textarea
            id="motif"
            name="motif"
            rows={3}
            maxLength={devisClientLimits.reason}
            defaultValue={refuse?.reason ?? ''}
          />
        </p>
        <button type="submit" className="secondary">
          {texts.refuse}
        </button>
      </form>
    </section>
  );
}

function WithdrawSection({
  base,
  token,
  withdrawal,
}: Pick<DevisPageProps, 'base' | 'token'> & { withdrawal: NonNullable<DevisPageProps['withdrawal']> }) {
  const intro = withdrawal.lastDay
    ? frenchTypography(`${texts.withdrawIntro} ${formatFrenchDay(withdrawal.lastDay)} inclus.`)
    : texts.withdrawGoodsIntro;
  return (
    <section className="card" aria-labelledby="se-retracter">
      <h2 id="se-retracter">{texts.withdrawTitle}</h2>
      <p>{intro}</p>
      <form method="post" action={`${base}/retracter`}>
        <input type="hidden" name="_csrf" value={token} />
        <Errors id="erreurs-retracter" errors={withdrawal.errors} />
        <div className="check">
          <input type="checkbox" id="confirmer-retractation" name="confirmer" value="oui" required />
          <label htmlFor="confirmer-retractation">{texts.withdrawConfirm}</label>
        </div>
        <button type="submit" className="secondary">
          {texts.withdraw}
        </button>
      </form>
    </section>
  );
}

/** The devis as its client reads it, its state, and, while it awaits an answer, the two forms. */
export function DevisPage(props: DevisPageProps) {
  const { base, content, view, state, hasPdf } = props;
  const cgv = cgvVersionOn(isoDay(new Date(content.issuedAt)));
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
      mentions={props.mentions}
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
