import { replaySetAnswerSchema, type ReplaySet } from '../../contract';
import type { AssistantTestConfig } from '../config';
import { call, CliError, cliFailure, followToEnd, pad, parseCommand, runIfCommand, serviceOf } from './service-command';

/*
 * `npm run assistant-replay -- --assistant 12 [--filter 'status=failed&date_from=2026-11-21'] [--call 7 --call 9]
 * [--url http://localhost:8080] [--token T] [--timeout 1800]`: replays past calls against the assistant as it
 * is now (POST /user/replays, then GET /user/replays/{id} every second), prints progress and a table of what
 * changed per call, and exits 1 when any replay went "worse" (or the set was cancelled or timed out), 0 when
 * none did, 2 when the set could not be started or read. --filter is the call log's query string (as in the
 * console's URL); --assistant is added to it. The token comes from --token or VC_API_TOKEN.
 */

const USAGE = "Usage: npm run assistant-replay -- --assistant ID [--filter 'status=failed&date_from=YYYY-MM-DD'] [--call ID]… [--url http://localhost:8080] [--token TOKEN] [--timeout SECONDS]";

function readSet(answer: unknown): ReplaySet {
  const parsed = replaySetAnswerSchema.safeParse(answer);
  if (!parsed.success) throw new CliError('The service answered with something that is not a replay set.');
  return parsed.data;
}

const SIGN = { added: '+', missing: '-', changed: '~' } as Record<string, string>;

/** The table: one row per pair, then the judge's reason for every replay that went worse. */
export function replayReport(set: ReplaySet): string {
  const rows = [['CALL', 'REPLAY', 'OUTCOME', 'TURNS', 'TOOLS', 'VARIABLES', 'VERDICT']];
  for (const p of set.pairs ?? []) {
    const d = p.diff;
    rows.push([
      String(p.original_call_id ?? '?'),
      String(p.call_id ?? '–'),
      d ? `${d.outcome?.before ?? '?'} -> ${d.outcome?.after ?? '?'}` : p.status,
      d ? `${d.turns?.before ?? '?'} -> ${d.turns?.after ?? '?'}` : '',
      d ? d.tools.map((t) => `${SIGN[t.change] ?? '?'}${t.name}`).join(' ') || '=' : '',
      d ? d.variables.map((v) => v.name).join(' ') || '=' : '',
      p.verdict ?? (p.status === 'error' ? `error: ${p.error ?? ''}` : p.status),
    ]);
  }
  const lines = [pad(rows)];
  for (const p of (set.pairs ?? []).filter((x) => x.verdict === 'worse')) lines.push('', `call ${p.original_call_id ?? '?'} went worse: ${p.reason ?? ''}`);
  const v = set.verdicts;
  lines.push(
    '',
    `${set.status.toUpperCase()}: ${v?.better ?? 0} better, ${v?.same ?? 0} same, ${v?.worse ?? 0} worse, ${v?.unclear ?? 0} unclear of ${set.pairs_total ?? 0} (assistant version ${set.config_version_before ?? '?'} -> ${set.config_version}${set.config_changes.length > 0 ? `; changed: ${set.config_changes.join(', ')}` : ''}).`,
  );
  return lines.join('\n');
}

export async function main(argv: string[], config: AssistantTestConfig, out: (line: string) => void): Promise<number> {
  const own = {
    filter: { type: 'string', default: '' },
    call: { type: 'string', multiple: true },
  } as const;
  const ids = (list: string[] | undefined) => (list ?? []).map(Number);
  const values = parseCommand({ argv, own, usage: USAGE, out }, (v) => {
    const assistant = Number(v.assistant);
    return Number.isInteger(assistant) && assistant >= 1 && ids(v.call).every((n) => Number.isInteger(n) && n >= 1);
  });
  const service = values && serviceOf(values, config, USAGE, out);
  if (!values || !service) return 2;
  const { base, token } = service;
  const assistant = Number(values.assistant);
  const callIds = ids(values.call);
  const filter = { ...Object.fromEntries(new URLSearchParams(values.filter.replace(/^\?/, ''))), assistant_id: String(assistant) };
  try {
    const started = readSet(await call(base, token, 'POST', '/user/replays', callIds.length > 0 ? { call_ids: callIds } : { filter }));
    out(`Replay set ${started.id} of assistant ${assistant} (version ${started.config_version}): ${started.pairs_total ?? 0} calls.`);
    return await followToEnd(
      started,
      {
        next: async () => readSet(await call(base, token, 'GET', `/user/replays/${started.id}`)),
        deadline: service.deadline,
        intervalMs: service.intervalMs,
        done: (s) => s.pairs_done,
        progress: (s) => `  ${s.pairs_done ?? 0}/${s.pairs_total ?? 0} compared, ${s.pairs_running ?? 0} in progress`,
        report: replayReport,
        timedOut: (s) => `Timed out after ${values.timeout} s with ${s.pairs_done ?? 0} of ${s.pairs_total ?? 0} replays compared.`,
        passed: (s) => (s.verdicts?.worse ?? 0) === 0,
      },
      out,
    );
  } catch (e) {
    return cliFailure(e, out);
  }
}

runIfCommand(import.meta.url, main);
