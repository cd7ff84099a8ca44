import { describe, expect, it } from 'vitest';
import { pageWindow, paginate } from './pagination';

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('pageWindow (Laravel UrlWindow, 3 on each side)', () => {
  it('lists every page while there are fewer than 14', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 5)).toEqual(range(1, 5));
    expect(pageWindow(7, 13)).toEqual(range(1, 13));
    expect(pageWindow(13, 13)).toEqual(range(1, 13));
  });

  it('near the start: pages 1-10, a gap, the last two', () => {
    expect(pageWindow(1, 14)).toEqual([...range(1, 10), null, 13, 14]);
    expect(pageWindow(1, 50)).toEqual([...range(1, 10), null, 49, 50]);
    expect(pageWindow(7, 50)).toEqual([...range(1, 10), null, 49, 50]);
    // The boundary of 14 pages: 7 is still "near the start", 8 already "near the end".
    expect(pageWindow(7, 14)).toEqual([...range(1, 10), null, 13, 14]);
  });

  it('in the middle: the first two, a gap, three on each side, a gap, the last two', () => {
    expect(pageWindow(8, 50)).toEqual([1, 2, null, 5, 6, 7, 8, 9, 10, 11, null, 49, 50]);
    expect(pageWindow(25, 50)).toEqual([1, 2, null, 22, 23, 24, 25, 26, 27, 28, null, 49, 50]);
    expect(pageWindow(43, 50)).toEqual([1, 2, null, 40, 41, 42, 43, 44, 45, 46, null, 49, 50]);
  });

  it('near the end: the first two, a gap, the last ten', () => {
    expect(pageWindow(44, 50)).toEqual([1, 2, null, ...range(41, 50)]);
    expect(pageWindow(50, 50)).toEqual([1, 2, null, ...range(41, 50)]);
    expect(pageWindow(8, 14)).toEqual([1, 2, null, ...range(5, 14)]);
    expect(pageWindow(14, 14)).toEqual([1, 2, null, ...range(5, 14)]);
  });

  it('always shows the current page', () => {
    for (const last of [1, 13, 14, 15, 40, 6667]) {
      for (let page = 1; page <= last; page += Math.max(1, Math.floor(last / 37))) {
        expect(pageWindow(page, last), `${page}/${last}`).toContain(page);
      }
    }
  });
});

const URL_BASE = 'http://127.0.0.1:8080/api/user/calls';

describe('paginate (Laravel LengthAwarePaginator envelope)', () => {
  it('has every envelope field, with 1-based from/to of the page', () => {
    const page = paginate(`${URL_BASE}?page=2`, 2, 15, 40, range(16, 30));
    expect(Object.keys(page)).toEqual([
      'current_page', 'data', 'first_page_url', 'from', 'last_page', 'last_page_url', 'links',
      'next_page_url', 'path', 'per_page', 'prev_page_url', 'to', 'total',
    ]);
    expect(page).toMatchObject({
      current_page: 2,
      from: 16,
      to: 30,
      last_page: 3,
      per_page: 15,
      total: 40,
      path: URL_BASE,
      first_page_url: `${URL_BASE}?page=1`,
      last_page_url: `${URL_BASE}?page=3`,
      prev_page_url: `${URL_BASE}?page=1`,
      next_page_url: `${URL_BASE}?page=3`,
    });
  });

  it('builds links: Previous, the page window with "..." gaps, Next; only the current page active', () => {
    const page = paginate(`${URL_BASE}?page=25`, 25, 10, 500, []);
    expect(page.links.map((l) => l.label)).toEqual([
      '&laquo; Previous', '1', '2', '...', '22', '23', '24', '25', '26', '27', '28', '...', '49', '50', 'Next &raquo;',
    ]);
    expect(page.links.filter((l) => l.active).map((l) => l.label)).toEqual(['25']);
    expect(page.links.filter((l) => l.label === '...').every((l) => l.url === null)).toBe(true);
    expect(page.links[0]).toEqual({ url: `${URL_BASE}?page=24`, label: '&laquo; Previous', active: false });
    expect(page.links.at(-1)).toEqual({ url: `${URL_BASE}?page=26`, label: 'Next &raquo;', active: false });
    expect(page.links.find((l) => l.label === '49')?.url).toBe(`${URL_BASE}?page=49`);
  });

  it('has no previous page on the first page and no next page on the last', () => {
    const first = paginate(URL_BASE, 1, 15, 31, range(1, 15));
    expect(first.prev_page_url).toBeNull();
    expect(first.links[0]).toEqual({ url: null, label: '&laquo; Previous', active: false });
    expect(first.next_page_url).toBe(`${URL_BASE}?page=2`);

    const last = paginate(`${URL_BASE}?page=3`, 3, 15, 31, [31]);
    expect(last).toMatchObject({ from: 31, to: 31, last_page: 3 });
    expect(last.next_page_url).toBeNull();
    expect(last.links.at(-1)).toEqual({ url: null, label: 'Next &raquo;', active: false });
    expect(last.prev_page_url).toBe(`${URL_BASE}?page=2`);
  });

  it('gives from/to null and one page on an empty result', () => {
    const empty = paginate(URL_BASE, 1, 15, 0, []);
    expect(empty).toMatchObject({ current_page: 1, data: [], from: null, to: null, last_page: 1, total: 0 });
    expect(empty.prev_page_url).toBeNull();
    expect(empty.next_page_url).toBeNull();
    expect(empty.links).toEqual([
      { url: null, label: '&laquo; Previous', active: false },
      { url: `${URL_BASE}?page=1`, label: '1', active: true },
      { url: null, label: 'Next &raquo;', active: false },
    ]);
  });

  it('gives from/to null past the last page, with a way back but not forward', () => {
    const past = paginate(`${URL_BASE}?page=9`, 9, 10, 25, []);
    expect(past).toMatchObject({ current_page: 9, from: null, to: null, last_page: 3, total: 25 });
    expect(past.prev_page_url).toBe(`${URL_BASE}?page=8`);
    expect(past.next_page_url).toBeNull();
    expect(past.links.some((l) => l.active)).toBe(false);
  });

  it('keeps the other query parameters and replaces page in place', () => {
    const url = `${URL_BASE}?status=completed&page=2&type=outbound&per_page=5&date_from=2026-10-01`;
    const page = paginate(url, 2, 5, 12, range(6, 10));
    expect(page.path).toBe(URL_BASE);
    expect(page.next_page_url).toBe(`${URL_BASE}?status=completed&page=3&type=outbound&per_page=5&date_from=2026-10-01`);
    expect(page.first_page_url).toBe(`${URL_BASE}?status=completed&page=1&type=outbound&per_page=5&date_from=2026-10-01`);
    // Without a page parameter, it is added at the end; values stay encoded.
    const noPage = paginate(`${URL_BASE}?phone_number=%2B14155550123&assistant_id=4`, 1, 15, 40, range(1, 15));
    expect(noPage.next_page_url).toBe(`${URL_BASE}?phone_number=%2B14155550123&assistant_id=4&page=2`);
    expect(new URL(noPage.next_page_url ?? '').searchParams.get('phone_number')).toBe('+14155550123');
    // A repeated page parameter ends up once.
    const twice = paginate(`${URL_BASE}?page=1&page=2`, 2, 15, 40, range(16, 30));
    expect(new URL(twice.last_page_url ?? '').searchParams.getAll('page')).toEqual(['3']);
  });
});
