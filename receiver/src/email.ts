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

/** Domains whose mailboxes ignore dots in the local part (Gmail): v.i.c.t.i.m@ is victim@. */
const DOTLESS_DOMAINS: Record<string, string> = { 'gmail.com': 'gmail.com', 'googlemail.com': 'gmail.com' };

/**
 * The mailbox an address reaches, for the per-address cap of confirmations: lower-cased, without its
 * +tag (victim+1@ and victim+2@ are victim@'s mailbox at most providers), and without dots at Gmail.
 */
export function mailboxKey(value: string): string {
  const key = emailKey(value);
  const at = key.lastIndexOf('@');
  if (at < 0) return key;
  let local = key.slice(0, at).split('+')[0] ?? '';
  let domain = key.slice(at + 1);
  const dotless = DOTLESS_DOMAINS[domain];
  if (dotless) {
    local = local.replaceAll('.', '');
    domain = dotless;
  }
  return `${local}@${domain}`;
}
