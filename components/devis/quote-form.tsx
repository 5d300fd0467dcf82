import { Icon } from '@/components/ui/icon';
import type { QuoteFormContent, QuoteSelectFieldName } from '@/content/quote';
import { QUOTE_MAX_LENGTHS } from '@/content/quote-settings';
import { cn } from '@/lib/cn';
import { ClosureCallBack } from './closure-call-back';
import { fieldId } from './field-id';
import { FileField } from './file-field';
import { controlClasses, FormField } from '@/components/forms/form-field';
import { Honeypot } from './honeypot';
import { FileProblemText, SendProblemText } from './problem-text';
import { QuoteAlert } from './quote-alert';
import { QuoteFormState } from './quote-form-state';
import { QuoteSuccess } from './quote-success';

type Phone = { display: string; href: string; hours: string };

type QuoteFormProps = {
  content: QuoteFormContent;
  /** Where to post the request (docs/recevoir-les-demandes.md); without it, sending is only simulated, as specified. */
  endpoint?: string;
  /** The phone alternative, offered when the form cannot be used or sending fails. */
  phone: Phone;
  /** The service a link may choose in the form (./quote-form-state.tsx). */
  preselect: { field: QuoteSelectFieldName; param: string; values: readonly string[] };
};

/**
 * The quote request form (docs/specification.md). Its controls, texts, alerts and success screen render
 * here, on the server; the browser code (./quote-form-state.tsx) only switches between them, so that the
 * page ships little JavaScript for the form (docs/performance.md).
 */
export function QuoteForm({ content, endpoint, phone, preselect }: QuoteFormProps) {
  const { success, errors } = content;
  const closureCallBack = <ClosureCallBack className="mt-4 max-w-md" />;
  return (
    <QuoteFormState
      endpoint={endpoint}
      fileName={content.file.name}
      preselect={preselect}
      texts={{ submit: content.submit, sending: content.sending, sent: content.sent }}
      fields={
        <>
          <ClosureCallBack className="sm:col-span-2" />
          <p className="text-sm text-ink-muted sm:col-span-2">{content.requiredNote}</p>
          {content.textFields.map((field) => (
            <FormField key={field.name} id={fieldId(field.name)} label={field.label} required>
              <input
                id={fieldId(field.name)}
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
            <FormField key={field.name} id={fieldId(field.name)} label={field.label} required>
              <select id={fieldId(field.name)} name={field.name} required defaultValue="" className={controlClasses}>
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
            id={fieldId(content.description.name)}
            label={content.description.label}
            required
            className="sm:col-span-2"
          >
            <textarea
              id={fieldId(content.description.name)}
              name={content.description.name}
              rows={content.description.rows}
              placeholder={content.description.placeholder}
              maxLength={QUOTE_MAX_LENGTHS.description}
              required
              className={cn(controlClasses, 'resize-y')}
            />
          </FormField>
          <FileField id={fieldId(content.file.name)} content={content.file} />
          {endpoint ? <Honeypot id={fieldId(content.honeypot.name)} {...content.honeypot} /> : null}
        </>
      }
      sendingNote={<p className="sr-only">{content.sendingStatus}</p>}
      // The e-mail is promised only when the receiver says it sends one; the simulation keeps the
      // specified text, which promises it.
      success={<QuoteSuccess title={success.title} text={success.text} notice={closureCallBack} />}
      successWithConfirmation={
        <QuoteSuccess title={success.title} text={success.textWithConfirmation} notice={closureCallBack} />
      }
      sendAlert={
        <QuoteAlert title={errors.send.title}>
          <p>
            <SendProblemText text={errors.send.text} />
          </p>
          <p>
            {errors.send.callUs} <PhoneWithHours phone={phone} />
          </p>
        </QuoteAlert>
      }
      fileAlert={
        <QuoteAlert title={errors.fileTooLarge.title}>
          <p>
            <FileProblemText template={errors.fileTooLarge.text} />
          </p>
        </QuoteAlert>
      }
      submitIcon={<Icon name="send" className="size-5" />}
      sentIcon={<Icon name="circle-check" className="mt-0.5 size-5 shrink-0 text-brand-700" />}
      noscript={
        <noscript>
          <p className="mt-3 text-sm text-ink">
            {content.noscript} <PhoneWithHours phone={phone} />
          </p>
        </noscript>
      }
    />
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
