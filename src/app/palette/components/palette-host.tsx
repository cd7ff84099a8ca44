import { lazy, Suspense } from 'react';
import { useHotkeys } from '@mantine/hooks';
import { togglePalette, usePaletteRequested } from '../open-palette';

/** The palette and @mantine/spotlight: a chunk of their own, fetched on the first opening. */
const Palette = lazy(() => import('./palette'));

/**
 * The command palette's place in the signed-in layout. Ctrl+K / Cmd+K opens it, in a text field too;
 * its code (@mantine/spotlight, the actions and searches) loads on the first opening, not with the page.
 * `openPalette()` (../open-palette) opens it from a button.
 */
export function PaletteHost() {
  // An empty ignore list: the shortcut works while typing in a field as well.
  useHotkeys([['mod+K', () => togglePalette()]], [], true);
  const requested = usePaletteRequested();
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <Palette />
    </Suspense>
  );
}
