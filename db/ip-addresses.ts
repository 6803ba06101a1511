/** IP address forms every room reads alike: the outbound policy (which addresses may be reached) and the rate limits (what a client counts as). */
import { isIP } from 'node:net';

/** An address without the brackets of a URL host or a zone id ('[fe80::1%eth0]' → 'fe80::1'). */
export const bareAddress = (address: string): string => address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');

/** The IPv4 address an IPv4-mapped or -compatible IPv6 address carries (::ffff:10.0.0.1, ::ffff:a00:1), if it is one. */
export function embeddedIpv4(address: string): string | undefined {
  const match = /^::(?:ffff:(?:0:)?)?(.+)$/i.exec(address);
  if (!match) return undefined;
  const rest = match[1]!;
  if (isIP(rest) === 4) return rest;
  const hex = /^([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(rest);
  if (!hex) return undefined;
  const [high, low] = [parseInt(hex[1]!, 16), parseInt(hex[2]!, 16)];
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}
