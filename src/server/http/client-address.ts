import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { isIP } from 'node:net';

/**
 * The address a request came from, as the rate limits see it.
 *
 * By default the socket's peer: X-Forwarded-For is written by whoever sends the request, so trusting it
 * would let anyone pick a fresh address (and a fresh budget) per request. Behind reverse proxies,
 * `trustedProxies` (TRUST_PROXY) says how many of them append to X-Forwarded-For; the address the
 * outermost trusted one saw is that many entries from the right, and anything further left is the
 * client's own say-so.
 *
 * IPv6 addresses are cut to their /64, the block one subscriber usually holds; otherwise one machine
 * could walk through 2^64 budgets.
 */
export function clientAddress(c: Context, trustedProxies: number): string {
  let address = socketAddress(c);
  if (trustedProxies > 0) {
    const chain = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const forwarded = chain[chain.length - trustedProxies] ?? chain[0];
    if (forwarded && isIP(stripPort(forwarded))) address = stripPort(forwarded);
  }
  return limitKeyOfAddress(address);
}

function socketAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // Not served by @hono/node-server (app.request() in a unit test): every such request shares one key.
    return 'unknown';
  }
}

/** `1.2.3.4:5678` and `[::1]:5678` as some proxies write them. */
function stripPort(value: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
  if (bracketed?.[1]) return bracketed[1];
  const v4 = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(value);
  return v4?.[1] ?? value;
}

export function limitKeyOfAddress(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (isIP(address) !== 6) return address;
  return `${expandIpv6(address).slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of an IPv6 address, `::` expanded (an embedded IPv4 tail counts as two). */
function expandIpv6(address: string): string[] {
  const plain = address.split('%')[0] ?? address;
  const [head = '', tail] = plain.split('::');
  const groups = (part: string) => (part === '' ? [] : part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g])));
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const fill = Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0');
  return [...left, ...fill, ...right].map((g) => g.toLowerCase().replace(/^0+(?=.)/, ''));
}
