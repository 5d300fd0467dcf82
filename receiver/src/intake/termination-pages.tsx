import { Fragment, type ReactNode } from 'react';
import {
  formatFrenchDay,
  legitimateReason,
  QUOTE_REQUEST_ID_FIELD,
  siteColours,
  siteUrl,
  TERMINATION_RECEIVER_PATH,
  terminationEffects,
  terminationForm,
  terminationPlainPages,
  terminationSummaryLines,
  type TerminationAnswer,
  type TerminationRequestField,
} from '../facts';
import { PageShell, styleSource, type ServedCompany } from '../pages/shell';
import type { TerminationFaults } from './termination-form';

/**
 * The pages POST /api/resiliation answers to a browser without JavaScript (termination-route.ts): the
 * summary (D. 215-3) with « Modifier » and « Notifier la résiliation », the form again, filled with what was
 * typed and each fault beside its field, and the acknowledgment. Server-rendered, no script, one inline
 * stylesheet allowed by its hash (TERMINATION_PAGE_CSP), like the client's devis pages. Every form posts
 * back here with the step (`TERMINATION_STEP_FIELD`) and the fields, the form id among them: nothing typed
 * is lost, and notifying twice stores one termination.
 */

/** The field the receiver's own pages post, which the site's form never sends: what to do with the fields. */
export const TERMINATION_STEP_FIELD = 'etape';
/** Its values: back to the form, or store the termination; anything else (or none) shows the summary. */
export const TERMINATION_STEPS = { edit: 'modifier', notify: 'notifier' } as const;

/** The fields a termination page carries from one step to the next (the trap field is not among them). */
export type TerminationValues = Record<TerminationRequestField, string>;

const { brand, accent, ink, surface } = siteColours;

const PAGE_CSS = `
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font:16px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif;color:${ink.DEFAULT};background:${surface}}
a{color:${brand[700]}}
a:focus-visible,button:focus-visible,input:focus-visible,select:focus-visible,textarea:focus-visible{outline:3px solid ${accent[500]};outline-offset:2px}
.top{background:${brand[800]};color:#fff;padding:12px 16px;display:flex;flex-wrap:wrap;gap:8px 16px;justify-content:space-between}
.top a{color:#fff;font-weight:600;text-decoration:none}
main{max-width:760px;margin:0 auto;padding:16px}
h1{font-size:1.5rem;line-height:1.25;margin:8px 0 12px;color:${brand[900]}}
h2{font-size:1.1rem;margin:16px 0 8px;color:${brand[900]}}
.card{background:#fff;border:1px solid ${brand[100]};border-radius:12px;padding:16px;margin:0 0 16px}
dl{margin:0;display:grid;grid-template-columns:minmax(0,1fr) minmax(0,2fr);gap:8px 12px}dt{font-weight:600}dd{margin:0;overflow-wrap:anywhere;white-space:pre-line}
.field{margin:0 0 16px}
label{display:block;font-weight:600;margin:0 0 4px}
input,select,textarea{width:100%;font:inherit;padding:10px 12px;border:1px solid ${ink.muted};border-radius:8px;background:#fff;min-height:48px}
[aria-invalid=true]{border:2px solid #b3141b}
.hint{margin:4px 0 0;font-size:.9rem;color:${ink.muted}}
.error{margin:4px 0 0;color:#b3141b;font-weight:600}
.errors{border-left:4px solid #b3141b;background:#fdecec;padding:8px 12px;margin:0 0 16px}
.actions{display:flex;flex-wrap:wrap;gap:12px;margin:16px 0 0}.actions form{margin:0}
button{font:inherit;font-weight:700;min-height:48px;padding:10px 18px;border-radius:8px;border:0;background:${brand[700]};color:#fff;cursor:pointer}
button.secondary{background:#fff;color:${brand[800]};border:2px solid ${brand[700]}}
.foot{max-width:760px;margin:0 auto;padding:16px;font-size:.85rem;color:${ink.muted}}
`
  .trim()
  .replace(/\n/g, '');

/** The pages' Content-Security-Policy: nothing but the inline stylesheet, by its hash; forms to this origin. */
export const TERMINATION_PAGE_CSP = [
  "default-src 'none'",
  `style-src ${styleSource(PAGE_CSS)}`,
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

const form = terminationForm;
const texts = terminationPlainPages;

/** The frame of the pages (pages/shell.tsx): their stylesheet, a way back to the site in the footer. */
function Shell({ title, company, children }: { title: string; company: ServedCompany; children: ReactNode }) {
  const links = (
    <p>
      <a href={siteUrl}>{texts.backToSite}</a>
    </p>
  );
  return (
    <PageShell title={title} css={PAGE_CSS} links={links} company={company}>
      {children}
    </PageShell>
  );
}

/** Every field as a hidden input, the form id among them, and the step asked for. */
function Carried({ values, step }: { values: TerminationValues; step: string }) {
  return (
    <>
      {(Object.keys(values) as TerminationRequestField[]).map((name) => (
        <input key={name} type="hidden" name={name} value={values[name]} />
      ))}
      <input type="hidden" name={TERMINATION_STEP_FIELD} value={step} />
    </>
  );
}

function Effects({ contractType }: { contractType: string }) {
  const effects = terminationEffects[contractType as keyof typeof terminationEffects];
  if (!effects) return null;
  return (
    <section className="card">
      <h2>{form.effects.title}</h2>
      {effects.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
    </section>
  );
}

/** D. 215-3: what was typed, to check; « Modifier » goes back to the form, « Notifier » stores it. */
export function TerminationSummaryPage({ values, company }: { values: TerminationValues; company: ServedCompany }) {
  return (
    <Shell title={form.summary.title} company={company}>
      <p>{form.summary.intro}</p>
      <div className="card">
        <dl>
          {terminationSummaryLines((name) => values[name], form).map(([name, value]) => (
            <Fragment key={name}>
              <dt>{form.summary.labels[name]}</dt>
              <dd>{value}</dd>
            </Fragment>
          ))}
        </dl>
      </div>
      <Effects contractType={values.contractType} />
      <div className="actions">
        <form method="post" action={TERMINATION_RECEIVER_PATH}>
          <Carried values={values} step={TERMINATION_STEPS.notify} />
          <button type="submit">{form.summary.notify}</button>
        </form>
        <form method="post" action={TERMINATION_RECEIVER_PATH}>
          <Carried values={values} step={TERMINATION_STEPS.edit} />
          <button type="submit" className="secondary">
            {form.summary.edit}
          </button>
        </form>
      </div>
    </Shell>
  );
}

type EditProps = {
  values: TerminationValues;
  faults: TerminationFaults;
  /** A refusal that names no field (the same form id sent with another content). */
  problem?: string;
  company: ServedCompany;
};

/** The form again, filled with what was typed, each fault in French beside its field. */
export function TerminationEditPage({ values, faults, problem, company }: EditProps) {
  const id = (name: string) => `resiliation-${name}`;
  const hasFaults = problem !== undefined || Object.values(faults).some(Boolean);
  // Where the proofs of a legitimate reason go: the company's e-mail and address as published.
  const reasonHint = legitimateReason.textOf(company.site);
  const field = (name: TerminationRequestField, label: string, control: ReactNode, hint?: string, required = false) => (
    <div className="field">
      <label htmlFor={id(name)}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {control}
      {hint ? (
        <p id={`${id(name)}-aide`} className="hint">
          {hint}
        </p>
      ) : null}
      {faults[name] ? (
        <p id={`${id(name)}-erreur`} className="error">
          {faults[name]}
        </p>
      ) : null}
    </div>
  );
  const aria = (name: TerminationRequestField, hint?: string) => ({
    id: id(name),
    name,
    'aria-invalid': faults[name] ? true : undefined,
    'aria-describedby':
      [hint ? `${id(name)}-aide` : '', faults[name] ? `${id(name)}-erreur` : ''].filter(Boolean).join(' ') || undefined,
  });
  const { contract, reason } = form;
  return (
    <Shell title={texts.editTitle} company={company}>
      {hasFaults ? (
        <div className="errors" role="alert">
          <p>{problem ?? texts.errorsTitle}</p>
        </div>
      ) : (
        <p>{texts.editIntro}</p>
      )}
      <form method="post" action={TERMINATION_RECEIVER_PATH} noValidate>
        <input type="hidden" name={QUOTE_REQUEST_ID_FIELD} value={values.requestId} />
        <p className="hint">{form.requiredNote}</p>
        {form.identity.fields.map((spec) => (
          <Fragment key={spec.name}>
            {field(
              spec.name,
              spec.label,
              <input
                {...aria(spec.name, spec.hint)}
                type={spec.type}
                autoComplete={spec.autoComplete}
                maxLength={spec.maxLength}
                required={spec.required}
                defaultValue={values[spec.name]}
              />,
              spec.hint,
              spec.required,
            )}
          </Fragment>
        ))}
        {field(
          'contractType',
          contract.type.label,
          <select {...aria('contractType')} required defaultValue={values.contractType}>
            <option value="">{texts.chooseContract}</option>
            {contract.type.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>,
          undefined,
          true,
        )}
        {field(
          'contractReference',
          contract.reference.label,
          <input
            {...aria('contractReference', contract.reference.hint)}
            type="text"
            autoComplete="off"
            maxLength={contract.reference.maxLength}
            required
            defaultValue={values.contractReference}
          />,
          contract.reference.hint,
          true,
        )}
        {field(
          'contractStart',
          contract.start.label,
          <input
            {...aria('contractStart', contract.start.hint)}
            type="date"
            min="1990-01-01"
            defaultValue={values.contractStart}
          />,
          contract.start.hint,
        )}
        {field(
          'desiredDate',
          contract.desired.label,
          <input
            {...aria('desiredDate', contract.desired.hint)}
            type="date"
            max="2100-12-31"
            defaultValue={values.desiredDate}
          />,
          contract.desired.hint,
        )}
        {field(
          'reason',
          reason.label,
          <textarea
            {...aria('reason', reasonHint)}
            rows={reason.rows}
            maxLength={reason.maxLength}
            defaultValue={values.reason}
          />,
          reasonHint,
        )}
        <button type="submit">{form.review}</button>
      </form>
    </Shell>
  );
}

type AcknowledgmentProps = {
  answer: TerminationAnswer;
  /** The day the receiver received it, in Paris. */
  receivedDay: string;
  contractType: string;
  /** A maintenance contract without its signature date: the effective day is only the earliest possible. */
  earliest: boolean;
  reason: boolean;
  company: ServedCompany;
};

/** What the form's success text says (reference, effective date), with the day received and the effects. */
export function TerminationAcknowledgmentPage(props: AcknowledgmentProps) {
  const { answer, receivedDay, contractType, earliest, reason, company } = props;
  const success = form.success;
  return (
    <Shell title={success.title} company={company}>
      <div className="card" role="status">
        <p>{answer.confirmation ? success.withConfirmation : success.text}</p>
        <p>{texts.received.replace('{date}', formatFrenchDay(receivedDay))}</p>
        {answer.effectiveDate ? (
          <p>
            <strong>
              {(earliest ? success.effectiveEarliest : success.effective).replace(
                '{date}',
                formatFrenchDay(answer.effectiveDate),
              )}
            </strong>
          </p>
        ) : null}
        {answer.reference ? <p>{success.reference.replace('{reference}', answer.reference)}</p> : null}
        {reason ? <p>{legitimateReason.acknowledged(company.site)}</p> : null}
      </div>
      <Effects contractType={contractType} />
    </Shell>
  );
}
