import type { Paginated, PaginationLink } from '../../contract';

/*
 * Laravel's LengthAwarePaginator, to the letter: `links` with "&laquo; Previous", the page window of
 * UrlWindow (all pages up to 13, else a slider with "..." gaps), URLs that keep the other query
 * parameters, from/to null on an empty page.
 */

const ON_EACH_SIDE = 3;

function range(from: number, to: number): number[] {
  const out: number[] = [];
  for (let i = from; i <= to; i++) out.push(i);
  return out;
}

/** The page numbers and gaps (null) that Laravel's UrlWindow shows. */
export function pageWindow(current: number, last: number): (number | null)[] {
  if (last < ON_EACH_SIDE * 2 + 8) return range(1, last);
  const window = ON_EACH_SIDE + 4;
  if (current <= window) return [...range(1, window + ON_EACH_SIDE), null, last - 1, last];
  if (current > last - window) return [1, 2, null, ...range(last - (window + (ON_EACH_SIDE - 1)), last)];
  return [1, 2, null, ...range(current - ON_EACH_SIDE, current + ON_EACH_SIDE), null, last - 1, last];
}

/**
 * `n => path?<the query with page=n>`, as URLSearchParams.set('page', n) would write it (the first `page`
 * keeps its place, later ones go), the query parsed and written once rather than once per link.
 */
function pageUrlTemplate(path: string, search: string): (n: number) => string {
  const params = new URLSearchParams(search);
  params.set('page', '1');
  const before = new URLSearchParams();
  const after = new URLSearchParams();
  let seen = false;
  for (const [k, v] of params) {
    if (k === 'page') seen = true;
    else (seen ? after : before).append(k, v);
  }
  const head = `${path}?${before.size > 0 ? `${before.toString()}&` : ''}page=`;
  const tail = after.size > 0 ? `&${after.toString()}` : '';
  return (n) => `${head}${n}${tail}`;
}

/** The envelope without `data`, for a page of `count` items. */
function pageEnvelope(requestUrl: string, page: number, perPage: number, total: number, count: number): Omit<Paginated<never>, 'data'> {
  const url = new URL(requestUrl);
  const path = `${url.origin}${url.pathname}`;
  const pageUrl = pageUrlTemplate(path, url.search);
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const from = count > 0 ? (page - 1) * perPage + 1 : null;
  const to = from !== null ? from + count - 1 : null;
  const prev = page > 1 ? pageUrl(page - 1) : null;
  const next = page < lastPage ? pageUrl(page + 1) : null;
  const links: PaginationLink[] = [
    { url: prev, label: '&laquo; Previous', active: false },
    ...pageWindow(page, lastPage).map((n) =>
      n === null ? { url: null, label: '...', active: false } : { url: pageUrl(n), label: String(n), active: n === page },
    ),
    { url: next, label: 'Next &raquo;', active: false },
  ];
  return {
    current_page: page,
    first_page_url: pageUrl(1),
    from,
    last_page: lastPage,
    last_page_url: pageUrl(lastPage),
    links,
    next_page_url: next,
    path,
    per_page: perPage,
    prev_page_url: prev,
    to,
    total,
  };
}

export function paginate<T>(requestUrl: string, page: number, perPage: number, total: number, data: T[]): Paginated<T> {
  const { current_page, ...rest } = pageEnvelope(requestUrl, page, perPage, total, data.length);
  return { current_page, data, ...rest };
}

/**
 * The same envelope as JSON text, around items already written as JSON text (one JSON value each), so a
 * page of records is encoded once rather than built as objects and stringified (calls/resource.ts).
 */
export function paginatedJson(requestUrl: string, page: number, perPage: number, total: number, items: readonly string[]): string {
  const { current_page, ...rest } = pageEnvelope(requestUrl, page, perPage, total, items.length);
  // `rest` holds every key after `data`, in order: its text without the opening brace follows the list.
  return `{"current_page":${current_page},"data":[${items.join(',')}],${JSON.stringify(rest).slice(1)}`;
}
