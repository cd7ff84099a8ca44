import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { fakeHost, renderWithHost, resetHost } from '@/test/host';
import { callProgress } from '../lib/steps';
import { CallSteps } from './call-steps';
import { LiveCall } from './live-call';

afterEach(resetHost);

function stepStates() {
  return screen.getAllByTestId('call-step').map((el) => `${el.getAttribute('data-step')}:${el.getAttribute('data-state')}`);
}

describe('CallSteps', () => {
  it.each([
    ['completed', 'human', 'Completed', 'The conversation ran to its end.'],
    ['ended_by_customer', 'human', 'Ended by customer', 'The customer hung up.'],
    ['ended_by_assistant', 'machine', 'Ended by assistant', 'A voicemail answered and the assistant hung up.'],
    ['busy', null, 'Busy', 'The line was busy.'],
    ['no-answer', null, 'No answer', 'Nobody picked up.'],
    ['failed', null, 'Failed', 'The call could not be connected.'],
    ['zz-never-heard-of-it', null, 'zz-never-heard-of-it', 'The service reports the status “zz-never-heard-of-it”.'],
  ])('shows the outcome of a %s call in words', (status, answeredBy, label, text) => {
    renderWithProviders(<CallSteps progress={callProgress(status, answeredBy)} />);
    const outcome = screen.getByTestId('call-outcome');
    expect(outcome).toHaveTextContent(label);
    expect(outcome).toHaveTextContent(text);
    expect(screen.getAllByTestId('call-step')).toHaveLength(5);
    expect(screen.getByTestId('call-steps')).not.toHaveAttribute('data-live');
  });

  it('marks the steps an unanswered call skipped', () => {
    renderWithProviders(<CallSteps progress={callProgress('no-answer', null)} />);
    expect(stepStates()).toEqual(['initiated:done', 'ringing:done', 'in-progress:skipped', 'ended:skipped', 'outcome:done']);
    expect(screen.getByText('Not answered')).toBeInTheDocument();
  });

  it('has no outcome while the call rings', () => {
    renderWithProviders(<CallSteps progress={callProgress('ringing', null)} />);
    expect(stepStates()).toEqual(['initiated:done', 'ringing:current', 'in-progress:waiting', 'ended:waiting', 'outcome:waiting']);
    expect(screen.queryByTestId('call-outcome')).toBeNull();
    expect(screen.getByTestId('call-steps')).toHaveAttribute('data-live', 'true');
  });
});

describe('LiveCall', () => {
  it('follows the call until it ends, then shows its transcript and recording', async () => {
    const statuses = ['ringing', 'in-progress', 'completed'];
    let reads = 0;
    fakeHost(({ path }) => {
      if (path !== '/user/calls/33') return undefined;
      const status = statuses[Math.min(reads, statuses.length - 1)]!;
      reads += 1;
      const done = status === 'completed';
      return {
        body: {
          id: 33,
          status,
          type: 'outbound',
          client_phone_number: '+12025550100',
          answered_by: done ? 'human' : null,
          duration: done ? 6 : 0,
          transcript: done ? 'AI: Hello Ada, this is <b>Max</b>.\nUser: Hi!' : '',
          recording_url: done ? 'http://127.0.0.1/api/recordings/abc.wav' : null,
          total_cost: done ? 0.02 : 0,
        },
      };
    });
    renderWithHost(() => <LiveCall callId={33} />);
    expect(await screen.findByText('Call #33 to +12025550100')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('call-outcome')).toHaveTextContent('Completed'), { timeout: 6000 });
    expect(reads).toBeGreaterThanOrEqual(3);
    const transcript = screen.getByRole('list', { name: 'Transcript' });
    // Markup in a transcript stays text.
    expect(within(transcript).getByText('Hello Ada, this is <b>Max</b>.')).toBeInTheDocument();
    expect(screen.getByTestId('recording-player')).toBeInTheDocument();
    expect(screen.getByTestId('live-call-duration')).toHaveTextContent('0:06');
    // Ended: no more reads.
    const after = reads;
    await new Promise((r) => setTimeout(r, 1500));
    expect(reads).toBe(after);
  });
});
