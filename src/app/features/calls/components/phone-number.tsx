import { Text } from '@mantine/core';
import { formatNational } from '../../../../contract/phone';

/** A number in national format, its E.164 form on hover. The call pages are the only importers. */
export function PhoneNumber({ value }: { value: string | null }) {
  if (!value) {
    return (
      <Text span inherit c="dimmed">
        –
      </Text>
    );
  }
  const national = value.startsWith('+') ? formatNational(value) : value;
  return (
    <Text span inherit title={value} style={{ whiteSpace: 'nowrap' }} data-e164={value}>
      {national}
    </Text>
  );
}
