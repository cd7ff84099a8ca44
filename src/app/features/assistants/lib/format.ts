import type { Assistant } from '../../../../contract';
import { isAttachedTool } from './form-values';

/** A record's timestamp (ISO, or the older `YYYY-MM-DD HH:MM:SS`) as a short local date (and time). */
export function formatUpdated(value: string | null, withTime = false): string {
  if (!value) return '—';
  const iso = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/.test(value) ? `${value.replace(' ', 'T')}Z` : value;
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return value;
  return d.toLocaleString(undefined, withTime ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' });
}

/** The number of mid-call tools attached (built-in ones, such as end_call, do not count). */
export function attachedToolCount(a: Pick<Assistant, 'tools'>): number {
  return a.tools.filter(isAttachedTool).length;
}

export function directionLabel(type: string): string {
  if (type === 'inbound') return 'Inbound';
  if (type === 'outbound') return 'Outbound';
  return type || '—';
}

export function modeLabel(mode: string): string {
  if (mode === 'pipeline') return 'Pipeline';
  if (mode === 'multimodal') return 'Multimodal';
  return mode || '—';
}

export function statusColor(status: string): string {
  if (status === 'active') return 'teal';
  if (status === 'inactive') return 'gray';
  return 'yellow';
}
