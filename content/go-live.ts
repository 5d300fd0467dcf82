import { siteData } from './data/values';

const { goLive: data } = siteData['mise-en-ligne'];

/**
 * The day the site is first published. Before it nothing applied to anyone: the CGV versions replaced
 * before that day are not published, and the version in force on that day is published dated by it
 * (content/legal/cgv-version.ts). While `placeholder` is true the date is a sample: the go-live check
 * (content/placeholders.ts, deploy/render.ts) refuses to deploy until the real date is confirmed: both are
 * `goLive` in content/data/mise-en-ligne.json.
 */
export const goLive = {
  /** ISO date of the first publication. */
  date: data.date,
  /** True while `date` is a sample, not the real date of the first publication. */
  placeholder: !data.confirmed,
};
