'use client';

import { useRef, useState, useSyncExternalStore, type ChangeEvent, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { Send } from 'lucide-react';
import type { QuoteFormContent } from '@/content/quote';
import { QUOTE_MAX_FILE_BYTES, QUOTE_MAX_LENGTHS, QUOTE_SUCCESS_DURATION_MS } from '@/content/quote-settings';
import { buttonClasses } from '@/components/ui/button-link';
import { cn } from '@/lib/cn';
import { FileField, type ChosenFile } from './file-field';
import { controlClasses, FormField } from './form-field';
import { fillTemplate, formatFileSize } from '@/lib/format';
import { QuoteAlert } from './quote-alert';
import { QuoteSuccess } from './quote-success';
import { Honeypot } from './honeypot';
import { useQuoteSender } from './use-quote-sender';

type Phone = { display: string; href: string; hours: string };

type QuoteFormProps = {
  content: QuoteFormContent;
  /** Where to post the request (docs/recevoir-les-demandes.md); without it, sending is only simulated, as specified. */
  endpoint?: string;
  /** The phone alternative, offered when the form cannot be used or sending fails. */
  phone: Phone;
};

type Status = 'editing' | 'sending' | 'success';
/**
 * `seq` remounts the alert for each failure, so a repeated one is announced again. A refusal of the endpoint
 * may carry its own French sentence (`message`), shown instead of the generic one.
 */
type Problem =
  { kind: 'send'; seq: number; message?: string } | { kind: 'fileTooLarge'; seq: number; name: string; size: number };

const noSubscription = () => () => {};

/**
 * The quote request form and its states: editing, sending, success (docs/specification.md). By default
 * sending is simulated and nothing leaves the page; with an endpoint the form is posted to it,
 * and a failed request or a file over the limit shows an error with the data kept for a retry.
 */
export function QuoteForm({ content, endpoint, phone }: QuoteFormProps) {
  const [status, setStatus] = useState<Status>('editing');
  const [confirmed, setConfirmed] = useState(true);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [file, setFile] = useState<ChosenFile | null>(null);
  // Until React runs, submitting would only reload the page: the button waits for it (the phone stays).
  const interactive = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const fileRef = useRef<HTMLInputElement>(null);
  const statusRef = useRef<HTMLDivElement>(null);
  const { later, send } = useQuoteSender(content.file.name);

  function backToEditing(form: HTMLFormElement) {
    const active = document.activeElement;
    const focusWasOnSuccess = !active || active === document.body || !!statusRef.current?.contains(active);
    form.reset();
    flushSync(() => {
      setFile(null);
      setStatus('editing');
    });
    if (focusWasOnSuccess) form.querySelector<HTMLElement>('input, select, textarea')?.focus();
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status !== 'editing') return;
    const form = event.currentTarget;
    const seq = (problem?.seq ?? 0) + 1;
    const attached = fileRef.current?.files?.[0];
    if (endpoint && attached && attached.size > QUOTE_MAX_FILE_BYTES) {
      setProblem({ kind: 'fileTooLarge', seq, name: attached.name, size: attached.size });
      return;
    }
    setProblem(null);
    setStatus('sending');
    const result = await send(endpoint, form);
    if (result.ok) {
      setConfirmed(result.confirmation);
      setStatus('success');
      later(() => backToEditing(form), QUOTE_SUCCESS_DURATION_MS);
    } else {
      setStatus('editing');
      setProblem({ kind: 'send', seq, message: result.message });
    }
  }

  function handleFileChange(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.currentTarget.files?.[0];
    setFile(chosen ? { name: chosen.name, size: chosen.size } : null);
    if (problem?.kind === 'fileTooLarge') setProblem(null);
  }

  function removeFile() {
    if (fileRef.current) fileRef.current.value = '';
    setFile(null);
    if (problem?.kind === 'fileTooLarge') setProblem(null);
    fileRef.current?.focus();
  }

  const sending = status === 'sending';
  const id = (name: string) => `devis-${name}`;

  return (
    <div className="mt-6">
      <div role="status" ref={statusRef}>
        {sending ? <p className="sr-only">{content.sendingStatus}</p> : null}
        {status === 'success' ? (
          <QuoteSuccess
            title={content.success.title}
            // The e-mail is promised only when the receiver says it sends one; the simulation keeps the
            // specified text, which promises it.
            text={confirmed ? content.success.textWithConfirmation : content.success.text}
          />
        ) : null}
      </div>

      <form
        onSubmit={handleSubmit}
        hidden={status === 'success'}
        aria-busy={sending}
        className="grid grid-cols-1 gap-x-6 gap-y-5 sm:grid-cols-2"
      >
        <p className="text-sm text-ink-muted sm:col-span-2">{content.requiredNote}</p>

        {content.textFields.map((field) => (
          <FormField key={field.name} id={id(field.name)} label={field.label} required>
            <input
              id={id(field.name)}
              name={field.name}
              type={field.type}
              autoComplete={field.autoComplete}
              maxLength={QUOTE_MAX_LENGTHS[field.name]}
              required
              className={controlClasses}
            />
          </FormField>
        ))}

        {content.selectFields.map((field) => (
          <FormField key={field.name} id={id(field.name)} label={field.label} required>
            <select id={id(field.name)} name={field.name} required defaultValue="" className={controlClasses}>
              <option value="">{field.placeholder}</option>
              {field.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </FormField>
        ))}

        <FormField
          id={id(content.description.name)}
          label={content.description.label}
          required
          className="sm:col-span-2"
        >
          <textarea
            id={id(content.description.name)}
            name={content.description.name}
            rows={content.description.rows}
            placeholder={content.description.placeholder}
            maxLength={QUOTE_MAX_LENGTHS.description}
            required
            className={cn(controlClasses, 'resize-y')}
          />
        </FormField>

        <FileField
          id={id(content.file.name)}
          content={content.file}
          file={file}
          invalid={problem?.kind === 'fileTooLarge'}
          inputRef={fileRef}
          onChange={handleFileChange}
          onRemove={removeFile}
        />

        {endpoint ? <Honeypot id={id(content.honeypot.name)} {...content.honeypot} /> : null}

        {problem?.kind === 'send' ? (
          <QuoteAlert key={problem.seq} title={content.errors.send.title}>
            <p>{problem.message ?? content.errors.send.text}</p>
            <p>
              {content.errors.send.callUs} <PhoneWithHours phone={phone} />
            </p>
          </QuoteAlert>
        ) : null}
        {problem?.kind === 'fileTooLarge' ? (
          <QuoteAlert key={problem.seq} title={content.errors.fileTooLarge.title}>
            <p>
              {fillTemplate(content.errors.fileTooLarge.text, {
                fichier: problem.name,
                taille: formatFileSize(problem.size),
              })}
            </p>
          </QuoteAlert>
        ) : null}

        <div className="sm:col-span-2">
          <button
            type="submit"
            disabled={sending || !interactive}
            className={buttonClasses(
              'primary',
              'lg',
              'min-h-12 w-full disabled:cursor-not-allowed disabled:opacity-70 sm:w-auto',
            )}
          >
            <Send aria-hidden="true" className="size-5" />
            {sending ? content.sending : content.submit}
          </button>
          <noscript>
            <p className="mt-3 text-sm text-ink">
              {content.noscript} <PhoneWithHours phone={phone} />
            </p>
          </noscript>
        </div>
      </form>
    </div>
  );
}

/** The phone link and its opening hours, after a sentence that sends the visitor to the phone. */
function PhoneWithHours({ phone }: { phone: Phone }) {
  return (
    <>
      <a href={phone.href} className="font-semibold whitespace-nowrap text-brand-800 underline underline-offset-4">
        {phone.display}
      </a>{' '}
      ({phone.hours}).
    </>
  );
}
