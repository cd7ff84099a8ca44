import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';

/*
 * The English catalog as a detector: in a German page, a text (an element's own text, or an aria-label,
 * placeholder or title) that reads exactly like an English message which German words differently came
 * from somewhere else than the catalogs, or from the wrong one.
 */

type Message = string | { match: Record<string, string> }[];

function load(area: string, locale: string): Record<string, Message> {
  const json = JSON.parse(readFileSync(join('messages', area, `${locale}.json`), 'utf8')) as Record<string, Message>;
  delete json.$schema;
  return json;
}

const texts = (message: Message | undefined): string[] =>
  message === undefined ? [] : typeof message === 'string' ? [message] : message.flatMap((v) => Object.values(v.match));

/**
 * Language names are data on these pages: the switcher names each language in itself ("English", "Deutsch"), and
 * the service's language lookups name languages in English ("German"). An English message that is such a name
 * (the knowledge base's "English"/"German", in German "Englisch"/"Deutsch") cannot be told apart from them.
 */
const AUTONYMS = new Set(['English', 'Deutsch', 'German']);

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export interface EnglishPattern {
  key: string;
  text: string;
  pattern: RegExp;
}

/** Every English message text that German words differently, as a whole-text pattern ({x} matches anything). */
export function englishPatterns(): EnglishPattern[] {
  const areas = readdirSync('messages', { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
  const out: EnglishPattern[] = [];
  for (const area of areas) {
    const en = load(area, 'en');
    const de = load(area, 'de');
    const german = new Set(Object.values(de).flatMap(texts));
    for (const [key, message] of Object.entries(en)) {
      for (const text of texts(message)) {
        if (german.has(text)) continue; // the same in both languages ("Status", "Webhook")
        if (AUTONYMS.has(text.trim())) continue;
        const stripped = text.replace(/\{\w+\}/g, '').trim();
        // Too little of its own to tell it apart from data ("{count}", "#{n}", "Voice {id}" against a
        // name such as "Voice Console").
        const letters = stripped.replace(/[^A-Za-z]/g, '').length;
        if (letters < 3 || (stripped !== text.trim() && letters < 8)) continue;
        const source = text
          .split(/(\{\w+\})/)
          .map((part) => (/^\{\w+\}$/.test(part) ? '.+?' : escape(part)))
          .join('');
        out.push({ key, text, pattern: new RegExp(`^${source}$`) });
      }
    }
  }
  return out;
}

/** The page's readable texts: each element's own text nodes, and its aria-label, placeholder and title. */
export async function readableTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found = new Set<string>();
    const add = (t: string | null | undefined) => {
      const s = (t ?? '').replace(/\s+/g, ' ').trim();
      if (s) found.add(s);
    };
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      if (el.closest('script, style, noscript, [hidden]')) continue;
      const own = Array.from(el.childNodes)
        .filter((n) => n.nodeType === Node.TEXT_NODE)
        .map((n) => n.textContent ?? '')
        .join('');
      add(own);
      add(el.getAttribute('aria-label'));
      add(el.getAttribute('placeholder'));
      add(el.getAttribute('title'));
    }
    add(document.title);
    return [...found];
  });
}

/** The English messages the page shows: "key: text" for each. */
export async function englishOnPage(page: Page, patterns: EnglishPattern[]): Promise<string[]> {
  const seen = await readableTexts(page);
  const hits = new Set<string>();
  for (const t of seen) {
    for (const p of patterns) if (p.pattern.test(t)) hits.add(`${p.key}: “${t}”`);
  }
  return [...hits];
}
