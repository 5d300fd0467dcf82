/**
 * The site's four build settings (`NEXT_PUBLIC_*`, read when `next build` runs and written into the pages
 * and scripts), read and checked here only: a wrong value stops the build with a French message naming
 * the variable, instead of shipping a site that posts to nowhere. `.env.example` lists them with their
 * defaults. Next.js inlines only `process.env.NEXT_PUBLIC_…` written out in full, hence the literal reads.
 */
export type BuildEnv = {
  /** NEXT_PUBLIC_SITE_URL: the site's public origin, without trailing slash (undefined: content's default). */
  siteUrl: string | undefined;
  /** NEXT_PUBLIC_QUOTE_ENDPOINT: where the quote form posts, a path on the site (`/api/devis`) or a URL. */
  quoteEndpoint: string | undefined;
  /** NEXT_PUBLIC_QUOTE_PROCESSOR: the third party behind that endpoint, named in the texts. */
  quoteProcessor: string | undefined;
  /** NEXT_PUBLIC_ANALYTICS_SRC: the audience-measurement script, loaded only after consent. */
  analyticsSrc: string | undefined;
};

export class BuildEnvError extends Error {}

/** The variables, as `.env.example` lists them (unit/build-env.test.ts holds the two in step). */
export const BUILD_ENV_VARIABLES = [
  'NEXT_PUBLIC_SITE_URL',
  'NEXT_PUBLIC_QUOTE_ENDPOINT',
  'NEXT_PUBLIC_QUOTE_PROCESSOR',
  'NEXT_PUBLIC_ANALYTICS_SRC',
] as const;

type Env = Partial<Record<(typeof BUILD_ENV_VARIABLES)[number], string>>;

function httpUrl(env: Env, name: keyof Env): URL | undefined {
  const value = env[name]?.trim();
  if (!value) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new BuildEnvError(`${name} : « ${value} » n’est pas une adresse (par exemple https://www.exemple.fr).`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new BuildEnvError(`${name} : « ${value} » doit commencer par https:// ou http://.`);
  }
  return url;
}

/** Reads and checks the settings from `env` (the build's environment by default). Throws BuildEnvError. */
export function readBuildEnv(env: Env): BuildEnv {
  const site = httpUrl(env, 'NEXT_PUBLIC_SITE_URL');
  if (site && (site.search || site.hash || site.pathname !== '/')) {
    throw new BuildEnvError(
      `NEXT_PUBLIC_SITE_URL : « ${env.NEXT_PUBLIC_SITE_URL?.trim()} » doit être une origine seule, sans chemin (par exemple https://www.exemple.fr).`,
    );
  }
  const endpoint = env.NEXT_PUBLIC_QUOTE_ENDPOINT?.trim() || undefined;
  let quoteEndpoint: string | undefined;
  if (endpoint?.startsWith('//')) {
    throw new BuildEnvError(
      `NEXT_PUBLIC_QUOTE_ENDPOINT : « ${endpoint} » : un chemin du site commence par un seul / (par exemple /api/devis).`,
    );
  } else if (endpoint?.startsWith('/')) quoteEndpoint = endpoint;
  else if (endpoint) {
    if (!/^https?:\/\//.test(endpoint)) {
      throw new BuildEnvError(
        `NEXT_PUBLIC_QUOTE_ENDPOINT : « ${endpoint} » doit être un chemin du site commençant par / (par exemple /api/devis) ou une adresse https://.`,
      );
    }
    httpUrl(env, 'NEXT_PUBLIC_QUOTE_ENDPOINT');
    quoteEndpoint = endpoint;
  }
  const processor = env.NEXT_PUBLIC_QUOTE_PROCESSOR?.trim() || undefined;
  if (processor && !quoteEndpoint) {
    throw new BuildEnvError(
      'NEXT_PUBLIC_QUOTE_PROCESSOR est défini sans NEXT_PUBLIC_QUOTE_ENDPOINT : le prestataire ne recevrait aucune demande.',
    );
  }
  return {
    siteUrl: site?.origin,
    quoteEndpoint,
    quoteProcessor: processor,
    // As written (checked, not rewritten): the deployment step looks for these values in the build.
    analyticsSrc: httpUrl(env, 'NEXT_PUBLIC_ANALYTICS_SRC') && env.NEXT_PUBLIC_ANALYTICS_SRC?.trim(),
  };
}

export const buildEnv: BuildEnv = readBuildEnv({
  NEXT_PUBLIC_SITE_URL: process.env.NEXT_PUBLIC_SITE_URL,
  NEXT_PUBLIC_QUOTE_ENDPOINT: process.env.NEXT_PUBLIC_QUOTE_ENDPOINT,
  NEXT_PUBLIC_QUOTE_PROCESSOR: process.env.NEXT_PUBLIC_QUOTE_PROCESSOR,
  NEXT_PUBLIC_ANALYTICS_SRC: process.env.NEXT_PUBLIC_ANALYTICS_SRC,
} satisfies Required<Record<keyof Env, string | undefined>>);
