import { formatNational } from '@contract/phone';
import { DASH } from '@/i18n/format';

/*
 * A number in national format, its E.164 form on hover. Plain spans (two in every table row): nothing
 * here needs Mantine's style props. The call pages, the live calls table and the campaign progress show it.
 */
export function PhoneNumber({ value }: { value: string | null }) {
  if (!value) return <span style={{ color: 'var(--mantine-color-dimmed)' }}>{DASH}</span>;
  const national = value.startsWith('+') ? formatNational(value) : value;
  return (
    <span title={value} style={{ whiteSpace: 'nowrap' }} data-e164={value}>
      {national}
    </span>
  );
}
