import { parisYear } from './format';

/**
 * The moment the static site was built. Every page is pre-rendered at build time, so "today" on the
 * site (the copyright year, the sitemap's dates) is the day of the build: rebuild to refresh it.
 */
export const buildDate = new Date();
export const buildYear = parisYear(buildDate);
