import type { Lead } from '@contract/lead';
import { customerEmail, customerName } from './format';
import { formatNational } from '@/lib/phone';
import type { LeadListParams, LeadSort } from './list-params';

/*
 * Filtering, sorting and paging of the whole fetched list, in the browser (the API has no list
 * parameters for leads). Search looks at name, email and phone numbers (the lead's and its secondary
 * contacts'), phone digits in either national or international writing.
 */

const digits = (s: string) => s.replace(/\D/g, '');

function phoneMatches(e164: string, q: string): boolean {
  const d = digits(q);
  if (d.length < 3) return e164.includes(q);
  return digits(e164).includes(d) || digits(formatNational(e164)).includes(d);
}

export function filterLeads(leads: readonly Lead[], params: Pick<LeadListParams, 'campaign' | 'status' | 'q'>): Lead[] {
  const q = params.q.trim().toLowerCase();
  return leads.filter((lead) => {
    if (params.campaign !== undefined && lead.campaign_id !== params.campaign && lead.campaign?.id !== params.campaign) return false;
    if (params.status !== undefined && lead.status !== params.status) return false;
    if (q === '') return true;
    if (customerName(lead).toLowerCase().includes(q) || customerEmail(lead).toLowerCase().includes(q)) return true;
    if (lead.phone_number && phoneMatches(lead.phone_number, q)) return true;
    return lead.secondary_contacts.some((c) => c.phone_number !== null && phoneMatches(c.phone_number, q));
  });
}

function sortValue(lead: Lead, sort: LeadSort): string | number {
  switch (sort) {
    case 'created':
      return lead.created_at ?? '';
    case 'phone':
      return lead.phone_number ?? '';
    case 'name':
      return customerName(lead).toLowerCase();
    case 'email':
      return customerEmail(lead).toLowerCase();
    case 'campaign':
      return (lead.campaign?.name ?? '').toLowerCase();
    case 'status':
      return lead.status;
    case 'contacts':
      return lead.secondary_contacts.length;
  }
}

/** A stable sort; ties keep the newer lead (higher id) first, empty values go last either way. */
export function sortLeads(leads: readonly Lead[], sort: LeadSort, dir: 'asc' | 'desc'): Lead[] {
  const sign = dir === 'asc' ? 1 : -1;
  return [...leads].sort((a, b) => {
    const va = sortValue(a, sort);
    const vb = sortValue(b, sort);
    const emptyA = va === '';
    const emptyB = vb === '';
    if (emptyA !== emptyB) return emptyA ? 1 : -1;
    if (va < vb) return -sign;
    if (va > vb) return sign;
    return b.id - a.id;
  });
}

export interface Page<T> {
  items: T[];
  /** The page shown (clamped to the last one). */
  page: number;
  pages: number;
  /** 1-based positions of the first and last item shown; 0 when empty. */
  from: number;
  to: number;
  total: number;
}

export function pageOf<T>(items: readonly T[], page: number, perPage: number): Page<T> {
  const pages = Math.max(1, Math.ceil(items.length / perPage));
  const p = Math.min(Math.max(1, page), pages);
  const start = (p - 1) * perPage;
  const slice = items.slice(start, start + perPage);
  return { items: slice, page: p, pages, from: slice.length ? start + 1 : 0, to: start + slice.length, total: items.length };
}
