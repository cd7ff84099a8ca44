import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contract from './index';
import { RESPONSE_EXAMPLES, type ResponseExample } from './test/response-examples';

/*
 * Every response schema is lenient by construction; this proves it mechanically. Each full example is
 * taken apart the ways hosts really drift (shared/spec/hosted-quirks.md): a field deleted, nulled,
 * a number or boolean sent as a string, a boolean as 0/1, an object as PHP's `[]`, a list as `{}`, a
 * string replaced by a word nobody knows or by a number. Every such change to every field, nested
 * records included, must still parse, and the record's id must come out unchanged. Then the same in
 * random combinations.
 */

type Path = readonly (string | number)[];
type Json = unknown;

const MUTATIONS = ['delete', 'null', 'stringify', 'boolAsInt', 'emptyArray', 'emptyObject', 'unknownWord', 'numberForString'] as const;
type Mutation = (typeof MUTATIONS)[number];

/** Changes that keep the value (a number as its string) are allowed on required paths too. */
const KEEPS_VALUE: ReadonlySet<Mutation> = new Set(['stringify']);

const UNKNOWN_WORD = 'zz-brand-new-value';

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The new value a mutation makes of `v`, or `undefined` when it does not apply (deletion aside). */
function mutated(m: Mutation, v: Json): { value: Json } | undefined {
  switch (m) {
    case 'delete':
      return undefined;
    case 'null':
      return v === null ? undefined : { value: null };
    case 'stringify':
      return typeof v === 'number' || typeof v === 'boolean' ? { value: String(v) } : undefined;
    case 'boolAsInt':
      return typeof v === 'boolean' ? { value: v ? 1 : 0 } : undefined;
    case 'emptyArray':
      return isPlainObject(v) ? { value: [] } : undefined;
    case 'emptyObject':
      return Array.isArray(v) ? { value: {} } : undefined;
    case 'unknownWord':
      return typeof v === 'string' ? { value: UNKNOWN_WORD } : undefined;
    case 'numberForString':
      return typeof v === 'string' ? { value: 42 } : undefined;
  }
}

function pathsOf(v: Json, prefix: Path = []): Path[] {
  const children: [string | number, Json][] = Array.isArray(v)
    ? v.map((item, i) => [i, item])
    : isPlainObject(v)
      ? Object.entries(v)
      : [];
  return children.flatMap(([key, child]) => [[...prefix, key], ...pathsOf(child, [...prefix, key])]);
}

function matches(pattern: string, path: Path): boolean {
  const parts = pattern.split('.');
  return parts.length === path.length && parts.every((p, i) => p === '*' ? typeof path[i] === 'number' : p === String(path[i]));
}

function isRequired(entry: ResponseExample, path: Path): boolean {
  return entry.required.some((pattern) => matches(pattern, path));
}

function get(v: Json, path: Path): { found: boolean; value: Json } {
  let at: Json = v;
  for (const key of path) {
    if (Array.isArray(at) && typeof key === 'number' && key < at.length) at = at[key];
    else if (isPlainObject(at) && typeof key === 'string' && key in at) at = at[key];
    else return { found: false, value: undefined };
  }
  return { found: true, value: at };
}

/** Applies one mutation in place on a copy; false when the path or the mutation no longer applies. */
function apply(root: Json, path: Path, m: Mutation): boolean {
  const parent = get(root, path.slice(0, -1));
  const key = path[path.length - 1]!;
  if (!parent.found) return false;
  const container = parent.value;
  const here = get(root, path);
  if (!here.found) return false;
  if (m === 'delete') {
    if (!isPlainObject(container) || typeof key !== 'string') return false;
    delete container[key];
    return true;
  }
  const next = mutated(m, here.value);
  if (!next) return false;
  if (Array.isArray(container) && typeof key === 'number') container[key] = next.value;
  else if (isPlainObject(container) && typeof key === 'string') container[key] = next.value;
  else return false;
  return true;
}

interface Change {
  path: Path;
  mutation: Mutation;
}

/** Every change that applies to the full example, each alone. */
function singleChanges(entry: ResponseExample): Change[] {
  const out: Change[] = [];
  for (const path of pathsOf(entry.example)) {
    const required = isRequired(entry, path);
    const value = get(entry.example, path).value;
    for (const mutation of MUTATIONS) {
      if (required && !KEEPS_VALUE.has(mutation)) continue;
      const parentIsObject = isPlainObject(get(entry.example, path.slice(0, -1)).value);
      const applies = mutation === 'delete' ? parentIsObject : mutated(mutation, value) !== undefined;
      if (applies) out.push({ path, mutation });
    }
  }
  return out;
}

function withChanges(example: Json, changes: readonly Change[]): Json {
  const copy = structuredClone(example);
  for (const c of changes) apply(copy, c.path, c.mutation);
  return copy;
}

function expectReads(entry: ResponseExample, input: Json, what: string) {
  const result = entry.schema.safeParse(input);
  if (!result.success) {
    throw new Error(`${entry.label}: ${what} did not parse:\n${z.prettifyError(result.error)}\n${JSON.stringify(input)}`);
  }
  if (entry.idPath) {
    const id = get(result.data, entry.idPath);
    expect(id.value, `${entry.label}: ${what} lost the id`).toBe(Number(get(entry.example, entry.idPath).value));
  }
}

/** The keys a record schema names: through pipes (a transform after the object) to the object itself. */
function shapeKeys(schema: z.ZodType): string[] | null {
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  if (schema instanceof z.ZodPipe) return shapeKeys(schema.in as z.ZodType);
  return null;
}

const describeChange = (c: Change) => `${c.mutation} ${c.path.join('.') || '(root)'}`;

describe('every response schema reads every drift of its full example', () => {
  it.each(RESPONSE_EXAMPLES.map((e) => [e.label, e] as const))('%s: the full example', (_label, entry) => {
    expectReads(entry, entry.example, 'the full example');
  });

  it.each(RESPONSE_EXAMPLES.map((e) => [e.label, e] as const))('%s: each field changed alone', (_label, entry) => {
    const changes = singleChanges(entry);
    expect(changes.length).toBeGreaterThan(0);
    for (const change of changes) expectReads(entry, withChanges(entry.example, [change]), describeChange(change));
  });

  it.each(RESPONSE_EXAMPLES.map((e) => [e.label, e] as const))('%s: fields changed together, at random', (_label, entry) => {
    const changes = singleChanges(entry);
    fc.assert(
      fc.property(fc.shuffledSubarray(changes, { minLength: 2, maxLength: Math.min(changes.length, 12) }), (picked) => {
        expectReads(entry, withChanges(entry.example, picked), picked.map(describeChange).join(', '));
      }),
      { numRuns: 60 },
    );
  });

  it.each(RESPONSE_EXAMPLES.filter((e) => shapeKeys(e.schema) !== null).map((e) => [e.label, e] as const))(
    '%s: fields nobody knows yet pass through',
    (_label, entry) => {
      const parsed: unknown = entry.schema.parse({ ...(entry.example as object), brand_new_field: { kept: [1] } });
      expect(isPlainObject(parsed) && parsed.brand_new_field).toEqual({ kept: [1] });
    },
  );
});

describe('the examples are full and every response schema has one', () => {
  it.each(RESPONSE_EXAMPLES.filter((e) => shapeKeys(e.schema) !== null).map((e) => [e.label, e] as const))(
    '%s: the example names every field of the schema',
    (_label, entry) => {
      const keys = shapeKeys(entry.schema) ?? [];
      expect(Object.keys(entry.example as object)).toEqual(expect.arrayContaining(keys));
    },
  );

  it('each exported response schema of src/contract has an entry in response-examples.ts', () => {
    // Response schemas end in Schema or Response; requests are named …Request, …Input or …Query(Schema).
    const isResponseSchema = (name: string) => /(Schema|Response)$/.test(name) && !/Request|Input|Query/.test(name);
    const exported = Object.keys(contract).filter(isResponseSchema);
    const covered = new Set(RESPONSE_EXAMPLES.flatMap((e) => e.covers));
    expect(exported.filter((name) => !covered.has(name))).toEqual([]);
    expect(exported.length).toBeGreaterThan(20);
  });

  it('the check itself catches a schema that is not lenient', () => {
    const strict: ResponseExample = {
      covers: [],
      label: 'strict',
      schema: z.looseObject({ id: contract.idish, name: z.string(), n: z.number() }),
      example: { id: 1, name: 'a', n: 2 },
      idPath: ['id'],
      required: ['id'],
    };
    const failing = singleChanges(strict)
      .filter((c) => !strict.schema.safeParse(withChanges(strict.example, [c])).success)
      .map(describeChange);
    expect(failing).toEqual(expect.arrayContaining(['delete name', 'null n', 'stringify n', 'numberForString name']));
  });

  it('a record whose field has no fallback is refused when it is built, not when a host sends it', () => {
    expect(() => contract.lenientRecord({ id: contract.idish, name: z.string() })).toThrow(/"name" has no fallback/);
  });
});

describe('what the quirks file lists, spelled out', () => {
  it('a paginator without its urls, from, to and links, with counts as strings or missing', () => {
    const page = contract.paginatedSchema(contract.assistantSchema).parse({
      data: [{ id: '8' }, { id: 9, mode: 'dualplex' }],
      per_page: '15',
      links: [{ url: null }, { label: 2 }],
    });
    expect(page).toMatchObject({ current_page: 1, last_page: 1, per_page: 15, total: 2, from: null, to: null, path: null });
    expect(page.links).toEqual([
      { url: null, label: '', active: false },
      { url: null, label: '2', active: false },
    ]);
    expect(page.data.map((a) => [a.id, a.mode, a.name])).toEqual([
      [8, '', ''],
      [9, 'dualplex', ''],
    ]);
    expect(contract.paginatedSchema(contract.callSchema).parse({ data: [], total: 'many', last_page: '4', current_page: '2', per_page: 15 })).toMatchObject({
      // No readable total: at least the pages before this one were full.
      total: 15,
      last_page: 4,
      current_page: 2,
    });
  });

  it('voices without mode, with what hosts send instead', () => {
    const [voice] = contract.listOf(contract.voiceSchema).parse([
      { id: 1, name: 'Alloy', language_id: 1, gender: 'female', preview_url: 'https://x/alloy.flac', accent: null, age: 'Middle aged' },
    ]);
    expect(voice).toMatchObject({ id: 1, name: 'Alloy', mode: '', language_id: 1, gender: 'female', accent: null, age: 'Middle aged' });
  });

  it('campaigns without assistant or numbers, with statuses the spec does not list', () => {
    const campaigns = z.array(contract.campaignSchema).parse([
      { id: 1, name: 'A', status: 'active' },
      { id: 2, name: 'B', status: 'paused', assistant: [], phone_number_ids: null, allowed_days: {} },
    ]);
    expect(campaigns.map((c) => [c.status, c.assistant, c.phone_number_ids, c.allowed_days])).toEqual([
      ['active', null, [], []],
      ['paused', null, [], []],
    ]);
  });

  it('booleans as 0/1, "1", "true"; numbers as strings; timestamps in every format', () => {
    const a = contract.assistantSchema.parse({
      id: 1,
      fillers: 0,
      record: '1',
      is_webhook_active: 'true',
      end_call_on_voicemail: 1,
      llm_temperature: '0.30',
      created_at: '2024-05-02 09:14:07',
      updated_at: '2024-05-02T09:14:07Z',
    });
    expect(a).toMatchObject({ fillers: false, record: true, is_webhook_active: true, end_call_on_voicemail: true, llm_temperature: 0.3 });
    expect([a.created_at, a.updated_at]).toEqual(['2024-05-02 09:14:07', '2024-05-02T09:14:07Z']);
  });

  it('a transcript as one string or as lines; an evaluation as a list or an object', () => {
    const lines = [{ text: 'Hi', type: 'text', sender: 'bot', timestamp: '2024-05-02 09:14:08' }];
    expect(contract.callSchema.parse({ id: 1, transcript: 'AI: Hi' }).transcript).toBe('AI: Hi');
    expect(contract.callSchema.parse({ id: 1, transcript: lines }).transcript).toEqual(lines);
    expect(contract.callSchema.parse({ id: 1, evaluation: { interested: true } }).evaluation).toEqual({ interested: true });
    expect(contract.callSchema.parse({ id: 1, evaluation: [{ name: 'x', value: 3 }] }).evaluation).toEqual([{ name: 'x', value: 3 }]);
  });

  it('a nested record that lost its id is dropped to null or left out of its list, the record kept', () => {
    const lead = contract.leadSchema.parse({ id: 1, campaign: { name: 'No id' }, secondary_contacts: [{ phone_number: '+49' }, { id: '2' }] });
    expect(lead.campaign).toBeNull();
    expect(lead.secondary_contacts.map((c) => c.id)).toEqual([2]);
  });

  it('error bodies with a message as the only field, or a field message as a plain string', () => {
    expect(contract.validationErrorSchema.parse({ errors: { name: 'Taken.', age: [1, null] } })).toEqual({ message: '', errors: { name: ['Taken.'], age: ['1'] } });
  });
});
