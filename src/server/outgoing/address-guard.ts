import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions, type LookupOptions } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/*
 * SSRF guard of every URL a user hands the service (webhooks, mid-call tools; used through request.ts). A URL's host is judged by the addresses it resolves to at the moment
 * of connecting (a custom `lookup` on the request), not when the URL was saved: a name may point at
 * 127.0.0.1 tomorrow, or switch between the check and the connect (DNS rebinding). Only ordinary public
 * unicast addresses pass (ipaddr.js range 'unicast'); loopback, private, link-local, CGNAT, multicast,
 * unspecified, reserved and the rest are refused unless private receivers are allowed.
 */

export const REFUSED_PRIVATE = 'refused: private address';

export class PrivateAddressError extends Error {
  readonly code = 'EPRIVATEADDRESS';
  constructor(readonly address: string) {
    super(`${REFUSED_PRIVATE} (${address})`);
  }
}

/** True when the address is anything but public unicast; IPv4-mapped IPv6 is judged as its IPv4. */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (!ipaddr.isValid(bare)) return true;
  return ipaddr.process(bare).range() !== 'unicast';
}

/** The host of a URL as the connection uses it ("[::1]" → "::1"). */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '');
}

/** The literal address a URL names, when it names one (those never reach `lookup`). */
export function literalAddress(url: URL): string | null {
  const host = hostOf(url);
  return isIP(host) ? host : null;
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for node:http / node:https requests that fails the connection with PrivateAddressError when
 * any address the name resolves to is refused (one refused answer is enough: the socket may pick it).
 */
export function guardedLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  const all = (options as LookupAllOptions).all === true;
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) {
      callback(err, all ? [] : '', undefined);
      return;
    }
    const refused = addresses.find((a) => isPrivateAddress(a.address));
    if (refused) {
      callback(new PrivateAddressError(refused.address), all ? [] : '', undefined);
      return;
    }
    if (all) {
      callback(null, addresses);
      return;
    }
    const first = addresses[0];
    if (!first) {
      callback(Object.assign(new Error(`No address for ${hostname}`), { code: 'ENOTFOUND' }), '', undefined);
      return;
    }
    callback(null, first.address, first.family);
  });
}
