import { NumberInput } from '@mantine/core';
import { m } from '@/i18n';
import { LATENCY_P95_MAX_MS } from '../lib/search';

export interface LatencyInputProps {
  value: string | number;
  onChange: (value: string | number) => void;
  /** Enter: send what is typed without waiting for the pause. */
  onEnter: () => void;
}

/**
 * The latency filter's box: milliseconds with their unit, arrows in steps of 100, held within the
 * service's bounds. Its own module (loaded on demand by the filter bar) because NumberInput and the
 * number formatting under it are about 9 KB gzip, most of what the call log's first load would add.
 */
export default function LatencyInput({ value, onChange, onEnter }: LatencyInputProps) {
  return (
    <NumberInput
      label={m.calls_filter_latency()}
      placeholder={m.calls_filter_any()}
      suffix={m.calls_filter_latency_suffix()}
      min={0}
      max={LATENCY_P95_MAX_MS}
      step={100}
      allowDecimal={false}
      allowNegative={false}
      clampBehavior="blur"
      value={value}
      onChange={onChange}
      onKeyDown={(e) => {
        if (e.key === 'Enter') onEnter();
      }}
      data-testid="latency-filter"
    />
  );
}
