import { z } from 'zod';
import { recordAnswer } from './answers';
import { callsQuerySchema, transcriptSchema } from './call';
import { boolish, idish, lenientList, lenientRecord, nestedRecord, nullableIdish, numberish, objectish, openString, textish } from './common';
import { paginatedSchema } from './pagination';
import { laxId, laxInt, PG_INT_MAX } from './request-fields';
import { expectationInput, expectationSchema, SUITE_LIMITS } from './suites';

/*
 * Replays (our extension, issue 33): past calls placed again against the assistant as it is now, each pair
 * compared (outcome, turns, tools, post-call values, evaluation, the first point where the transcripts part)
 * and judged (better / same / worse / unclear, with the reason and the lines it rests on). A set picks its
 * calls by id or by the call log's filter (GET /user/calls' query, paging left out), at most REPLAY_MAX.
 * Requests are strict (what the service validates); responses are lenient readers, as everywhere.
 */

export const REPLAY_MAX = 50;
export const REPLAY_VERDICTS = ['better', 'same', 'worse', 'unclear'] as const;
export type ReplayVerdict = (typeof REPLAY_VERDICTS)[number];
export const REPLAY_SET_STATUSES = ['running', 'finished', 'cancelled'] as const;
export const REPLAY_PAIR_STATUSES = ['queued', 'calling', 'done', 'error', 'cancelled'] as const;
export const TOOL_CHANGES = ['added', 'missing', 'changed'] as const;

/** POST /user/replays: the calls by id, or the call log's filter (its newest REPLAY_MAX finished calls). */
export const startReplayRequest = z
  .object({
    call_ids: z.array(z.number().int().min(1).max(PG_INT_MAX)).min(1).max(REPLAY_MAX).optional(),
    filter: callsQuerySchema.optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    if ((v.call_ids === undefined) === (v.filter === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['call_ids'], message: 'Give either call_ids or filter.' });
    }
  });
export type StartReplayRequest = z.input<typeof startReplayRequest>;
export type StartReplayInput = z.output<typeof startReplayRequest>;

/** GET /user/replays */
export const replaysQuery = z.object({
  assistant_id: laxId().optional(),
  per_page: laxInt(z.number().int().min(1).max(100)).default(20),
  page: laxInt(z.number().int().min(1).max(PG_INT_MAX)).default(1),
});

/** POST /user/replays/{id}/pairs/{pair}/scenario: all optional; missing parts are the proposed ones. */
export const saveReplayScenarioRequest = z
  .object({
    name: z.string().trim().min(1).max(SUITE_LIMITS.name).optional(),
    goal: z.string().trim().min(1).max(SUITE_LIMITS.goal).optional(),
    expectations: z.array(expectationInput).min(1).max(SUITE_LIMITS.expectations).optional(),
  })
  .strict();
export type SaveReplayScenarioRequest = z.input<typeof saveReplayScenarioRequest>;

// ---- responses (lenient) ----

/** What a call showed: how it ended, its turns, transcript, post-call values and evaluation. */
export const replayCallSchema = lenientRecord({
  call_id: nullableIdish,
  status: openString,
  end_reason: textish,
  turns: numberish,
  transcript: transcriptSchema,
  variables: objectish,
  evaluation: objectish,
});
export type ReplayCall = z.output<typeof replayCallSchema>;

/** `before`/`after`: the arguments, null where the call is not there. */
export const toolChangeSchema = lenientRecord({ name: openString, change: openString, before: z.unknown().optional(), after: z.unknown().optional() });
export type ToolChange = z.output<typeof toolChangeSchema>;
export const valueChangeSchema = lenientRecord({ name: openString, before: z.unknown().optional(), after: z.unknown().optional() });
export type ValueChange = z.output<typeof valueChangeSchema>;
const beforeAfterText = lenientRecord({ before: textish, after: textish });
const beforeAfterNumber = lenientRecord({ before: numberish, after: numberish });

export const replayDiffSchema = lenientRecord({
  outcome: nestedRecord(lenientRecord({ before: textish, after: textish, changed: boolish })),
  end_reason: nestedRecord(beforeAfterText),
  turns: nestedRecord(beforeAfterNumber),
  tools: lenientList(toolChangeSchema),
  variables: lenientList(valueChangeSchema),
  evaluation: lenientList(valueChangeSchema),
  /** Entry indexes (0-based) into each transcript where they first differ; null: they say the same. */
  divergence: nestedRecord(lenientRecord({ original: numberish, replay: numberish })),
});
export type ReplayDiff = z.output<typeof replayDiffSchema>;

export const verdictLineSchema = lenientRecord({ transcript: openString, line: numberish });

export const replayPairSchema = lenientRecord({
  id: idish,
  original_call_id: nullableIdish,
  call_id: nullableIdish,
  status: openString,
  error: textish,
  verdict: textish,
  reason: textish,
  /** Numbered lines (1-based) of either transcript the verdict rests on. */
  lines: lenientList(verdictLineSchema),
  original: nestedRecord(replayCallSchema),
  replay: nestedRecord(replayCallSchema),
  diff: nestedRecord(replayDiffSchema),
  /** Expectations proposed from what the original did right, for "Save as scenario". */
  proposed_expectations: lenientList(expectationSchema),
  started_at: textish,
  finished_at: textish,
});
export type ReplayPair = z.output<typeof replayPairSchema>;

const countSchema = lenientRecord({ name: openString, count: numberish });

export const replaySetSchema = lenientRecord({
  id: idish,
  assistant_id: nullableIdish,
  status: openString,
  /** What was asked: `{call_ids}` or `{filter}`. */
  source: objectish,
  config_version: openString,
  /** The version before (the assistant's last suite run or replay set), null when there was none. */
  config_version_before: textish,
  config_changes: lenientList(openString),
  pairs_total: numberish,
  pairs_done: numberish,
  pairs_running: numberish,
  verdicts: nestedRecord(lenientRecord({ better: numberish, same: numberish, worse: numberish, unclear: numberish })),
  tools_changed: lenientList(countSchema),
  variables_changed: lenientList(countSchema),
  pairs: lenientList(replayPairSchema).optional(),
  created_at: textish,
  finished_at: textish,
});
export type ReplaySet = z.output<typeof replaySetSchema>;
export const replaySetAnswerSchema = recordAnswer(replaySetSchema);
export const replaySetsPageSchema = paginatedSchema(replaySetSchema);
