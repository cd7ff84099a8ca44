import { outgoingRequest, type OutgoingResult } from '../outgoing/request';
import { type Block, textBlocks } from './blocks';
import { ExtractError, webPage } from './extract';

/*
 * A website document read through the one door for users' URLs (outgoing/: the address guard after DNS, a
 * time-out, a size cap). With `url`: that page, then up to `relative_links_limit` pages it links to on the
 * same site (breadth first, each page's links in order). With `links`: those pages and no others. Redirects
 * are followed by hand, each hop through the door again. The start page failing fails the document with
 * the reason; a linked page failing is left out.
 */

export const PAGE_TIMEOUT_MS = 15_000;
export const PAGE_MAX_BYTES = 5 * 1024 * 1024;
const MAX_REDIRECTS = 5;
/** Links that are files, not pages: not followed. */
const NOT_A_PAGE = /\.(pdf|jpe?g|png|gif|webp|svg|ico|zip|gz|tar|mp[34]|mov|avi|webm|wav|ogg|docx?|xlsx?|pptx?|css|js|json|xml|rss|woff2?|ttf|exe|dmg)$/i;

export interface WebsiteSource {
  url: string | null;
  links: string[] | null;
  relative_links_limit: number | null;
}

export interface FetchOptions {
  allowPrivate: boolean;
  signal?: AbortSignal;
}

type PageAnswer = { ok: true; url: string; contentType: string; text: string } | { ok: false; reason: string };

function charsetOf(contentType: string): string {
  return /charset=["']?([\w-]+)/i.exec(contentType)?.[1] ?? 'utf-8';
}

function decode(body: Buffer, contentType: string): string {
  try {
    return new TextDecoder(charsetOf(contentType)).decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}

function failureWords(result: Extract<OutgoingResult, { kind: 'error' }>): string {
  switch (result.failure) {
    case 'refused':
      return 'the address is on a private network, which the service may not reach';
    case 'timeout':
      return `it did not answer within ${PAGE_TIMEOUT_MS / 1000} seconds`;
    case 'invalid_url':
      return 'the address is not a web address';
    case 'aborted':
      return 'the service stopped';
    default:
      return /ENOTFOUND|EAI_AGAIN/.test(result.error) ? 'no such host name' : /ECONNREFUSED/.test(result.error) ? 'the connection was refused' : result.error;
  }
}

/** One page, redirects followed; the reason in words when it cannot be read. */
export async function fetchPage(url: string, options: FetchOptions): Promise<PageAnswer> {
  let current = url;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const result = await outgoingRequest({
      method: 'GET',
      url: current,
      headers: { Accept: 'text/html,application/xhtml+xml,text/plain;q=0.9,*/*;q=0.5', 'User-Agent': 'voice-console-knowledge/1' },
      timeoutMs: PAGE_TIMEOUT_MS,
      maxBytes: PAGE_MAX_BYTES,
      allowPrivate: options.allowPrivate,
      ...(options.signal ? { signal: options.signal } : {}),
    });
    if (result.kind === 'error') return { ok: false, reason: `${current} could not be reached: ${failureWords(result)}.` };
    if (result.status >= 300 && result.status < 400) {
      const location = result.location;
      if (!location) return { ok: false, reason: `${current} answered a redirect (HTTP ${result.status}) without saying where to.` };
      current = new URL(location, current).toString();
      continue;
    }
    if (result.status >= 400) return { ok: false, reason: `${current} answered HTTP ${result.status}${result.status === 404 ? ' (not found)' : ''}.` };
    if (result.truncated) return { ok: false, reason: `${current} is larger than ${PAGE_MAX_BYTES / 1024 / 1024} MB, the most a page may be.` };
    const contentType = result.contentType.toLowerCase();
    if (contentType !== '' && !/text\/html|application\/xhtml|text\/plain/.test(contentType)) {
      return { ok: false, reason: `${current} is not a web page (it is ${contentType.split(';')[0]}); upload files as documents of their type.` };
    }
    return { ok: true, url: current, contentType, text: decode(result.body, contentType) };
  }
  return { ok: false, reason: `${url} redirects more than ${MAX_REDIRECTS} times.` };
}

const sameSite = (a: URL, b: URL) => a.protocol === b.protocol && a.host.replace(/^www\./, '') === b.host.replace(/^www\./, '');

function pageBlocks(page: Extract<PageAnswer, { ok: true }>): { blocks: Block[]; links: string[] } {
  if (page.contentType.includes('text/plain')) return { blocks: textBlocks(page.text), links: [] };
  const read = webPage(page.text, page.url);
  const blocks = read.blocks;
  // The page's title heads its passages (Readability takes it out of the article).
  const title = read.title ?? page.url;
  if (!(blocks[0]?.kind === 'heading' && blocks[0].text === title)) blocks.unshift({ kind: 'heading', level: 1, text: title });
  return { blocks, links: read.links };
}

export async function readWebsite(source: WebsiteSource, options: FetchOptions): Promise<{ blocks: Block[]; pages: number }> {
  const blocks: Block[] = [];
  let pages = 0;
  if (source.links && source.links.length > 0) {
    const reasons: string[] = [];
    for (const link of source.links) {
      const page = await fetchPage(link, options);
      if (!page.ok) {
        reasons.push(page.reason);
        continue;
      }
      blocks.push(...pageBlocks(page).blocks);
      pages += 1;
    }
    if (pages === 0) throw new ExtractError(reasons[0] ?? 'No page could be read.');
    return { blocks, pages };
  }
  if (!source.url) throw new ExtractError('The document names no web address.');
  const start = new URL(source.url);
  const limit = source.relative_links_limit ?? 10;
  const seen = new Set<string>([start.toString()]);
  const queue: string[] = [start.toString()];
  while (queue.length > 0) {
    const url = queue.shift()!;
    const page = await fetchPage(url, options);
    if (!page.ok) {
      if (pages === 0 && url === start.toString()) throw new ExtractError(page.reason);
      continue;
    }
    pages += 1;
    const read = pageBlocks(page);
    blocks.push(...read.blocks);
    for (const link of read.links) {
      if (seen.size > limit) break;
      let target: URL;
      try {
        target = new URL(link);
      } catch {
        continue;
      }
      if (!sameSite(target, start) || NOT_A_PAGE.test(target.pathname) || seen.has(target.toString())) continue;
      seen.add(target.toString());
      queue.push(target.toString());
    }
  }
  return { blocks, pages };
}
