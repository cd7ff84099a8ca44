/*
 * A call's way through the engine as steps: initiated → ringing → in progress → ended → outcome. The
 * call record only says where it is now; which steps it passed is read from that (an answered outcome
 * passed them all; busy and no-answer rang but were never answered; failed may not even have rung), plus
 * the statuses this view saw on the way.
 */

import { m } from '@/i18n';

export const STEP_KEYS = ['initiated', 'ringing', 'in-progress', 'ended', 'outcome'] as const;
export type StepKey = (typeof STEP_KEYS)[number];
export type StepState = 'done' | 'current' | 'skipped' | 'waiting';

export interface CallStep {
  key: StepKey;
  label: string;
  state: StepState;
  /** A word under the step: when it is skipped, why; the outcome's name. */
  note: string | null;
}

export interface CallOutcome {
  /** Badge colour; null for a status the console does not know. */
  color: string | null;
  label: string;
  /** What happened, in a sentence. */
  text: string;
  /** The call reached a person or a machine. */
  answered: boolean;
}

export interface CallProgress {
  steps: CallStep[];
  /** The call still changes: keep looking. */
  live: boolean;
  /** Null while the call is under way. */
  outcome: CallOutcome | null;
  /** Index of the step in progress (steps.length once all are through), for a stepper. */
  active: number;
}

const LABELS: Record<StepKey, () => string> = {
  initiated: m.testcall_step_initiated,
  ringing: m.testcall_step_ringing,
  'in-progress': m.testcall_step_in_progress,
  ended: m.testcall_step_ended,
  outcome: m.testcall_step_outcome,
};

const LIVE_INDEX: Record<string, number> = { initiated: 0, ringing: 1, 'in-progress': 2, ended: 4 };

function outcomeOf(status: string, answeredBy: string | null): CallOutcome | null {
  const machine = answeredBy === 'machine';
  switch (status) {
    case 'completed':
      return {
        color: 'green',
        label: m.testcall_outcome_completed(),
        text: machine ? m.testcall_outcome_completed_machine() : m.testcall_outcome_completed_text(),
        answered: true,
      };
    case 'ended_by_customer':
      return { color: 'lime', label: m.testcall_outcome_by_customer(), text: m.testcall_outcome_by_customer_text(), answered: true };
    case 'ended_by_assistant':
      return {
        color: 'grape',
        label: m.testcall_outcome_by_assistant(),
        text: machine ? m.testcall_outcome_by_assistant_machine() : m.testcall_outcome_by_assistant_text(),
        answered: true,
      };
    case 'busy':
      return { color: 'orange', label: m.testcall_outcome_busy(), text: m.testcall_outcome_busy_text(), answered: false };
    case 'no-answer':
      return { color: 'yellow', label: m.testcall_outcome_no_answer(), text: m.testcall_outcome_no_answer_text(), answered: false };
    case 'failed':
      return { color: 'red', label: m.testcall_outcome_failed(), text: m.testcall_outcome_failed_text(), answered: false };
    default:
      return null;
  }
}

function step(key: StepKey, state: StepState, note: string | null = null): CallStep {
  return { key, label: LABELS[key](), state, note };
}

/**
 * The steps of a call in `status`. `seen`: statuses observed earlier (a failed call that was seen ringing
 * rang). `endedIsFinal`: a host that leaves calls at `ended` (the hosted service's plain final status).
 */
export function callProgress(
  status: string,
  answeredBy: string | null,
  options: { seen?: ReadonlySet<string>; endedIsFinal?: boolean } = {},
): CallProgress {
  const seen = options.seen ?? new Set<string>();

  if (status === 'ended' && options.endedIsFinal) {
    const outcome: CallOutcome = { color: 'teal', label: m.testcall_outcome_ended(), text: m.testcall_outcome_ended_text(), answered: answeredBy !== null };
    return {
      steps: [step('initiated', 'done'), step('ringing', 'done'), step('in-progress', 'done'), step('ended', 'done'), step('outcome', 'done', outcome.label)],
      live: false,
      outcome,
      active: STEP_KEYS.length,
    };
  }

  const liveIndex = LIVE_INDEX[status];
  if (liveIndex !== undefined) {
    // While under way: everything before the current step is through. `ended` is the hang-up; the
    // outcome follows a moment later.
    const steps = STEP_KEYS.map((key, i) =>
      step(key, i < liveIndex ? 'done' : i === liveIndex ? 'current' : 'waiting', key === 'outcome' && status === 'ended' ? m.testcall_waiting_for_outcome() : null),
    );
    return { steps, live: true, outcome: null, active: liveIndex };
  }

  const outcome = outcomeOf(status, answeredBy);
  if (outcome === null) {
    // A status nobody told this console about: shown as it came; the steps cannot be known.
    const text = status === '' ? m.testcall_outcome_no_status() : m.testcall_outcome_unknown({ status });
    return {
      steps: STEP_KEYS.map((key) => step(key, key === 'outcome' ? 'done' : 'waiting', key === 'outcome' ? status || '—' : null)),
      live: false,
      outcome: { color: null, label: status || '—', text, answered: false },
      active: STEP_KEYS.length,
    };
  }

  if (outcome.answered) {
    return {
      steps: STEP_KEYS.map((key) => step(key, 'done', key === 'outcome' ? outcome.label : null)),
      live: false,
      outcome,
      active: STEP_KEYS.length,
    };
  }

  // Never answered: busy and no-answer rang; failed rang only if it was seen ringing.
  const rang = status !== 'failed' || seen.has('ringing') || seen.has('in-progress');
  return {
    steps: [
      step('initiated', 'done'),
      rang ? step('ringing', 'done') : step('ringing', 'skipped', m.testcall_did_not_ring()),
      step('in-progress', 'skipped', m.testcall_not_answered()),
      step('ended', 'skipped'),
      step('outcome', 'done', outcome.label),
    ],
    live: false,
    outcome,
    active: STEP_KEYS.length,
  };
}
