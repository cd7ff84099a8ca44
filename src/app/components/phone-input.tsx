import { useId, useMemo } from 'react';
import { Group, Input, Select, Text, TextInput, type ComboboxParsedItem } from '@mantine/core';
import { m } from '@/i18n';
import { currentLocale } from '@/i18n/locale';
import {
  countryOptions,
  e164Of,
  formatAsYouType,
  isCountryCode,
  normalizeOnBlur,
  type CountryCode,
  type PhoneValue,
} from '@/lib/phone';

export interface PhoneInputProps {
  label: string;
  value: PhoneValue;
  onChange: (value: PhoneValue) => void;
  onBlur?: () => void;
  error?: string;
  required?: boolean;
  disabled?: boolean;
  description?: string;
  /** Name of the text field (forms, tests). */
  name?: string;
  inputRef?: React.Ref<HTMLInputElement>;
}

function countryFilter(search: string, options: ComboboxParsedItem[]) {
  const q = search.trim().toLowerCase().replace(/^\+/, '');
  if (q === '') return options;
  const byCode = new Map(countryOptions().map((o) => [o.value as string, o]));
  return options.filter((item) => {
    if (!('value' in item)) return false;
    const o = byCode.get(String(item.value));
    if (!o) return false;
    return o.name.toLowerCase().includes(q) || o.value.toLowerCase() === q || o.callingCode.startsWith(q);
  });
}

/**
 * A phone number field: a country picker and the number, formatted as it is typed in that country's
 * national format (or international after a leading "+", which picks the country by itself). The value
 * keeps what the person typed and the country; the E.164 the API receives is shown under the field.
 */
export function PhoneInput({ label, value, onChange, onBlur, error, required, disabled, description, name, inputRef }: PhoneInputProps) {
  const id = useId();
  const data = useMemo(() => countryOptions().map((o) => ({ value: o.value as string, label: `${o.value} +${o.callingCode}` })), []);
  const names = useMemo(() => new Map(countryOptions().map((o) => [o.value as string, o.name])), []);
  const e164 = e164Of(value);

  const hint =
    e164 !== null ? (
      <Text span size="xs" c="dimmed" data-testid="phone-e164">
        {m.leads_phone_saved_as({ e164 })}
      </Text>
    ) : (
      description
    );

  return (
    <Input.Wrapper label={label} required={required} error={error} description={hint} id={`${id}-number`} inputWrapperOrder={['label', 'input', 'description', 'error']}>
      <Group gap={6} wrap="nowrap" align="flex-start">
        <Select
          // "Country of phone number": English writes the field's name small mid-sentence; German nouns keep their capital.
          aria-label={m.leads_phone_country_of({ field: currentLocale() === 'en' ? label.toLowerCase() : label })}
          data={data}
          value={value.country}
          onChange={(code) => {
            if (!isCountryCode(code)) return;
            onChange({ country: code as CountryCode, text: value.text });
          }}
          searchable
          allowDeselect={false}
          filter={({ options, search }) => countryFilter(search, options)}
          renderOption={({ option }) => (
            <Group gap="xs" wrap="nowrap">
              <Text size="sm" fw={500} w={28}>
                {option.value}
              </Text>
              <Text size="sm">{names.get(option.value) ?? option.value}</Text>
              <Text size="sm" c="dimmed">
                {option.label.slice(option.value.length + 1)}
              </Text>
            </Group>
          )}
          comboboxProps={{ width: 300, position: 'bottom-start' }}
          maxDropdownHeight={280}
          w={112}
          style={{ flexShrink: 0 }}
          disabled={disabled}
          error={error ? true : undefined}
          nothingFoundMessage={m.leads_phone_no_country()}
        />
        <TextInput
          id={`${id}-number`}
          ref={inputRef}
          name={name}
          style={{ flex: 1, minWidth: 0 }}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder={m.leads_field_phone_number()}
          value={value.text}
          disabled={disabled}
          error={error ? true : undefined}
          aria-invalid={error ? true : undefined}
          onChange={(e) => {
            const el = e.currentTarget;
            const atEnd = el.selectionStart === null || el.selectionStart >= el.value.length;
            // Formatting while the caret is in the middle would move it: format at the end only, and
            // on blur.
            if (!atEnd) {
              onChange({ country: value.country, text: el.value });
              return;
            }
            const next = formatAsYouType(el.value, value.text, value.country);
            onChange({ country: next.country, text: next.text });
          }}
          onBlur={() => {
            const normalized = normalizeOnBlur(value);
            if (normalized.text !== value.text || normalized.country !== value.country) onChange(normalized);
            onBlur?.();
          }}
        />
      </Group>
    </Input.Wrapper>
  );
}
