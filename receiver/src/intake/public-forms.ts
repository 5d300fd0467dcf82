import type { FormSpec } from './form-intake';
import { quoteForm } from './quote-form';
import { terminationForm } from './termination-form';

/**
 * The site's public forms (form-intake.ts), each a spec: their errors (errors.ts) are answered in their own
 * words and their requests logged (app.ts). A new public form is one more entry here.
 */
export const PUBLIC_FORMS: readonly FormSpec<unknown>[] = [quoteForm, terminationForm];

/**
 * The form a request's URL is addressed to: its path, or below it. Anything else is answered in the
 * quote's words (the receiver's first form).
 */
export function formAt(url: string): FormSpec<unknown> | undefined {
  const path = url.split('?')[0] ?? '';
  return PUBLIC_FORMS.find((form) => path === form.path || path.startsWith(`${form.path}/`));
}
