/**
 * A deliberately plain e-mail check, close to the browser's own for <input type="email"> (WHATWG), plus a
 * dot in the domain: what the form lets through, the receiver accepts. No quoted local parts, no IP
 * literals, nothing that would need quoting in a mail header.
 */
const EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

export function isEmailAddress(value: string): boolean {
  return value.length <= 254 && EMAIL.test(value);
}

/** The key that groups requests of one person (last contact, erasure): the address, lower-cased. */
export function emailKey(value: string): string {
  return value.trim().toLowerCase();
}
