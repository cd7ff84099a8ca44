/*
 * A call's way through the engine as steps: initiated → ringing → in progress → ended → outcome. The
 * call record only says where it is now; which steps it passed is read from that (an answered outcome
 * passed them all; busy and no-answer rang but were never answered; failed may not even have rung), plus
 * the statuses this view saw on the way.
 */

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

const LABELS: Record<StepKey, string> = {
  initiated: 'Initiated',
  ringing: 'Ringing',
  'in-progress': 'In progress',
  ended: 'Ended',
  outcome: 'Outcome',
};

const LIVE_INDEX: Record<string, number> = { initiated: 0, ringing: 1, 'in-progress': 2, ended: 4 };

function outcomeOf(status: string, answeredBy: string | null): CallOutcome | null {
  const machine = answeredBy === 'machine';
  switch (status) {
    case 'completed':
      return { color: 'green', label: 'Completed', text: machine ? 'A voicemail answered; the assistant left its message.' : 'The conversation ran to its end.', answered: true };
    case 'ended_by_customer':
      return { color: 'lime', label: 'Ended by customer', text: 'The customer hung up.', answered: true };
    case 'ended_by_assistant':
      return { color: 'grape', label: 'Ended by assistant', text: machine ? 'A voicemail answered and the assistant hung up.' : 'The assistant ended the call.', answered: true };
    case 'busy':
      return { color: 'orange', label: 'Busy', text: 'The line was busy.', answered: false };
    case 'no-answer':
      return { color: 'yellow', label: 'No answer', text: 'Nobody picked up.', answered: false };
    case 'failed':
      return { color: 'red', label: 'Failed', text: 'The call could not be connected.', answered: false };
    default:
      return null;
  }
}

function step(key: StepKey, state: StepState, note: string | null = null): CallStep {
  return { key, label: LABELS[key], state, note };
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
    const outcome: CallOutcome = { color: 'teal', label: 'Ended', text: 'The call ended; the service gave no other outcome.', answered: answeredBy !== null };
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
      step(key, i < liveIndex ? 'done' : i === liveIndex ? 'current' : 'waiting', key === 'outcome' && status === 'ended' ? 'Waiting for the outcome' : null),
    );
    return { steps, live: true, outcome: null, active: liveIndex };
  }

  const outcome = outcomeOf(status, answeredBy);
  if (outcome === null) {
    // A status nobody told this console about: shown as it came; the steps cannot be known.
    const text = status === '' ? 'The service sent no status for this call.' : `The service reports the status “${status}”.`;
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
      rang ? step('ringing', 'done') : step('ringing', 'skipped', 'Did not ring'),
      step('in-progress', 'skipped', 'Not answered'),
      step('ended', 'skipped'),
      step('outcome', 'done', outcome.label),
    ],
    live: false,
    outcome,
    active: STEP_KEYS.length,
  };
}
