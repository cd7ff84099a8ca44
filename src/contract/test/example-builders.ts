import type { ResponseExample } from './response-examples';

/*
 * The two answers every resource repeats around its record, built one way for all the example files: Laravel's
 * paginator of a page of records, and the `{message, data}` (or bare `{data}`) answer of one record. What they
 * require is the same for every resource: the list and its items' ids, or the record and its id.
 */

/** What names an example entry: the exports it covers, its label in test output, the schema it feeds. */
export type ExampleName = Pick<ResponseExample, 'covers' | 'label' | 'schema'>;

/** The paths a `data` list must keep: the list, each item, each item's id. */
export const DATA_LIST_IDS = ['data', 'data.*', 'data.*.id'] as const;

/** Laravel's paginator around `data`: the first of three pages of 15, its URLs under `path`. */
export const paginatorFields = (path: string, data: unknown[]) => ({
  current_page: 1,
  data,
  first_page_url: `${path}?page=1`,
  from: 1,
  last_page: 3,
  last_page_url: `${path}?page=3`,
  links: [
    { url: null, label: '&laquo; Previous', active: false },
    { url: `${path}?page=1`, label: '1', active: true },
    { url: `${path}?page=2`, label: 'Next &raquo;', active: false },
  ],
  next_page_url: `${path}?page=2`,
  path,
  per_page: 15,
  prev_page_url: null,
  to: 1,
  total: 31,
});

/** A paginator of `records` as GET `path` answers it. */
export function paginatorExample(name: ExampleName, path: string, records: unknown[]): ResponseExample {
  return { ...name, example: paginatorFields(path, records), required: DATA_LIST_IDS };
}

/**
 * One record in `data`, after the change's `message` when there is one. `checkId` where the schema keeps the
 * `data` wrapper (a `{message, data}` record, not recordAnswer, which unwraps it): then the record's id must
 * come out of every variant unchanged at `data.id`.
 */
export function recordAnswerExample(name: ExampleName, data: unknown, message?: string, checkId = false): ResponseExample {
  return {
    ...name,
    example: message === undefined ? { data } : { message, data },
    ...(checkId ? { idPath: ['data', 'id'] } : {}),
    required: ['data', 'data.id'],
  };
}
