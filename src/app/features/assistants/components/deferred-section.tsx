import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Card, Skeleton, Stack, Title } from '@mantine/core';
import type { AssistantSectionId } from '../lib/sections';

/**
 * How far off the screen a part starts loading: half a screen, so it is there before it is reached. (A whole
 * screen would reach the Conversation section from the top of the page, at 1280×800, and load it at once.)
 */
const NEAR = '50% 0px';

/**
 * Holds a lower part of the assistant form back until it is needed: when it comes within half a screen,
 * or `force` (the person started working in the form, or one of its fields has an error). Until then a
 * placeholder of about its height keeps the page's length, and its id, so the section links still land.
 * Without IntersectionObserver (tests, old browsers) it mounts at once.
 */
export function Deferred({ force, placeholder, children }: { force: boolean; placeholder: ReactNode; children: ReactNode }) {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const box = useRef<HTMLDivElement>(null);
  const show = near || force;
  useEffect(() => {
    const el = box.current;
    if (show || !el) return;
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setNear(true);
    }, { rootMargin: NEAR });
    io.observe(el);
    return () => io.disconnect();
  }, [show]);
  if (!show) return <div ref={box}>{placeholder}</div>;
  return <Suspense fallback={placeholder}>{children}</Suspense>;
}

/** A section's stand-in: its card, id and heading, with grey bars where its fields will be. */
export function SectionPlaceholder({ id, title, height }: { id?: AssistantSectionId; title?: string; height: number }) {
  return (
    <Card withBorder padding="lg" id={id ? `section-${id}` : undefined} style={{ scrollMarginTop: 72 }} aria-busy>
      <Stack gap="md">
        {title ? (
          <Title order={2} size="h4">
            {title}
          </Title>
        ) : null}
        <Skeleton height={height} radius="sm" />
      </Stack>
    </Card>
  );
}
