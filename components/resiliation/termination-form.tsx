'use client';

import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import type { TerminationFieldName, TerminationFormContent, TerminationTextField } from '@/content/termination';
import type { TerminationAnswer } from '@/content/termination-contract';
import { terminationSummaryLines } from '@/content/termination-summary';
import { checkedControlClasses, describedBy, FormField } from '@/components/forms/form-field';
import { postForm } from '@/components/forms/post-form';
import { useFormSending, type Attempt } from '@/components/forms/use-form-sending';
import { useAlertFocus, useInteractive } from '@/components/forms/use-interactive';
import { buttonClasses } from '@/components/ui/button-link';
import { cn } from '@/lib/cn';
import { formatFrenchDay } from '@/lib/format';

type Phone = { display: string; href: string; hours: string };

type TerminationFormProps = {
  content: TerminationFormContent;
  /** Where to post (content/termination-delivery.ts); without it, sending is only simulated, as for the quote. */
  endpoint?: string;
  /**
   * Where the form posts without JavaScript (content/termination-delivery.ts): the company's own receiver,
   * which answers with its own summary and acknowledgment pages. Without it, the form needs JavaScript.
   */
  action?: string;
  phone: Phone;
  /** The effects of each kind of contract, rendered on the server, shown for the kind chosen. */
  effects: Record<string, ReactNode>;
};

type Status = 'editing' | 'review' | 'sending' | 'success';
type Errors = Partial<Record<TerminationFieldName, string>>;
/** `earliest`: a maintenance contract sent without its signature date, whose day is only the earliest possible. */
type Sent = { confirmation: boolean; reference?: string; effectiveDate?: string; earliest?: boolean };
type Result = { ok: true; sent: Sent } | { ok: false; message?: string; field?: string };

const controlClasses = checkedControlClasses;

const id = (name: string) => `resiliation-${name}`;

/**
 * The « Résilier un contrat » form (décret 2023-417, D. 215-2 and D. 215-3): the fields, checked in the
 * browser with a French message next to each faulty one; then the summary, where the client checks and may
 * go back to edit; then « Notifier la résiliation » posts it (or simulates, without an endpoint), and the
 * answer's reference and effective date are shown. Nothing typed is lost on an error: the fields stay in
 * the page, hidden during the summary.
 */
export function TerminationForm({ content, endpoint, action, phone, effects }: TerminationFormProps) {
  const [status, setStatus] = useState<Status>('editing');
  const [errors, setErrors] = useState<Errors>({});
  const [announce, setAnnounce] = useState('');
  const [problem, setProblem] = useState<{ seq: number; message?: string } | null>(null);
  const [contractType, setContractType] = useState('');
  const [summary, setSummary] = useState<[TerminationFieldName, string][]>([]);
  const [sent, setSent] = useState<Sent | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const interactive = useInteractive();
  const { send } = useFormSending();

  useEffect(() => {
    if (status === 'review') rootRef.current?.querySelector<HTMLElement>('#resiliation-recapitulatif')?.focus();
    if (status === 'success') rootRef.current?.querySelector<HTMLElement>('#resiliation-succes')?.focus();
  }, [status]);
  useAlertFocus(rootRef, problem);

  const maintenance = contractType === 'maintenance';
  /** Before the script runs (or without it), the page is a plain form posted to `action`, every field shown. */
  const plain = !interactive && action !== undefined;

  /** The French message of a control's fault, or none. */
  function faultOf(control: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement): string | undefined {
    const { validity } = control;
    if (validity.valueMissing) return content.messages.required;
    if (validity.typeMismatch) return content.messages.email;
    if (validity.badInput || validity.rangeUnderflow) return content.messages.date;
    if (validity.rangeOverflow) return content.messages.startInFuture;
    if (!validity.valid) return control.validationMessage || content.messages.required;
    return undefined;
  }

  function check(form: HTMLFormElement): Errors {
    const found: Errors = {};
    for (const control of Array.from(form.elements)) {
      if (!(
        control instanceof HTMLInputElement ||
        control instanceof HTMLSelectElement ||
        control instanceof HTMLTextAreaElement
      ))
        continue;
      if (control.disabled || control.type === 'hidden' || control.tabIndex === -1) continue;
      const fault = faultOf(control);
      if (fault) found[control.name as TerminationFieldName] = fault;
    }
    return found;
  }

  function review(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    if (status === 'review') return void notify(form);
    if (status !== 'editing') return;
    const found = check(form);
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) {
      setAnnounce(content.errors.invalid);
      form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setAnnounce('');
    const data = new FormData(form);
    setSummary(terminationSummaryLines((name) => String(data.get(name) ?? '').trim(), content));
    setStatus('review');
  }

  function edit() {
    // The fields are shown before they take the focus.
    flushSync(() => setStatus('editing'));
    formRef.current?.querySelector<HTMLElement>('input:not([tabindex="-1"]), select')?.focus();
  }

  async function notify(form: HTMLFormElement) {
    const seq = (problem?.seq ?? 0) + 1;
    setProblem(null);
    setStatus('sending');
    const result = await send(endpoint, postOf(form), {
      simulated: { ok: true, sent: { confirmation: false } },
      failed: { ok: false },
    });
    if (result.ok) {
      setSent(result.sent);
      setStatus('success');
      return;
    }
    const { message, field } = result;
    if (field && message) {
      // The receiver's refusal names a field: the message goes next to it, the form comes back as typed.
      flushSync(() => {
        setErrors({ [field]: message });
        setStatus('editing');
        setAnnounce(message);
      });
      form.querySelector<HTMLElement>(`[name="${field}"]`)?.focus();
      return;
    }
    setStatus('review');
    setProblem({ seq, message });
  }

  /** Posts the form (components/forms/post-form.ts) and reads what the success shows. */
  function postOf(form: HTMLFormElement): Attempt<Result> {
    return async (url, signal, requestId) => {
      const data = new FormData(form);
      const posted = await postForm<TerminationAnswer>(url, data, requestId, signal);
      if (!posted.ok) return posted;
      const reference = typeof posted.answer?.reference === 'string' ? posted.answer.reference.trim() : '';
      const effectiveDate = typeof posted.answer?.effectiveDate === 'string' ? posted.answer.effectiveDate : '';
      const undated = data.get('contractType') === 'maintenance' && !String(data.get('contractStart') ?? '').trim();
      return {
        ok: true,
        sent: {
          confirmation: posted.answer?.confirmation === true,
          ...(undated ? { earliest: true } : {}),
          ...(reference && reference.length <= 40 ? { reference } : {}),
          ...(/^\d{4}-\d{2}-\d{2}$/.test(effectiveDate) ? { effectiveDate } : {}),
        },
      };
    };
  }

  function clearError(name: string) {
    if (errors[name as TerminationFieldName]) {
      setErrors((current) => ({ ...current, [name]: undefined }));
    }
  }

  const editing = status === 'editing';
  const sending = status === 'sending';

  /** A labelled field, its hint and its error next to it. */
  function field(name: TerminationFieldName, label: string, required: boolean, control: ReactNode, hint?: string) {
    return (
      <FormField id={id(name)} label={label} required={required} hint={hint} error={errors[name]}>
        {control}
      </FormField>
    );
  }

  const described = (name: TerminationFieldName, hint?: string) => describedBy(id(name), hint, errors[name]);

  function textInput(spec: TerminationTextField) {
    return field(
      spec.name,
      spec.label,
      spec.required,
      <input
        id={id(spec.name)}
        name={spec.name}
        type={spec.type}
        autoComplete={spec.autoComplete}
        maxLength={spec.maxLength}
        required={spec.required}
        aria-invalid={errors[spec.name] ? true : undefined}
        aria-describedby={described(spec.name, spec.hint)}
        onInput={() => clearError(spec.name)}
        className={controlClasses}
      />,
      spec.hint,
    );
  }

  const { contract, reason } = content;
  const today = interactive ? isoToday() : undefined;

  return (
    <div className="mt-6" ref={rootRef}>
      <p className="sr-only" aria-live="assertive">
        {announce}
      </p>
      <div role="status">
        {sending ? <p className="sr-only">{content.sendingStatus}</p> : null}
        {status === 'success' && sent ? (
          <div className="rounded-card bg-brand-50 px-6 py-10 text-center">
            <h3 id="resiliation-succes" tabIndex={-1} className="text-2xl font-bold text-ink">
              {content.success.title}
            </h3>
            <p className="mt-3 text-lg text-ink-muted">
              {sent.confirmation ? content.success.withConfirmation : content.success.text}
            </p>
            {sent.effectiveDate ? (
              <p className="mt-3 text-lg font-semibold text-ink">
                {(sent.earliest ? content.success.effectiveEarliest : content.success.effective).replace(
                  '{date}',
                  formatFrenchDay(sent.effectiveDate),
                )}
              </p>
            ) : null}
            {sent.reference ? (
              <p className="mt-2 text-ink">{content.success.reference.replace('{reference}', sent.reference)}</p>
            ) : null}
          </div>
        ) : null}
      </div>

      <form
        ref={formRef}
        action={action}
        method={action ? 'post' : undefined}
        noValidate
        onSubmit={review}
        hidden={status === 'success'}
        aria-busy={sending}
        className="space-y-8"
      >
        <div hidden={!editing} className="space-y-8">
          <p className="text-sm text-ink-muted">{content.requiredNote}</p>
          <fieldset className="grid grid-cols-1 gap-x-6 gap-y-5 sm:grid-cols-2">
            <legend className="mb-4 text-lg font-semibold text-ink">{content.identity.legend}</legend>
            {content.identity.fields.map((spec) => (
              <div key={spec.name}>{textInput(spec)}</div>
            ))}
          </fieldset>
          <fieldset className="grid grid-cols-1 gap-x-6 gap-y-5 sm:grid-cols-2">
            <legend className="mb-4 text-lg font-semibold text-ink">{contract.legend}</legend>
            <div className="sm:col-span-2">
              {field(
                'contractType',
                contract.type.label,
                true,
                <select
                  id={id('contractType')}
                  name="contractType"
                  required
                  value={contractType}
                  aria-invalid={errors.contractType ? true : undefined}
                  aria-describedby={described('contractType')}
                  onChange={(event) => {
                    setContractType(event.currentTarget.value);
                    clearError('contractType');
                  }}
                  className={controlClasses}
                >
                  <option value="">Choisissez le contrat</option>
                  {contract.type.options.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </select>,
              )}
            </div>
            <div className="sm:col-span-2">{textInput(contract.reference)}</div>
            <div hidden={!maintenance && !plain}>
              {field(
                'contractStart',
                contract.start.label,
                false,
                <input
                  id={id('contractStart')}
                  name="contractStart"
                  type="date"
                  disabled={!maintenance && !plain}
                  min="1990-01-01"
                  max={today}
                  aria-invalid={errors.contractStart ? true : undefined}
                  aria-describedby={described('contractStart', contract.start.hint)}
                  onInput={() => clearError('contractStart')}
                  className={controlClasses}
                />,
                contract.start.hint,
              )}
            </div>
            <div>
              {field(
                'desiredDate',
                contract.desired.label,
                false,
                <input
                  id={id('desiredDate')}
                  name="desiredDate"
                  type="date"
                  min={today}
                  max="2100-12-31"
                  aria-invalid={errors.desiredDate ? true : undefined}
                  aria-describedby={described('desiredDate', contract.desired.hint)}
                  onInput={() => clearError('desiredDate')}
                  className={controlClasses}
                />,
                contract.desired.hint,
              )}
            </div>
            {contractType && effects[contractType] ? (
              <div className="rounded-card bg-brand-50 p-4 text-sm text-ink sm:col-span-2">
                <p className="font-semibold">{content.effects.title}</p>
                {effects[contractType]}
              </div>
            ) : null}
          </fieldset>
          {field(
            'reason',
            reason.label,
            false,
            <textarea
              id={id('reason')}
              name="reason"
              rows={reason.rows}
              maxLength={reason.maxLength}
              aria-invalid={errors.reason ? true : undefined}
              aria-describedby={described('reason', reason.hint)}
              onInput={() => clearError('reason')}
              className={cn(controlClasses, 'resize-y')}
            />,
            reason.hint,
          )}
          {endpoint ? (
            <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
              <label htmlFor={id('website')}>{content.honeypot.label}</label>
              <input
                id={id('website')}
                name={content.honeypot.name}
                type="text"
                tabIndex={-1}
                autoComplete="off"
                defaultValue=""
              />
            </div>
          ) : null}
          <button
            type="submit"
            disabled={!interactive && !plain}
            className={buttonClasses('primary', 'lg', 'min-h-12 w-full disabled:opacity-70 sm:w-auto')}
          >
            {content.review}
          </button>
          <noscript>
            <p className="mt-3 text-sm text-ink">
              {action ? content.noscriptPosted : content.noscript}{' '}
              <a href={phone.href} className="font-semibold text-brand-800 underline underline-offset-4">
                {phone.display}
              </a>
            </p>
          </noscript>
        </div>

        {status === 'review' || sending ? (
          <section aria-labelledby="resiliation-recapitulatif" className="space-y-5">
            <h3 id="resiliation-recapitulatif" tabIndex={-1} className="text-xl font-bold text-ink">
              {content.summary.title}
            </h3>
            <p className="text-ink-muted">{content.summary.intro}</p>
            <dl className="divide-y divide-brand-100 rounded-card ring-1 ring-brand-100">
              {summary.map(([name, value]) => (
                <div key={name} className="grid gap-1 px-4 py-3 sm:grid-cols-3">
                  <dt className="font-medium text-ink">{content.summary.labels[name]}</dt>
                  <dd className="break-words whitespace-pre-line text-ink sm:col-span-2">{value}</dd>
                </div>
              ))}
            </dl>
            {problem ? (
              <div
                key={problem.seq}
                role="alert"
                tabIndex={-1}
                className="rounded-lg border-2 border-red-700 bg-red-50 p-4 text-ink"
              >
                <p className="font-semibold text-red-900">{content.errors.send.title}</p>
                <p>{problem.message ?? content.errors.send.text}</p>
                <p>
                  {content.errors.send.callUs}{' '}
                  <a href={phone.href} className="font-semibold whitespace-nowrap text-brand-800 underline">
                    {phone.display}
                  </a>{' '}
                  ({phone.hours}).
                </p>
              </div>
            ) : null}
            <div className="flex flex-col gap-3 sm:flex-row">
              <button
                type="submit"
                disabled={sending}
                className={buttonClasses('primary', 'lg', 'min-h-12 w-full disabled:opacity-70 sm:w-auto')}
              >
                {sending ? content.sending : content.summary.notify}
              </button>
              <button
                type="button"
                onClick={edit}
                disabled={sending}
                className={buttonClasses('outline', 'lg', 'min-h-12 w-full sm:w-auto')}
              >
                {content.summary.edit}
              </button>
            </div>
          </section>
        ) : null}
      </form>
    </div>
  );
}

/** Today's date in Paris, "2026-11-26". */
function isoToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());
}
