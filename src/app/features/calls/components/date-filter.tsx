import '@mantine/dates/styles.css';
import { DatePickerInput, type DatesRangeValue } from '@mantine/dates';
import { useEffect, useRef } from 'react';
import { m } from '@/i18n';

/** The date picker's controls, named in the reader's language. */
function calendarLabels() {
  return {
    previousMonth: m.calls_date_previous_month(),
    nextMonth: m.calls_date_next_month(),
    previousYear: m.calls_date_previous_year(),
    nextYear: m.calls_date_next_year(),
    previousDecade: m.calls_date_previous_decade(),
    nextDecade: m.calls_date_next_decade(),
    monthLevelControl: m.calls_date_month_level(),
    yearLevelControl: m.calls_date_year_level(),
  };
}

export interface DateFilterProps {
  value: DatesRangeValue<string>;
  onChange: (value: DatesRangeValue<string>) => void;
  /** Mounted by a click on the stand-in button: that click meant "open", so open and keep the focus. */
  openOnMount?: boolean;
  onOpened?: () => void;
}

/**
 * The date range filter. Its own module (loaded on demand by the filter bar) because @mantine/dates'
 * calendar is a good part of the call log's first load and most visits never touch it.
 */
export default function DateFilter({ value, onChange, openOnMount = false, onOpened }: DateFilterProps) {
  const button = useRef<HTMLButtonElement>(null);
  // Strict mode runs effects twice; a second click would close the picker again.
  const opened = useRef(false);
  useEffect(() => {
    if (!openOnMount || opened.current) return;
    opened.current = true;
    button.current?.focus();
    button.current?.click();
    onOpened?.();
  }, [openOnMount, onOpened]);

  return (
    <DatePickerInput
      ref={button}
      type="range"
      label={m.calls_filter_date()}
      placeholder={m.calls_filter_any()}
      valueFormat={m.calls_filter_date_format()}
      ariaLabels={calendarLabels()}
      clearButtonProps={{ 'aria-label': m.calls_filter_clear_date() }}
      value={value}
      onChange={(picked) => onChange([picked[0] ? String(picked[0]).slice(0, 10) : null, picked[1] ? String(picked[1]).slice(0, 10) : null])}
      allowSingleDateInRange
      clearable
      maxDate={new Date()}
      popoverProps={{ withinPortal: true }}
    />
  );
}
