/*
 * Statuses of knowledge bases and documents. The hosted documentation names `empty`, `processing`,
 * `active` and `failed`; the local service may say `ready` where the host says `active`. Both read as
 * ready here; a status neither knows is shown as the host sent it.
 */

export type KnownStatus = 'empty' | 'processing' | 'ready' | 'failed';

const ALIASES: Record<string, KnownStatus> = {
  empty: 'empty',
  processing: 'processing',
  pending: 'processing',
  queued: 'processing',
  ready: 'ready',
  active: 'ready',
  completed: 'ready',
  failed: 'failed',
  error: 'failed',
};

/** The status as the console knows it, or null for one it does not. */
export function knownStatus(status: string): KnownStatus | null {
  return ALIASES[status.trim().toLowerCase()] ?? null;
}

export function isProcessing(status: string): boolean {
  return knownStatus(status) === 'processing';
}
