import type { ServedCompany } from '../../pages/shell';
import { devisClientLimits, devisClientTexts, formatFrenchDay, frenchTypography, paths, siteUrl } from '../../facts';
import type { FrozenDevis } from '../../requests/devis/draft';
import type { DevisView } from '../../requests/devis/view';
import { acceptanceBoxes, asksCapacity, type FormBox } from '../acceptance-form';
import { Errors } from './errors';

/**
 * The client's answers on the devis's page (devis-page.tsx): the acceptance form (name, capacity, boxes),
 * the refusal, and the withdrawal while its period runs. Each posts under the link's path, with the page's
 * anti-forgery token.
 */

const texts = devisClientTexts;

/**
 * The acceptance form as the client filled it, shown again with its faults (nothing typed lost): the name,
 * the signer's capacity (a professional client), the boxes ticked and the required ones left unticked (by
 * their id, acceptance-form.ts).
 */
export type AcceptForm = { name: string; capacity: string; ticked: string[]; missing: string[]; errors: string[] };
export type RefuseForm = { reason: string; errors: string[] };

/** An accepted devis the client may still withdraw from online: until this Paris day (none shown for goods). */
export type WithdrawForm = { lastDay?: string; errors: string[] };

/** What every answer form carries: the link's path (`${DEVIS_CLIENT_PATH}/<secret>`) and the page's token. */
type FormTarget = { base: string; token: string };

function Box({ box, accept }: { box: FormBox; accept?: AcceptForm }) {
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

export function AcceptSection({
  base,
  token,
  content,
  view,
  accept,
  company,
}: FormTarget & { content: FrozenDevis; view: DevisView; accept?: AcceptForm; company: ServedCompany }) {
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
      <p>{texts.acceptArchive(company.site.email)}</p>
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

export function RefuseSection({ base, token, refuse }: FormTarget & { refuse?: RefuseForm }) {
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

export function WithdrawSection({ base, token, withdrawal }: FormTarget & { withdrawal: WithdrawForm }) {
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
