import { GROUP_COLORS, type GroupColor } from '@contract/folders';
import { m } from '@/i18n';

/*
 * The hosted API's badge colours (Tailwind's names) in Mantine's palette, and their words. A colour the
 * console does not know (a newer host) shows as gray: the badge carries its name, so nothing is lost.
 */
const MANTINE: Record<GroupColor, string> = {
  gray: 'gray',
  slate: 'dark',
  red: 'red',
  orange: 'orange',
  amber: 'yellow',
  green: 'green',
  teal: 'teal',
  blue: 'blue',
  purple: 'violet',
  pink: 'pink',
};

export function isGroupColor(color: string | null | undefined): color is GroupColor {
  return typeof color === 'string' && (GROUP_COLORS as readonly string[]).includes(color);
}

/** The Mantine colour of a folder's or label's colour; gray for none or one the console does not know. */
export function groupMantineColor(color: string | null | undefined): string {
  return isGroupColor(color) ? MANTINE[color] : 'gray';
}

/** The colour's word in the reader's language (for the colour picker, where the swatch is not enough). */
export function groupColorLabel(color: GroupColor): string {
  const labels: Record<GroupColor, () => string> = {
    gray: m.folders_color_gray,
    slate: m.folders_color_slate,
    red: m.folders_color_red,
    orange: m.folders_color_orange,
    amber: m.folders_color_amber,
    green: m.folders_color_green,
    teal: m.folders_color_teal,
    blue: m.folders_color_blue,
    purple: m.folders_color_purple,
    pink: m.folders_color_pink,
  };
  return labels[color]();
}
