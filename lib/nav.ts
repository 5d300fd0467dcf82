/** True when `href` is the page at `pathname` (trailing slashes ignored). */
export function isCurrentPath(pathname: string, href: string): boolean {
  const strip = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);
  return strip(pathname) === strip(href);
}
