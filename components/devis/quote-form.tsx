'use client';

import { useEffect, useRef, useState, useSyncExternalStore, type ChangeEvent, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { Send } from 'lucide-react';
import { QUOTE_SUBMIT_DELAY_MS, QUOTE_SUCCESS_DURATION_MS, type QuoteFormContent } from '@/content/quote';
import { buttonClasses } from '@/components/ui/button-link';
import { cn } from '@/lib/cn';
import { FileField, type ChosenFile } from './file-field';
import { controlClasses, FormField } from './form-field';
import { QuoteSuccess } from './quote-success';

type Phone = { display: string; href: string; hours: string };

type QuoteFormProps = {
  content: QuoteFormContent;
  /** The phone alternative, offered when the form cannot be used. */
  phone: Phone;
};

type Status = 'editing' | 'sending' | 'success';

const noSubscription = () => () => {};

/**
 * The quote request form and its states: editing, sending, success (SPEC.md section 4). Sending is
 * simulated: nothing leaves the page (SPEC.md section 7).
 */
export function QuoteForm({ content, phone }: QuoteFormProps) {
  const [status, setStatus] = useState<Status>('editing');
  const [file, setFile] = useState<ChosenFile | null>(null);
  // Until React runs, submitting would only reload the page: the button waits for it (the phone stays).
  const interactive = useSyncExternalStore(noSubscription, () => true, () => false);
  const fileRef = useRef<HTMLInputElement>(null);
  const successRef = useRef<HTMLDivElement>(null);
  const timers = useRef(new Set<number>());

  // Leaving the page cancels what is under way.
  useEffect(() => {
    const pending = timers.current;
    return () => {
      pending.forEach((id) => window.clearTimeout(id));
      pending.clear();
    };
  }, []);

  function later(callback: () => void, ms: number): number {
    const pending = timers.current;
    const id = window.setTimeout(() => {
      pending.delete(id);
      callback();
    }, ms);
    pending.add(id);
    return id;
  }

  function wait(ms: number): Promise<void> {
    return new Promise((resolve) => later(resolve, ms));
  }

  function backToEditing(form: HTMLFormElement) {
    const active = document.activeElement;
    const focusWasOnSuccess = !active || active === document.body || !!successRef.current?.contains(active);
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
    setStatus('sending');
    await wait(QUOTE_SUBMIT_DELAY_MS);
    setStatus('success');
    later(() => backToEditing(form), QUOTE_SUCCESS_DURATION_MS);
  }

  function handleFileChange(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.currentTarget.files?.[0];
    setFile(chosen ? { name: chosen.name, size: chosen.size } : null);
  }

  function removeFile() {
    if (fileRef.current) fileRef.current.value = '';
    setFile(null);
    fileRef.current?.focus();
  }

  const sending = status === 'sending';
  const id = (name: string) => `devis-${name}`;

  return (
    <div className="mt-6">
      <div role="status" ref={successRef}>
        {sending ? <p className="sr-only">{content.sendingStatus}</p> : null}
        {status === 'success' ? <QuoteSuccess title={content.success.title} text={content.success.text} /> : null}
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

        <FormField id={id(content.description.name)} label={content.description.label} required className="sm:col-span-2">
          <textarea
            id={id(content.description.name)}
            name={content.description.name}
            rows={content.description.rows}
            placeholder={content.description.placeholder}
            required
            className={cn(controlClasses, 'resize-y')}
          />
        </FormField>

        <FileField
          id={id(content.file.name)}
          name={content.file.name}
          label={content.file.label}
          hint={content.file.hint}
          accept={content.file.accept}
          removeLabel={content.file.removeLabel}
          remove={content.file.remove}
          file={file}
          inputRef={fileRef}
          onChange={handleFileChange}
          onRemove={removeFile}
        />

        <div className="sm:col-span-2">
          <button
            type="submit"
            disabled={sending || !interactive}
            className={buttonClasses('primary', 'lg', 'min-h-12 w-full disabled:cursor-not-allowed disabled:opacity-70 sm:w-auto')}
          >
            <Send aria-hidden="true" className="size-5" />
            {sending ? content.sending : content.submit}
          </button>
          <noscript>
            <p className="mt-3 text-sm text-ink">
              {content.noscript}{' '}
              <a href={phone.href} className="font-semibold text-brand-800 underline underline-offset-4">
                {phone.display}
              </a>{' '}
              ({phone.hours}).
            </p>
          </noscript>
        </div>
      </form>
    </div>
  );
}
