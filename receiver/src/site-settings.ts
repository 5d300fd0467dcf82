import { Type, type Static } from '@sinclair/typebox';
import path from 'node:path';

/**
 * The settings of the site's publication from the inbox (SITE_*, publish/, docs/publication.md), read by
 * config.ts with the others: their schema, the settings they give, and the one mistake worth stopping for.
 */

/** Where and how the receiver publishes the site (SITE_*, docs/publication.md). */
export type SiteSettings = {
  /** The server's own git checkout of the site, with its own full install. */
  sourceDir: string;
  /** The releases, `current` the symlink to the one online. */
  releasesDir: string;
  /** Run in the checkout, writes out/. */
  buildCommand: string;
  /** The go-live check, run in the checkout with SITE_RELEASE (and SITE_DEMO when set). */
  checkCommand: string;
  /**
   * Run in the checkout with SITE_TODAY once the data is written: keeps the CGV as a new dated version in
   * content/legal/cgv-versions/ when they changed (scripts/cgv-snapshot.ts).
   */
  cgvCommand: string;
  /** Run in the checkout with SITE_RELEASE and SITE_RELEASES_DIR before the switch: renders and reloads nginx. */
  reloadCommand: string | undefined;
  /** Run after the switch with SITE_RELEASE (another host). */
  deployCommand: string | undefined;
  /** A site not yet live: the go-live check lets sample values through, as deploy/render.ts --demo. */
  demo: boolean;
  /** The build's JavaScript heap, in MiB (NODE_OPTIONS=--max-old-space-size). */
  buildMemoryMb: number;
  /**
   * Run in the checkout with PHOTO_INPUT, PHOTO_OUTPUT and PHOTO_THUMBNAIL: decodes a photo sent from
   * « Photos » and re-encodes it without metadata (scripts/photo-upload.ts, publish/photo.ts).
   */
  photoCommand: string;
};

/** The go-live check of a release, as a deployment runs it (deploy/render.ts, docs/mise-en-ligne.md). */
export const DEFAULT_SITE_CHECK_COMMAND =
  'npx tsx deploy/render.ts --out "$SITE_RELEASE" --precompress ${SITE_DEMO:+--demo}';

/** The CGV's new dated version, if the data changed them (scripts/cgv-snapshot.ts, docs/publication.md). */
export const DEFAULT_SITE_CGV_COMMAND = 'npx tsx scripts/cgv-snapshot.ts';

/** The SITE_* variables, in the receiver's settings schema (config.ts). */
export const siteEnvSchema = {
  SITE_SOURCE_DIR: Type.Optional(Type.String()),
  SITE_RELEASES_DIR: Type.Optional(Type.String()),
  SITE_BUILD_COMMAND: Type.String({ default: 'npm run build' }),
  SITE_CHECK_COMMAND: Type.String({ default: DEFAULT_SITE_CHECK_COMMAND }),
  SITE_CGV_COMMAND: Type.String({ default: DEFAULT_SITE_CGV_COMMAND }),
  SITE_RELOAD_COMMAND: Type.Optional(Type.String()),
  SITE_DEPLOY_COMMAND: Type.Optional(Type.String()),
  SITE_DEMO: Type.Integer({ minimum: 0, maximum: 1, default: 0 }),
  SITE_BUILD_MEMORY_MB: Type.Integer({ minimum: 256, maximum: 65_536, default: 1536 }),
  SITE_PHOTO_COMMAND: Type.String({ default: 'npx tsx scripts/photo-upload.ts' }),
};

type SiteEnv = Static<ReturnType<typeof Type.Object<typeof siteEnvSchema>>>;

/**
 * Publication is on when both folders are set; one without the other is a mistake worth stopping for: its
 * French sentence is returned, for config.ts to stop the start with.
 */
export function siteSettingsOf(settings: SiteEnv, cwd: string): SiteSettings | undefined | string {
  const { SITE_SOURCE_DIR: source, SITE_RELEASES_DIR: releases } = settings;
  if (source === undefined && releases === undefined) return undefined;
  if (source === undefined || releases === undefined) {
    return 'SITE_SOURCE_DIR et SITE_RELEASES_DIR vont ensemble : réglez les deux pour publier le site depuis la boîte de réception, ou aucun.';
  }
  return {
    sourceDir: path.resolve(cwd, source),
    releasesDir: path.resolve(cwd, releases),
    buildCommand: settings.SITE_BUILD_COMMAND,
    checkCommand: settings.SITE_CHECK_COMMAND,
    cgvCommand: settings.SITE_CGV_COMMAND,
    reloadCommand: settings.SITE_RELOAD_COMMAND,
    deployCommand: settings.SITE_DEPLOY_COMMAND,
    demo: settings.SITE_DEMO === 1,
    buildMemoryMb: settings.SITE_BUILD_MEMORY_MB,
    photoCommand: settings.SITE_PHOTO_COMMAND,
  };
}
