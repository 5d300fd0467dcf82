import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/**
 * The field of the site's public forms (the quote's, the résiliation's): a visible label tied to its
 * control, the required mark, a hint and an error under it. One look for every control.
 */

/** The look of every input, select and textarea of the forms: full width, at least 44 px tall. */
export const controlClasses =
  'block min-h-11 w-full rounded-lg border border-ink-muted/60 bg-white px-3 py-2 text-base text-ink placeholder:text-ink-muted/80 hover:border-ink-muted';

/** The same, its border red when the control is marked invalid (`aria-invalid="true"`). */
export const checkedControlClasses = `${controlClasses} aria-[invalid=true]:border-red-700`;

type FormFieldProps = {
  /** The control's id, tied to the label. */
  id: string;
  label: string;
  required?: boolean;
  /** Shown under the control; give the control `aria-describedby={`${id}-aide`}`. */
  hint?: string;
  /** The field's fault in French, under the hint; give the control `aria-describedby={`${id}-erreur`}`. */
  error?: string;
  className?: string;
  children: ReactNode;
};

/** A visible label tied to its control, with the required mark (the control's `required` is what counts). */
export function FormField({ id, label, required = false, hint, error, className, children }: FormFieldProps) {
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="font-medium text-ink">
        {label}
        {required ? (
          <span aria-hidden="true" className="ml-0.5 text-red-700">
            *
          </span>
        ) : null}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-aide`} className="text-sm text-ink-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-erreur`} className="text-sm font-medium text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The ids a control's `aria-describedby` names: its hint's and its error's, when it has them. */
export function describedBy(id: string, hint?: string, error?: string): string | undefined {
  return [hint ? `${id}-aide` : '', error ? `${id}-erreur` : ''].filter(Boolean).join(' ') || undefined;
}
