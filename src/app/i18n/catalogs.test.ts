/*
 * The catalogs stay whole: both languages have the same keys and the same placeholders, every key
 * carries its area's prefix (so two areas never define one key), and no message is empty.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(__dirname, '../../../messages');
const areas = readdirSync(root, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

type Message = string | { match: Record<string, string> }[];
function load(area: string, locale: string): Record<string, Message> {
  const json = JSON.parse(readFileSync(join(root, area, `${locale}.json`), 'utf8')) as Record<string, Message>;
  delete json.$schema;
  return json;
}

/** Every text of a message: the message itself, or each variant of a plural or select. */
function texts(message: Message): string[] {
  return typeof message === 'string' ? [message] : message.flatMap((v) => Object.values(v.match));
}

function placeholders(message: Message): string[] {
  return [...new Set(texts(message).flatMap((t) => [...t.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '')))].sort();
}

const prefixOf = (area: string) => `${area.replace(/-/g, '')}_`;

describe('message catalogs', () => {
  it('has the areas the README names', () => {
    expect(areas.length).toBeGreaterThan(10);
  });

  for (const area of areas) {
    describe(area, () => {
      const en = load(area, 'en');
      const de = load(area, 'de');

      it('has the same keys in English and German', () => {
        expect(Object.keys(de).sort()).toEqual(Object.keys(en).sort());
      });

      it('keys carry the area prefix', () => {
        for (const key of Object.keys(en)) expect(key, key).toMatch(new RegExp(`^${prefixOf(area)}[a-z0-9_]+$`));
      });

      it('has the same placeholders in both languages, and no empty message', () => {
        for (const [key, message] of Object.entries(en)) {
          const other = de[key];
          if (other === undefined) continue;
          expect(placeholders(other), key).toEqual(placeholders(message));
          for (const t of [...texts(message), ...texts(other)]) expect(t.trim(), key).not.toBe('');
        }
      });
    });
  }
});
