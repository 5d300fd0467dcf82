import type { ReactNode } from 'react';
import type { FieldErrors } from '../devis-form';

/**
 * The inbox forms' fields, rendered on the server and working without a script: a labelled text field or
 * list of choices, its error before it and tied to it (aria-invalid, aria-describedby), and the box of a
 * radio or check box. The devis editor (devis-editor-page.tsx) uses them; the next form takes them from here.
 * An error is looked up by the field's name, so a form's errors are one object keyed by its field names.
 */

/** A field's error, beside it: its id for aria-describedby. */
function errorId(name: string): string {
  return `erreur-${name.replace(/[./~]/g, '-')}`;
}

export function FieldError({ name, errors }: { name: string; errors: FieldErrors }) {
  const message = errors[name];
  return message ? (
    <p className="field-error" id={errorId(name)}>
      {message}
    </p>
  ) : null;
}

/** The attributes that tie a field to its error. */
export function invalid(name: string, errors: FieldErrors) {
  return errors[name] ? { 'aria-invalid': true as const, 'aria-describedby': errorId(name) } : {};
}

export function idOf(name: string): string {
  return `champ-${name.replace(/[./~]/g, '-')}`;
}

type TextFieldProps = {
  name: string;
  label: string;
  value: string;
  errors: FieldErrors;
  type?: 'text' | 'email' | 'tel' | 'url' | 'date' | 'time';
  inputMode?: 'decimal' | 'numeric';
  autoComplete?: string;
  hint?: string;
  multiline?: boolean;
  list?: string;
};

export function TextField({
  name,
  label,
  value,
  errors,
  type,
  inputMode,
  autoComplete,
  hint,
  multiline,
  list,
}: TextFieldProps) {
  const id = idOf(name);
  const props = { id, name, defaultValue: value, ...invalid(name, errors) };
  return (
    <>
      <label htmlFor={id}>{label}</label>
      {hint ? <p className="meta">{hint}</p> : null}
      <FieldError name={name} errors={errors} />
      {multiline ? (
        <textarea {...props} />
      ) : (
        <input
          {...props}
          type={type ?? 'text'}
          inputMode={inputMode}
          autoComplete={autoComplete ?? 'off'}
          list={list}
        />
      )}
    </>
  );
}

/** A labelled list of choices, its error before it (as TextField's). */
export function SelectField({
  name,
  label,
  value,
  choices,
  errors,
}: {
  name: string;
  label: string;
  value?: string;
  choices: readonly { value: string; label: string }[];
  errors: FieldErrors;
}) {
  const id = idOf(name);
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <FieldError name={name} errors={errors} />
      <select id={id} name={name} defaultValue={value} {...invalid(name, errors)}>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </>
  );
}

export function Choice({ children }: { children: ReactNode }) {
  return <div className="choice">{children}</div>;
}
