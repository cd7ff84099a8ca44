import { SegmentedControl, type SegmentedControlProps } from '@mantine/core';
import { changeLocale, currentLocale, localeNames, locales, m, type Locale } from '@/i18n';

/**
 * English / Deutsch, each named in its own language. Choosing one reloads the page in it (and keeps it
 * for the next visits); on the sign-in page and in Settings.
 */
export function LanguageSwitch(props: Omit<SegmentedControlProps, 'data' | 'value' | 'onChange'>) {
  return (
    <SegmentedControl
      aria-label={m.common_language()}
      size="xs"
      {...props}
      value={currentLocale()}
      onChange={(value) => changeLocale(value as Locale)}
      data={locales.map((l) => ({ value: l, label: <span lang={l}>{localeNames[l]}</span> }))}
    />
  );
}
