import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/** The built site, as a static host serves it. */
export const OUT = join(__dirname, '..', '..', 'out');

/** Every HTML file of out/, relative paths ("services/index.html"). */
export function htmlFiles(dir = OUT): string[] {
  if (!existsSync(dir)) throw new Error('out/ is missing: run `npm run build` first');
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === '_next' ? [] : htmlFiles(path);
    return name.endsWith('.html') ? [relative(OUT, path)] : [];
  });
}

export function readOut(path: string): string {
  return readFileSync(join(OUT, path), 'utf8');
}

/** The file a static host serves for a URL path, or null (route/ -> route/index.html; /route -> redirect). */
export function resolveOut(pathname: string): string | null {
  const clean = decodeURIComponent(pathname);
  const candidates = clean.endsWith('/') ? [`${clean}index.html`] : [clean, `${clean}/index.html`];
  for (const candidate of candidates) {
    const path = join(OUT, candidate);
    if (path.startsWith(OUT) && existsSync(path) && statSync(path).isFile()) return relative(OUT, path);
  }
  return null;
}

/** The URL path of an HTML file ("services/index.html" -> "/services/"). */
export function pathOf(file: string): string {
  return `/${file.replace(/index\.html$/, '')}`;
}
