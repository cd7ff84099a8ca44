import type { Db } from '../db/connect';

/*
 * The assistant's secondary languages in a call you can hear (secondary_language_ids, ids of the languages
 * table). Without them nothing changes: transcription is asked in the assistant's language and the prompt
 * says to answer in it. With them, transcription is asked without a fixed language and with
 * response_format verbose_json, whose `language` says what the caller spoke (OpenAI answers the language's
 * English name, "german"; Speaches and whisper.cpp's server may answer the code, "de": both are read). When
 * that is one of the assistant's languages it becomes the call's language: the model is told to answer in it,
 * and the next sentences are spoken in its voice. A language the assistant does not have keeps the one before.
 */

export interface CallLanguage {
  /** ISO-639-1, as the languages table has it (`de`). */
  iso: string;
  /** Its English name (German), as the prompt says it. */
  name: string;
}

/** The languages of secondary_language_ids, in the order given, without the primary one or repeats. */
export async function secondaryLanguages(db: Db, secondaryIds: unknown, primaryIso: string): Promise<CallLanguage[]> {
  // A JSON column: PGlite and pg parse it; anything but numbers is left out.
  const ids = Array.isArray(secondaryIds) ? secondaryIds.filter((id): id is number => typeof id === 'number') : [];
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('languages').select(['id', 'name', 'iso_2']).where('id', 'in', ids).execute();
  const byId = new Map(rows.map((r) => [r.id, { iso: r.iso_2.trim().toLowerCase(), name: r.name }]));
  const out: CallLanguage[] = [];
  for (const id of ids) {
    const l = byId.get(id);
    if (l && l.iso !== primaryIso && !out.some((o) => o.iso === l.iso)) out.push(l);
  }
  return out;
}

/** Which of the call's languages the transcription's detected `language` (a code or an English name) is; null for none. */
export function matchLanguage(detected: string | null | undefined, languages: readonly CallLanguage[]): CallLanguage | null {
  const d = detected?.trim().toLowerCase();
  if (!d) return null;
  // "de", "de-DE", "german": the code's first part, or the name.
  const code = d.split(/[-_]/)[0];
  return languages.find((l) => l.iso === code || l.name.toLowerCase() === d) ?? null;
}

/** The prompt's language line for a call in several languages (replaces "Always answer in <primary>, ..."). */
export function languagesLine(primary: CallLanguage, secondary: readonly CallLanguage[]): string {
  const names = [primary, ...secondary].map((l) => l.name);
  return `You speak ${names.slice(0, -1).join(', ')} and ${names.at(-1)}. Answer in the language the caller speaks, if it is one of these; otherwise in ${primary.name}.`;
}

/** The note for the caller's current language, at the end of the prompt (the stand-in model reads it too). */
export function currentLanguageLine(language: CallLanguage): string {
  return `The caller speaks ${language.name} now: answer in ${language.name}.`;
}

/** The assistant's prompt for a call in several languages: the one-language rule replaced by the line above. */
export function multilingualSystem(system: string, primary: CallLanguage, secondary: readonly CallLanguage[]): string {
  const single = `Always answer in ${primary.name}, whatever language the other side writes in.`;
  const line = languagesLine(primary, secondary);
  return system.includes(single) ? system.replace(single, line) : `${system}\n\n${line}`;
}
