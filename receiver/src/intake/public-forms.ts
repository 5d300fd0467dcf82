import type { FastifyInstance } from 'fastify';
import type { FormSpec } from './form-intake';
import { quoteForm } from './quote-form';
import quoteRoute from './quote-route';
import { terminationForm } from './termination-form';
import terminationRoute from './termination-route';

/**
 * The site's public forms (form-intake.ts), each a spec and its route: the app registers the routes in this
 * order (app.ts), their errors (errors.ts) are answered in their own words and their requests logged. A new
 * public form is one more entry here.
 */
export const PUBLIC_FORMS: readonly { spec: FormSpec<unknown>; route: (app: FastifyInstance) => Promise<void> }[] = [
  { spec: quoteForm, route: quoteRoute },
  { spec: terminationForm, route: terminationRoute },
];

/**
 * The form a request's URL is addressed to: its path, or below it. Anything else is answered in the
 * quote's words (the receiver's first form).
 */
export function formAt(url: string): FormSpec<unknown> | undefined {
  const path = url.split('?')[0] ?? '';
  return PUBLIC_FORMS.map((form) => form.spec).find((spec) => path === spec.path || path.startsWith(`${spec.path}/`));
}
