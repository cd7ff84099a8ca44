import { createTheme, localStorageColorSchemeManager } from '@mantine/core';
import { m } from './i18n';

/*
 * Component defaults as plain objects, not `Card.extend(...)`: extend would import each component
 * into the entry chunk (Table pulls ScrollArea and the popover engine), which the sign-in page loads.
 */
export const theme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'md',
  fontFamily:
    'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  fontFamilyMonospace: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
  headings: { fontWeight: '650' },
  cursorType: 'pointer',
  // Accessibility: a visible ring on every control reached by the keyboard (never hidden in styles/), and
  // no sliding or fading for people whose system asks for reduced motion.
  focusRing: 'auto',
  respectReducedMotion: true,
  components: {
    Card: { defaultProps: { withBorder: true, padding: 'lg', radius: 'md' } },
    Paper: { defaultProps: { radius: 'md' } },
    Table: { defaultProps: { verticalSpacing: 'xs', highlightOnHover: true } },
    // Names for icon-only controls Mantine draws itself (drawer, modal and notification close buttons,
    // pagination arrows). Functions: Mantine calls them when rendering, so they read the current language.
    CloseButton: { defaultProps: () => ({ 'aria-label': m.common_close() }) },
    Pagination: {
      defaultProps: () => ({
        getControlProps: (control: string) =>
          control === 'previous' ? { 'aria-label': m.common_previous() } : control === 'next' ? { 'aria-label': m.common_next() } : {},
      }),
    },
    // The menu's focus placeholder (role=presentation) is not allowed inside role=menu; the menu focuses
    // its first item when opened from the keyboard without it.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    // A link inside a sentence must not be told apart by colour alone (WCAG 1.4.1): underlined.
    Anchor: { defaultProps: { underline: 'always' } },
  },
});

/** The light/dark choice survives reloads (localStorage, key `vc-color-scheme`). */
export const colorSchemeManager = localStorageColorSchemeManager({ key: 'vc-color-scheme' });
