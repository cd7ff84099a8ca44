import { describe, expect, it } from 'vitest';
import { accountAnswerSchema } from './account';
import { listAnswer, messageResponseSchema, recordAnswer } from './answers';
import { campaignsAnswerSchema } from './campaign';
import { callAnswerSchema } from './call';
import { namedRecordSchema } from './lookups';
import { leadsAnswerSchema } from './lead';

/* What response-schemas.test.ts does not reach: answers whose root itself is not a record. */

describe('messageResponseSchema', () => {
  it.each([
    ['an empty body (a 204)', undefined, ''],
    ['a bare true', true, ''],
    ['[]', [], ''],
    ['a null message', { message: null }, ''],
    ['a number', { message: 404 }, '404'],
    ['a message', { message: 'Deleted.', success: true }, 'Deleted.'],
  ])('reads %s', (_label, body, message) => {
    expect(messageResponseSchema.parse(body).message).toBe(message);
  });

  it('keeps what comes beside the message', () => {
    expect(messageResponseSchema.parse({ message: 'ok', data: { id: 1 } })).toEqual({ message: 'ok', data: { id: 1 } });
  });
});

describe('recordAnswer', () => {
  it('unwraps {data} before reading the record itself, even for a record without an id', () => {
    expect(accountAnswerSchema.parse({ data: { name: 'A', total_balance: '3.5' } })).toEqual({ name: 'A', email: null, total_balance: 3.5 });
    expect(accountAnswerSchema.parse({ name: 'B' })).toMatchObject({ name: 'B' });
    expect(accountAnswerSchema.parse({ data: [] })).toMatchObject({ name: null, email: null, total_balance: null });
  });

  it('fails a record without an id, wrapped or not', () => {
    expect(callAnswerSchema.safeParse({ data: { status: 'completed' } }).success).toBe(false);
    expect(recordAnswer(namedRecordSchema).safeParse({ name: 'x' }).success).toBe(false);
  });
});

describe('listAnswer', () => {
  const items = [{ id: '1', name: 'A' }, { id: 2 }];

  it('reads a bare list, {data}, a paginator and the keys older hosts used', () => {
    for (const answer of [items, { data: items }, { data: items, current_page: 1, total: '2' }, { campaigns: items }]) {
      expect(campaignsAnswerSchema.parse(answer).map((c) => c.id)).toEqual([1, 2]);
    }
    expect(campaignsAnswerSchema.parse({ data: null, campaigns: items })).toHaveLength(2);
  });

  it('requires the list itself', () => {
    expect(campaignsAnswerSchema.safeParse({ message: 'ok' }).success).toBe(false);
    expect(campaignsAnswerSchema.safeParse(null).success).toBe(false);
  });

  it('fails on an unreadable item unless told to leave it out', () => {
    const withBad = [{ id: 1 }, { name: 'no id' }, 7];
    expect(listAnswer(namedRecordSchema).safeParse(withBad).success).toBe(false);
    expect(listAnswer(namedRecordSchema, { dropUnreadable: true }).parse({ data: withBad }).map((r) => r.id)).toEqual([1]);
  });
});

describe('leadsAnswerSchema', () => {
  it('takes its page count from the paginator, 1 for every other form', () => {
    const lead = { id: 5 };
    expect(leadsAnswerSchema.parse({ data: [lead], last_page: '3' })).toMatchObject({ lastPage: 3 });
    for (const answer of [[lead], { leads: [lead] }, { data: [lead] }]) expect(leadsAnswerSchema.parse(answer)).toMatchObject({ lastPage: 1 });
  });
});
