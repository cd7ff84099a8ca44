import { Badge, Text } from '@mantine/core';
import { DASH } from '@/i18n/format';
import { statusLabel } from '@/lib/call-labels';
import { statusColor } from '@/lib/call-status';

/*
 * Mantine's light Badge drawn as its two elements with the Badge's own classes and variables: a badge
 * per table row, where the Badge component (props resolution, style props, a Box) cost three renders a
 * row after each filter change. The markup is what <Badge color variant="light" radius="sm"> renders.
 */
const ROOT = `${Badge.classes.root} mantine-Badge-root`;
const LABEL = `${Badge.classes.label} mantine-Badge-label`;
const styleCache = new Map<string, React.CSSProperties>();
function badgeStyle(color: string): React.CSSProperties {
  let style = styleCache.get(color);
  if (!style) {
    style = {
      '--badge-radius': 'var(--mantine-radius-sm)',
      '--badge-bg': `var(--mantine-color-${color}-light)`,
      '--badge-color': `var(--mantine-color-${color}-light-color)`,
      '--badge-bd': 'calc(0.0625rem * var(--mantine-scale)) solid transparent',
      minWidth: 'max-content',
      fontWeight: 600,
      textTransform: 'none',
    } as React.CSSProperties;
    styleCache.set(color, style);
  }
  return style;
}

/**
 * A coloured badge for a known status, its word in the reader's language on it (the colour is never the
 * only sign); an unknown status as plain text, exactly as it came.
 */
export function CallStatusBadge({ status }: { status: string }) {
  const color = statusColor(status);
  if (!color) {
    return (
      <Text span inherit data-status={status}>
        {status || DASH}
      </Text>
    );
  }
  return (
    <div className={ROOT} data-variant="light" data-status={status} style={badgeStyle(color)}>
      <span className={LABEL}>{statusLabel(status)}</span>
    </div>
  );
}
