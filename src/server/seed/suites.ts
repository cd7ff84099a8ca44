import { sql } from 'kysely';
import { scenarioRequest, type ScenarioRequest } from '../../contract';
import type { Db } from '../db/connect';
import type { CallRow, JsonRecord } from '../db/schema';
import { toDbTimestamp } from '../db/time';
import { assistantConfig, configVersion } from '../suites/config';
import { checkExpectation, type ExpectationResult, type StoredExpectation } from '../suites/expectations';
import { finishIfDone, SUITE_QUEUE } from '../suites/queue';
import { createScenario, scenarioExpectations } from '../suites/scenarios';
import type { ScenarioSnapshot } from '../suites/summary';
import { factsOf } from '../suites/worker';

/*
 * The Tests tab of Bright Smile Dental – Reception before any model is connected: three scenarios and two
 * finished runs of them (two repetitions each), stored as history. Each repetition points at one of the
 * assistant's seeded calls, and its expectations are checked against that call by the suites' own checks
 * (outcome, variables), so the evidence opens the very line it names. The judge needs a model; its verdicts
 * here are read from the transcript by a rule. The first run used the prompt before its last edit and
 * whichever calls came first; the second, the current prompt and calls that booked one: the history shows
 * what changed between the two and how the pass rates moved.
 */

export const DEMO_SUITE_ASSISTANT = 'dental_reception';
const REPETITIONS = 2;

export const DEMO_SCENARIOS: ScenarioRequest[] = [
  {
    name: 'New patient books a cleaning',
    persona: 'Your name is Maria Lopez. You are a new patient, friendly and a little in a hurry.',
    goal: 'book a cleaning next week, mornings preferred',
    max_turns: 12,
    expectations: [
      { id: 'completed', kind: 'outcome', outcome: 'completed' },
      { id: 'time', kind: 'variable', name: 'appointment_time', check: 'matches', value: '^\\d{2}:\\d{2}$' },
    ],
  },
  {
    name: 'Caller asks for the earliest slot',
    persona: 'Your name is Daniel Kim. You have had a loose filling since yesterday.',
    goal: 'get the earliest possible appointment for the filling',
    max_turns: 12,
    expectations: [
      { id: 'date', kind: 'variable', name: 'appointment_date', check: 'matches', value: '^\\d{4}-\\d{2}-\\d{2}$' },
      { id: 'service', kind: 'variable', name: 'service', check: 'not_empty' },
    ],
  },
  {
    name: 'Greets with the practice name',
    persona: 'Your name is Grace Howard. You call to ask whether the practice takes new patients.',
    goal: 'find out if they take new patients, then book a check-up',
    max_turns: 10,
    expectations: [
      { id: 'greeting', kind: 'judge', criterion: 'The assistant names Bright Smile Dental in its first words' },
      { id: 'ended', kind: 'outcome', outcome: 'completed', within_turns: 30 },
    ],
  },
];

/** The judge's verdict on the greeting, read from the transcript (the seed has no model to ask). */
function greetingVerdict(e: Extract<StoredExpectation, { kind: 'judge' }>, call: CallRow, config: JsonRecord): ExpectationResult {
  const entries = factsOf(call, config).transcript;
  const entry = entries.findIndex((t) => t.sender !== 'human');
  const first = entry >= 0 ? (entries[entry]?.text ?? '') : '';
  const pass = /bright smile dental/i.test(first);
  const reason = pass
    ? `The assistant's first line names the practice: "${first.slice(0, 120)}".`
    : `The assistant's first line does not name the practice${first ? `: "${first.slice(0, 120)}"` : ''}.`;
  return { expectation_id: e.id, kind: e.kind, pass, evidence: { detail: `demo data: read from the transcript by a rule, not by a model (none is connected when the demo is seeded)`, entry: entry >= 0 ? entry : null, reason } };
}

function check(e: StoredExpectation, call: CallRow, config: JsonRecord): ExpectationResult {
  if (e.kind === 'judge') return greetingVerdict(e, call, config);
  const facts = factsOf(call, config);
  // The seeded calls were played from their script, without the talk's state: each transcript line is a turn.
  return checkExpectation(e, { ...facts, turns: facts.turns || facts.transcript.length });
}

export async function seedSuites(db: Db, userId: number, assistants: Map<string, number>, now: Date): Promise<void> {
  const assistantId = assistants.get(DEMO_SUITE_ASSISTANT);
  if (assistantId === undefined) return;
  const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * 3_600_000);
  const scenarios = [];
  for (const [i, s] of DEMO_SCENARIOS.entries()) scenarios.push(await createScenario(db, at(24 * 8 - i), userId, assistantId, scenarioRequest.parse(s)));

  // Each repetition is one of the assistant's seeded calls with a transcript, oldest first: the first run had
  // whichever came, the second (after the prompt's edit) the calls that ended with an appointment booked.
  const perRun = REPETITIONS * scenarios.length;
  const withTranscript = db.selectFrom('calls').selectAll().where('assistant_id', '=', assistantId).where('transcript', 'is not', null).orderBy('id');
  const firstCalls = await withTranscript.limit(perRun).execute();
  const bookedCalls = await withTranscript
    .where('status', '=', 'completed')
    .where(sql<boolean>`variables->>'appointment_date' IS NOT NULL`)
    .where('id', 'not in', firstCalls.length > 0 ? firstCalls.map((c) => c.id) : [0])
    .limit(perRun)
    .execute();
  if (firstCalls.length < perRun || bookedCalls.length < perRun) return;

  const current = await assistantConfig(db, assistantId);
  if (!current) return;
  const prompt = typeof current.system_prompt === 'string' ? current.system_prompt : '';
  // Before its last edit the prompt did not ask to confirm the details before booking.
  const before: JsonRecord = { ...current, system_prompt: prompt.replace(/, and confirm the date, time, phone number and email before calling book_appointment/, '') };
  const runs = [
    { config: before, startedHoursAgo: 24 * 6, calls: firstCalls },
    { config: current, startedHoursAgo: 20, calls: bookedCalls },
  ];
  for (const r of runs) {
    let nextCall = 0;
    const started = at(r.startedHoursAgo);
    const run = await db
      .insertInto('suite_runs')
      .values({
        user_id: userId,
        assistant_id: assistantId,
        status: 'running',
        repetitions: REPETITIONS,
        min_pass_rate: 0.8,
        config: JSON.stringify(r.config),
        config_version: configVersion(r.config),
        created_at: toDbTimestamp(started),
        updated_at: toDbTimestamp(started),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const items = [];
    for (let rep = 1; rep <= REPETITIONS; rep++) {
      for (const s of scenarios) {
        const call = r.calls[nextCall++] as CallRow;
        const expectations = scenarioExpectations(s);
        const snapshot: ScenarioSnapshot = { name: s.name, persona: s.persona, goal: s.goal, variables: s.variables, max_turns: s.max_turns, expectations };
        const results = expectations.map((e) => check(e, call, r.config));
        const facts = factsOf(call, r.config);
        items.push({
          run_id: run.id,
          user_id: userId,
          scenario_id: s.id,
          scenario: JSON.stringify(snapshot),
          repetition: rep,
          status: 'done',
          call_id: call.id,
          turns: facts.turns || facts.transcript.length,
          outcome: call.status,
          results: JSON.stringify(results),
          started_at: toDbTimestamp(new Date(started.getTime() + nextCall * 20_000)),
          finished_at: toDbTimestamp(new Date(started.getTime() + nextCall * 20_000 + 95_000)),
        });
      }
    }
    await db.insertInto('suite_run_items').values(items).execute();
    await finishIfDone(db, new Date(started.getTime() + (nextCall + 5) * 20_000), SUITE_QUEUE, run.id);
  }
}
