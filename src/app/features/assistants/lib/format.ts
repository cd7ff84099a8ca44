import type { Assistant } from '@contract';
import { m } from '@/i18n';
import { DASH } from '@/i18n/format';
import { isAttachedTool } from './attached-tools';

/** The number of mid-call tools attached (built-in ones, such as end_call, do not count). */
export function attachedToolCount(a: Pick<Assistant, 'tools'>): number {
  return a.tools.filter(isAttachedTool).length;
}

/** An assistant's name, or "Assistant 12" when it has none. */
export function assistantName(a: { id: number; name: string }): string {
  return a.name || m.assistants_unnamed({ id: String(a.id) });
}

/** A label of a known value, or undefined (an own key only: "toString" is not a status). */
function known(labels: Record<string, () => string>, key: string): string | undefined {
  return Object.hasOwn(labels, key) ? labels[key]?.() : undefined;
}

const directionLabels: Record<string, () => string> = {
  inbound: m.assistants_direction_inbound,
  outbound: m.assistants_direction_outbound,
};

/** A record's direction in words; one the console does not know shows as sent. */
export function directionLabel(type: string): string {
  return known(directionLabels, type) ?? (type || DASH);
}

const modeLabels: Record<string, () => string> = {
  pipeline: m.assistants_mode_pipeline,
  multimodal: m.assistants_mode_multimodal,
};

export function modeLabel(mode: string): string {
  return known(modeLabels, mode) ?? (mode || DASH);
}

const statusLabels: Record<string, () => string> = {
  active: m.assistants_status_active,
  inactive: m.assistants_status_inactive,
};

/** A record's status in words ("active"); one the console does not know shows as sent. */
export function statusLabel(status: string): string {
  return known(statusLabels, status) ?? (status || DASH);
}

/** "Inbound · Pipeline · active": an assistant's direction, mode and status in one line. */
export function assistantSummary(a: Pick<Assistant, 'type' | 'mode' | 'status'>): string {
  return [directionLabel(a.type), modeLabel(a.mode), statusLabel(a.status)].join(' · ');
}

export function statusColor(status: string): string {
  if (status === 'active') return 'teal';
  if (status === 'inactive') return 'gray';
  return 'yellow';
}
