import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** The look of every input, select and textarea of the form: full width, at least 44 px tall. */
export const controlClasses =
  'block min-h-11 w-full rounded-lg border border-ink-muted/60 bg-white px-3 py-2 text-base text-ink placeholder:text-ink-muted/80 hover:border-ink-muted';

type FormFieldProps = {
  /** The control's id, tied to the label. */
  id: string;
  label: string;
  required?: boolean;
  /** Shown under the control; give the control `aria-describedby={`${id}-aide`}`. */
  hint?: string;
  className?: string;
  children: ReactNode;
};

/** A visible label tied to its control, with the required mark (the control's `required` is what counts). */
export function FormField({ id, label, required = false, hint, className, children }: FormFieldProps) {
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
    </div>
  );
}
