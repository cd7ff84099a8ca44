/*
 * The engine's randomness: a small seeded PRNG and made-up people, so the same seed gives the same calls
 * (plan.ts, content.ts). The demo seed draws its data from the same helpers.
 */

/** mulberry32: small, fast, good enough for fake data and noise, and deterministic. Floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The engine's draws over mulberry32. */
export class Rng {
  private readonly draw: () => number;

  constructor(seed: number) {
    this.draw = mulberry32(seed);
  }

  /** A float in [0, 1). */
  next(): number {
    return this.draw();
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** One key of the table, with probability proportional to its weight. */
  weighted<K extends string>(table: Readonly<Record<K, number>>): K {
    const entries = Object.entries(table) as [K, number][];
    const total = entries.reduce((s, [, w]) => s + w, 0);
    let r = this.next() * total;
    for (const [k, w] of entries) {
      r -= w;
      if (r < 0) return k;
    }
    return (entries.at(-1) as [K, number])[0];
  }

  digits(n: number): string {
    let s = '';
    for (let i = 0; i < n; i++) s += String(this.int(0, 9));
    return s;
  }
}

export type Language = 'en' | 'de';

export interface Person {
  firstName: string;
  lastName: string;
  email: string;
}

const FIRST_EN = [
  'James', 'Olivia', 'Michael', 'Emma', 'Daniel', 'Sophia', 'David', 'Ava', 'Ryan', 'Mia', 'Chris', 'Grace',
  'Jessica', 'Ethan', 'Hannah', 'Marcus', 'Priya', 'Carlos', 'Aisha', 'Tom', 'Rachel', 'Kevin', 'Laura', 'Nina',
] as const;
const LAST_EN = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Garcia', 'Miller', 'Davis', 'Martinez', 'Wilson', 'Anderson',
  'Taylor', 'Thomas', 'Moore', 'Patel', 'Nguyen', 'Clarke', 'Evans', 'Hughes', 'Murphy', 'Kim', 'Lopez', 'Reed',
] as const;
const FIRST_DE = [
  'Lukas', 'Anna', 'Jonas', 'Lea', 'Felix', 'Marie', 'Paul', 'Sophie', 'Maximilian', 'Laura', 'Leon', 'Julia',
  'Tim', 'Katharina', 'Stefan', 'Sabine', 'Thomas', 'Claudia',
] as const;
const LAST_DE = [
  'Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Meyer', 'Wagner', 'Becker', 'Schulz', 'Hoffmann',
  'Koch', 'Richter', 'Klein', 'Wolf', 'Neumann', 'Braun',
] as const;
const MAIL_DOMAINS = ['gmail.com', 'outlook.com', 'yahoo.com', 'icloud.com', 'proton.me', 'hotmail.com'] as const;
const MAIL_DOMAINS_DE = ['gmx.de', 'web.de', 't-online.de', 'gmail.com', 'posteo.de'] as const;

const ASCII: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss' };

export function randomPerson(rng: Rng, language: Language = 'en'): Person {
  const firstName = rng.pick(language === 'de' ? FIRST_DE : FIRST_EN);
  const lastName = rng.pick(language === 'de' ? LAST_DE : LAST_EN);
  const local = `${firstName}.${lastName}`.toLowerCase().replace(/[äöüß]/g, (ch) => ASCII[ch] ?? ch);
  const suffix = rng.chance(0.4) ? String(rng.int(1, 99)) : '';
  const domain = rng.pick(language === 'de' ? MAIL_DOMAINS_DE : MAIL_DOMAINS);
  return { firstName, lastName, email: `${local}${suffix}@${domain}` };
}
