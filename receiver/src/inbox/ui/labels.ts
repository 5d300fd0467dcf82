/** The labels the pages show: the request's rules hold them (requests/labels.ts). */
export { locationLabel, locationOptions, serviceLabel, serviceTypeOptions, statusLabel } from '../../requests/labels';
import { terminationContractLabels, type TerminationContractType } from '../../facts';
import { MAIL_STATUS } from '../../requests/labels';

/** "Contrat de maintenance", "Devis accepté"; nothing for a spam row. */
export function terminationContractLabel(type: TerminationContractType | undefined): string {
  const label = type ? terminationContractLabels[type] : '';
  return label.charAt(0).toUpperCase() + label.slice(1);
}

/** A mail's state, « non envoyé » when it has no row (the acknowledgment's cap). */
export function mailStatusLabel(status: string | undefined): string {
  return status === undefined ? 'non envoyé' : (MAIL_STATUS[status] ?? status);
}
