/**
 * The day the site is first published. Before it nothing applied to anyone: the CGV versions replaced
 * before that day are not published, and the version in force on that day is published dated by it
 * (content/legal/cgv-version.ts). While `placeholder` is true the date is a sample: the go-live check
 * (content/placeholders.ts, deploy/render.ts) refuses to deploy until the real date is set here.
 */
export const goLive = {
  /** ISO date of the first publication. */
  date: '2026-12-01',
  /** True while `date` is a sample, not the real date of the first publication. */
  placeholder: true,
} as const;
