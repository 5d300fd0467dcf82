import { locationOptions, serviceTypeOptions } from '../facts';

/**
 * The labels a person reads for a request's stored values, in the mails, the inbox, the CSV export and the
 * tools: the service and the town from the site's options (content/quote.ts), a mail's state in the
 * outbox. A request's status has its label in statuses.ts, a mail kind in mail-kinds.ts.
 */

export { locationOptions, serviceTypeOptions };
export { statusLabel } from './statuses';

function optionLabel(options: readonly { value: string; label: string }[], value: string): string {
  return options.find((option) => option.value === value)?.label ?? value;
}

export function serviceLabel(value: string): string {
  return optionLabel(serviceTypeOptions, value);
}

export function locationLabel(value: string): string {
  return optionLabel(locationOptions, value);
}

/** An outbox row's state (outbox.status). */
export const MAIL_STATUS: Record<string, string> = {
  sent: 'envoyé',
  pending: 'en attente',
  failed: 'échec',
  cancelled: 'annulé',
};
