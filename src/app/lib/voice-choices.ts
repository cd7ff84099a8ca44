import type { Voice } from '@contract/lookups';
import { m } from '@/i18n';

/**
 * The voices a choice for one mode offers: what the host answered for that mode, plus every voice whose
 * mode the host does not state (today's hosted examples leave `mode` out). Such a voice may well fit, and
 * a host that cannot filter on a field it does not send may have left it out of the filtered answer:
 * it is offered, marked, rather than dropped without a word.
 */
export function voicesForMode(forMode: readonly Voice[] | undefined, all: readonly Voice[] | undefined): Voice[] {
  const out = [...(forMode ?? [])];
  const seen = new Set(out.map((v) => v.id));
  for (const v of all ?? []) {
    if (v.mode || seen.has(v.id)) continue;
    seen.add(v.id);
    out.push(v);
  }
  return out;
}

export function voiceLabel(v: Voice): string {
  const name = v.name || m.lookups_voice_fallback({ id: String(v.id) });
  return v.mode ? name : m.lookups_voice_mode_not_stated({ name });
}
