/** The labels the pages show: the request's rules hold them (requests/labels.ts). */
export { locationLabel, locationOptions, serviceLabel, serviceTypeOptions, statusLabel } from '../../requests/labels';
