/**
 * The command palette's place in the signed-in layout. Ctrl+K / Cmd+K opens it; its code
 * (@mantine/spotlight, the actions and searches) loads on the first opening, not with the page.
 * (Being built: issue 14.)
 */
export function PaletteHost() {
  return null;
}
