/**
 * Which network addresses a request triggered by any user may reach (SSRF): only public ones — never a
 * private, loopback, link-local (cloud metadata lives at 169.254.169.254), shared, reserved, multicast or
 * documentation range, in IPv4 or IPv6, nor an IPv6 form that carries one of those IPv4 addresses.
 * The check is made on the addresses a name resolves to, as the connection uses them (publicOnlyLookup),
 * so a name that resolves differently the second time (DNS rebinding) cannot slip past it.
 */
import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions, type LookupOneOptions } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { config } from '../config.ts';
import { invalid } from '../errors.ts';
import { bareAddress, embeddedIpv4 } from '../ip-addresses.ts';

const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 3],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

/** Whether `address` (an IP, v4 or v6) is one a user-triggered request may reach. Anything else is false. */
export function isPublicAddress(address: string): boolean {
  const bare = bareAddress(address);
  const family = isIP(bare);
  if (family === 4) return !blocked.check(bare, 'ipv4');
  if (family !== 6) return false;
  const v4 = embeddedIpv4(bare);
  if (v4) return !blocked.check(v4, 'ipv4');
  return !blocked.check(bare, 'ipv6');
}

/** Whether a connection to `address` is allowed: every public one, or any one when private ones are allowed. */
export type AddressPolicy = (address: string) => boolean;

export const publicOnly: AddressPolicy = isPublicAddress;
export const anyAddress: AddressPolicy = () => true;

/**
 * The one policy of every request the server makes (a submitted page's title, link checks scheduled or
 * reported by a user): public addresses only, unless OUTBOUND_ALLOW_PRIVATE (tests and benches that serve
 * the links themselves on loopback).
 */
export const outboundPolicy = (): AddressPolicy =>
  config().OUTBOUND_ALLOW_PRIVATE === 'true' ? anyAddress : publicOnly;

/**
 * Why a website URL cannot be listed, when its host names this machine or a private network outright
 * (`localhost`, `*.localhost`, or an IP literal in a refused range); undefined when it may (a name is
 * checked again, as it resolves, by every request made to it).
 */
export function privateWebsiteProblem(url: string): string | undefined {
  if (config().OUTBOUND_ALLOW_PRIVATE === 'true') return undefined;
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase().replace(/\.$/, '');
  } catch {
    return undefined;
  }
  const literal = host.replace(/^\[|\]$/g, '');
  const local =
    host === 'localhost' || host.endsWith('.localhost') || (isIP(literal) !== 0 && !isPublicAddress(literal));
  return local ? `Website URL must be a public web address: ${host} is this machine or a private network` : undefined;
}

export class RefusedAddress extends Error {
  override readonly name = 'RefusedAddress';
  readonly code = 'ERR_REFUSED_ADDRESS';
}

/**
 * A lookup for http.request that resolves the name and refuses it unless every address it has passes
 * `policy`: the connection then uses exactly the addresses that were checked.
 */
export function lookupWith(policy: AddressPolicy): LookupFunction {
  return ((hostname: string, options: LookupOneOptions | LookupAllOptions, callback: (...args: unknown[]) => void) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error);
      const refused = addresses.find((a) => !policy(a.address));
      if (refused || addresses.length === 0)
        return callback(
          new RefusedAddress(`${hostname} resolves to ${refused?.address ?? 'nothing'}, which is not a public address`),
        );
      if ((options as LookupAllOptions).all) return callback(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  }) as LookupFunction;
}

/** Refuses (400, saying why) a website URL that names this machine or a private network. */
export function refusePrivateWebsite(url: string): void {
  const problem = privateWebsiteProblem(url);
  if (problem) throw invalid(problem);
}
