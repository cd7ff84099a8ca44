import { createTheme, localStorageColorSchemeManager } from '@mantine/core';

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
  components: {
    Card: { defaultProps: { withBorder: true, padding: 'lg', radius: 'md' } },
    Paper: { defaultProps: { radius: 'md' } },
    Table: { defaultProps: { verticalSpacing: 'xs', highlightOnHover: true } },
  },
});

/** The light/dark choice survives reloads (localStorage, key `vc-color-scheme`). */
export const colorSchemeManager = localStorageColorSchemeManager({ key: 'vc-color-scheme' });
