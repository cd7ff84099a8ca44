import { Button, type MantineSize } from '@mantine/core';
import { changeLocale, currentLocale, localeNames, locales, m } from '@/i18n';

/**
 * English / Deutsch, each named in its own language, as two toggle buttons (the one in use pressed).
 * Choosing one reloads the page in it (and keeps it for the next visits); on the sign-in page and in
 * Settings. Buttons, not a SegmentedControl: the sign-in page already loads Button, and the segmented
 * control with its sliding indicator was ~2 KB of that page's JavaScript (`npm run size`).
 */
export function LanguageSwitch({
  size = 'xs',
  'aria-label': ariaLabel = m.common_language(),
  'aria-labelledby': ariaLabelledBy,
}: {
  size?: MantineSize;
  'aria-label'?: string | undefined;
  'aria-labelledby'?: string;
}) {
  const current = currentLocale();
  return (
    <Button.Group aria-label={ariaLabelledBy ? undefined : ariaLabel} aria-labelledby={ariaLabelledBy}>
      {locales.map((l) => (
        <Button
          key={l}
          size={size}
          variant={l === current ? 'filled' : 'default'}
          aria-pressed={l === current}
          lang={l}
          onClick={() => {
            if (l !== current) changeLocale(l);
          }}
        >
          {localeNames[l]}
        </Button>
      ))}
    </Button.Group>
  );
}
