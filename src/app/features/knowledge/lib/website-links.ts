import { KNOWLEDGE_LIMITS } from '@contract/knowledge-read';

/*
 * "Add website" takes one address (its same-site links followed) or several, one a line. Each must be an
 * http(s) URL; the service checks them again (and fetches them through its address guard).
 */

export interface ReadLinks {
  links: string[];
  /** Lines that are not an http(s) URL, as typed. */
  invalid: string[];
}

export function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** The addresses in a text, one a line (commas and spaces also part them); duplicates once. */
export function readLinks(text: string): ReadLinks {
  const parts = text
    .split(/[\s,]+/)
    .map((p) => p.trim())
    .filter(Boolean);
  const links: string[] = [];
  const invalid: string[] = [];
  for (const part of parts) {
    if (!isHttpUrl(part)) invalid.push(part);
    else if (!links.includes(part)) links.push(part);
  }
  return { links, invalid };
}

/** A name for the document from its first address: the host and path, as a person would say it. */
export function websiteName(links: readonly string[]): string {
  const first = links[0];
  if (!first) return '';
  const url = new URL(first);
  const path = url.pathname === '/' ? '' : url.pathname.replace(/\/$/, '');
  const name = `${url.hostname}${path}`;
  return (links.length > 1 ? `${name} (+${links.length - 1})` : name).slice(0, KNOWLEDGE_LIMITS.nameMax);
}
