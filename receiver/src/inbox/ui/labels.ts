import { locationLabel, serviceLabel } from '../../delivery/mail';
import { locationOptions, serviceTypeOptions } from '../../facts';
import { STATUSES, type Status } from '../statuses';

/** The labels the pages show, all from the site's facts and statuses.ts. */
export { locationLabel, serviceLabel, locationOptions, serviceTypeOptions };

export function statusLabel(status: Status): string {
  return STATUSES[status];
}
