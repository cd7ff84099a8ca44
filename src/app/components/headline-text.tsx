import { Text, type TextProps } from '@mantine/core';
import type { HeadlineSegment } from '@contract/knowledge-read';

/**
 * A passage's excerpt with the words a search matched marked: the service sends the excerpt as text
 * segments (`{text, match}`), so each is a text node, matched ones inside <mark>. Nothing from the service
 * is ever read as HTML. Without segments, the plain excerpt.
 */
export function HeadlineText({ headline, excerpt, ...props }: { headline: readonly HeadlineSegment[]; excerpt: string } & TextProps) {
  const segments = headline.some((s) => s.text !== '') ? headline : [{ text: excerpt, match: false }];
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="headline" {...props}>
      {segments.map((segment, i) =>
        segment.match ? (
          <mark key={i} style={{ background: 'var(--mantine-color-yellow-light)', color: 'inherit', fontWeight: 600, padding: '0 1px', borderRadius: 2 }}>
            {segment.text}
          </mark>
        ) : (
          <span key={i}>{segment.text}</span>
        ),
      )}
    </Text>
  );
}
