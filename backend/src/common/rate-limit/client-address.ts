import { isIPv4, isIPv6 } from 'node:net';

/** Groups of 16 bits of an IPv6 address, '::' expanded and a trailing dotted IPv4 part converted. */
function ipv6Groups(address: string): number[] {
  let text = address.split('%')[0]!.toLowerCase(); // zone ids (fe80::1%eth0) name an interface, not a host
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const middle = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...middle, ...right].map((group) => parseInt(group, 16));
}

/**
 * The address a rate limit counts against. One IPv6 subscriber usually holds a whole /64 (and picks a new
 * address in it at will), so IPv6 addresses are grouped by their /64; IPv4-mapped IPv6 is the IPv4 address.
 * Anything that is not an IP address (an `email:` key, say) is returned unchanged.
 */
export function rateLimitAddress(key: string): string {
  if (isIPv4(key) || !isIPv6(key)) return key;
  const groups = ipv6Groups(key);
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (mapped) return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join('.');
  return `${groups.slice(0, 4).map((group) => group.toString(16)).join(':')}::/64`;
}
