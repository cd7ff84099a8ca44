import { m } from '@/i18n';

/** The confirmation texts of a replay, loaded with the press: the call log's pages carry only the button's label. */
export function replayConfirmText(kind: 'call' | 'filter'): string {
  return kind === 'call' ? m.replays_confirm_call() : m.replays_confirm_filter();
}

export const replayConfirmTitle = () => m.replays_confirm_title();
export const replayStartLabel = () => m.replays_start();
