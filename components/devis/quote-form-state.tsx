'use client';

import { Fragment, useEffect, useRef, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import type { QuoteFormContent } from '@/content/quote';
import { QUOTE_MAX_FILE_BYTES, QUOTE_SUCCESS_DURATION_MS } from '@/content/quote-settings';
import { buttonClasses } from '@/components/ui/button-link';
import { useAlertFocus, useInteractive } from '@/components/forms/use-interactive';
import { useFormSending, type Attempt } from '@/components/forms/use-form-sending';
import type { PostResult } from './post-quote';
import { QuoteFormContext, type ChosenFile, type QuoteProblem } from './quote-form-context';

type QuoteFormStateProps = {
  /** Where to post the request; without it, sending is only simulated, as specified. */
  endpoint?: string;
  /** The file input's name: an empty one is not sent. */
  fileName: string;
  /**
   * The service a « Demander un devis » link carried (/devis/?prestation=installation), chosen in the
   * select named `field` once the page is interactive: its query parameter, and the values it may take
   * (the services' ids). A value that is not one of them, or that the select does not offer, chooses
   * nothing; nor does it override a choice already made. Without JavaScript the link still opens the form.
   */
  preselect: { field: string; param: string; values: readonly string[] };
  texts: Pick<QuoteFormContent, 'submit' | 'sending' | 'sent'>;
  /**
   * The parts rendered on the server (./quote-form.tsx), shown by state: the controls, the screen-reader
   * note while sending, the success screen (with or without the promise of an e-mail), the two alerts,
   * the button's icon, the sent line's icon and the no-JavaScript note.
   */
  fields: ReactNode;
  sendingNote: ReactNode;
  success: ReactNode;
  successWithConfirmation: ReactNode;
  sendAlert: ReactNode;
  fileAlert: ReactNode;
  submitIcon: ReactNode;
  /** The icon of the line that stays once the success screen has gone. */
  sentIcon: ReactNode;
  noscript: ReactNode;
};

type Status = 'editing' | 'sending' | 'success';

/**
 * The quote form's states: editing, sending, success (docs/specification.md). By default sending is
 * simulated and nothing leaves the page; with an endpoint the form is posted to it, and a failed request
 * or a file over the limit shows an error with the data kept for a retry. Only what changes is rendered
 * here; the controls and texts come rendered from the server.
 */
export function QuoteFormState(props: QuoteFormStateProps) {
  const { endpoint, fileName, texts, preselect } = props;
  const [status, setStatus] = useState<Status>('editing');
  const [confirmed, setConfirmed] = useState(true);
  // The last request sent from this page (its reference, if the endpoint gave one): once the success screen
  // has gone, one line keeps it above the cleared form until the visitor leaves the page.
  const [sent, setSent] = useState<{ reference?: string } | null>(null);
  const [problem, setProblem] = useState<QuoteProblem | null>(null);
  const [file, setFile] = useState<ChosenFile | null>(null);
  // Until React runs, submitting would only reload the page: the button waits for it (the phone stays).
  const interactive = useInteractive();
  const fileRef = useRef<HTMLInputElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const { later, send } = useFormSending();

  // The service carried by the link, chosen once the page is interactive.
  useEffect(() => {
    const value = new URLSearchParams(window.location.search).get(preselect.param);
    const select = rootRef.current?.querySelector<HTMLSelectElement>(`select[name="${CSS.escape(preselect.field)}"]`);
    if (!value || !preselect.values.includes(value) || !select || select.value !== '') return;
    if ([...select.options].some((option) => option.value === value)) select.value = value;
  }, [preselect]);

  // The success screen's heading, or a new alert, takes the focus when it appears, so keyboard and
  // screen-reader users land on it (the server renders both with tabindex="-1").
  useEffect(() => {
    if (status === 'success') rootRef.current?.querySelector<HTMLElement>('[role="status"] [tabindex="-1"]')?.focus();
  }, [status]);
  useAlertFocus(rootRef, problem);

  function backToEditing(form: HTMLFormElement) {
    const active = document.activeElement;
    const statusRegion = rootRef.current?.querySelector('[role="status"]');
    const focusWasOnSuccess = !active || active === document.body || !!statusRegion?.contains(active);
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
    const result = await send(endpoint, postOf(form), {
      simulated: { ok: true, confirmation: true },
      failed: { ok: false },
    });
    if (result.ok) {
      setConfirmed(result.confirmation);
      setSent({ reference: result.reference });
      setStatus('success');
      later(() => backToEditing(form), QUOTE_SUCCESS_DURATION_MS);
    } else {
      setStatus('editing');
      setProblem({ kind: 'send', seq, message: result.message });
    }
  }

  /** The form's data (an empty file input not sent), posted by the request's code, loaded at the first sending. */
  function postOf(form: HTMLFormElement): Attempt<PostResult> {
    return async (url, signal, requestId) => {
      const data = new FormData(form);
      const attached = data.get(fileName);
      if (attached instanceof File && attached.size === 0 && attached.name === '') data.delete(fileName);
      // The request's code loads at the first sending, not with the page (docs/performance.md).
      const { postQuote } = await import('./post-quote');
      return postQuote(url, data, requestId, signal);
    };
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

  return (
    <div className="mt-6" ref={rootRef}>
      <div role="status">
        {sending ? props.sendingNote : null}
        {status === 'success' ? (confirmed ? props.successWithConfirmation : props.success) : null}
      </div>

      {sent && status !== 'success' ? (
        <p className="mb-6 flex items-start gap-2 rounded-card bg-brand-50 px-4 py-3 text-ink" data-sent-line="">
          {props.sentIcon}
          <span>
            {sent.reference ? texts.sent.withReference.replace('{reference}', sent.reference) : texts.sent.text}
          </span>
        </p>
      ) : null}

      <form
        onSubmit={handleSubmit}
        hidden={status === 'success'}
        aria-busy={sending}
        className="grid grid-cols-1 gap-x-6 gap-y-5 sm:grid-cols-2"
      >
        <QuoteFormContext value={{ problem, file, fileRef, onFileChange: handleFileChange, removeFile }}>
          {props.fields}
          {problem ? (
            <Fragment key={problem.seq}>{problem.kind === 'send' ? props.sendAlert : props.fileAlert}</Fragment>
          ) : null}
        </QuoteFormContext>

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
            {props.submitIcon}
            {sending ? texts.sending : texts.submit}
          </button>
          {props.noscript}
        </div>
      </form>
    </div>
  );
}
