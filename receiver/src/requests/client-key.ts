import { isIPv6 } from 'node:net';

/**
 * The rate limit's key for a client address. An IPv4 address is one client. An IPv6 address is counted by
 * its /64 network: one subscriber line or one server usually has a whole /64 and can pick any address in
 * it, so counting full addresses would let it send without limit.
 */
export function rateLimitKey(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  const address = ip.split('%')[0] ?? ip;
  if (!isIPv6(address)) return ip;
  const [head = '', tail] = address.split('::');
  const groupsOf = (part: string) =>
    part === '' ? [] : part.split(':').flatMap((group) => (group.includes('.') ? ['0', '0'] : [group]));
  const headGroups = groupsOf(head);
  const tailGroups = tail === undefined ? [] : groupsOf(tail);
  const groups =
    tail === undefined
      ? headGroups
      : [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups];
  return `${groups
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}
