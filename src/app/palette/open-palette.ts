import { useSyncExternalStore } from 'react';

/*
 * The command palette's switch, without the palette: tiny on purpose, so a header button (or anything
 * else in the entry chunk) can open it while its code (@mantine/spotlight, the searches) still loads on
 * the first opening only. `PaletteHost` mounts the palette once one was asked for; the palette then
 * registers how it opens and closes, and takes over an opening asked for while it was loading.
 */

type Command = 'open' | 'toggle';

let control: ((command: Command) => void) | null = null;
let pending = false;
let requested = false;
const listeners = new Set<() => void>();

function request() {
  pending = true;
  if (requested) return;
  requested = true;
  listeners.forEach((l) => l());
}

/** Opens the command palette (loading it first, the first time). */
export function openPalette(): void {
  if (control) control('open');
  else request();
}

/** Ctrl+K / Cmd+K: opens the palette, or closes it when it is open. */
export function togglePalette(): void {
  if (control) control('toggle');
  else request();
}

/** The palette, once loaded: how it opens; an opening asked for meanwhile happens now. */
export function registerPalette(handler: (command: Command) => void): () => void {
  control = handler;
  if (pending) {
    pending = false;
    handler('open');
  }
  return () => {
    if (control === handler) control = null;
  };
}

/** Whether the palette was ever asked for (then its code is loaded and it stays mounted). */
export function usePaletteRequested(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => requested,
    () => false,
  );
}
