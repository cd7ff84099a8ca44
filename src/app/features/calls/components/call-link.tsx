import { Anchor, Text } from '@mantine/core';
import { createContext, useContext, useRef, type MouseEvent, type ReactNode } from 'react';
import type { Call } from '@contract/call';
import { m } from '@/i18n';

/*
 * The link to a call in the log's first column: a plain <a> with the classes and attributes Mantine's
 * <Anchor inherit c="inherit" underline="hover"> puts on it. The router's Link (through createLink)
 * built and matched a location per row and drew five components (the link, Anchor, Text, Box) for each
 * of a page's rows after every filter change. What it did is kept: the href with the log's query (a new
 * tab opens the same view), a plain click opens the drawer in place, a modified or middle click is the
 * browser's, and the call is preloaded when the pointer rests on the link or it takes the focus.
 * call-link.test.tsx renders it beside the router's Link through Anchor and fails when the two drift apart.
 * Not kept: a router basepath (the console has none; the test says so) and the Link's preload at the first
 * touch (a touch here preloads after the same 50 ms as a pointer).
 */
const LINK_CLASS = `mantine-focus-auto ${Anchor.classes.root} ${Text.classes.root} mantine-Text-root mantine-Anchor-root`;
/** The router's Link marks the link to the current page with the `active` class and data-status as well. */
const LINK_CLASS_ACTIVE = `${LINK_CLASS} active`;
const INHERIT_COLOR = { color: 'inherit' } as const;
/** The router's own delay before a preload on intent: a pointer crossing the table preloads nothing. */
const PRELOAD_DELAY_MS = 50;

/**
 * The log's query string ("?status=failed…") for the links: a context, so a change of the query redraws
 * the links alone and not the rows around them.
 */
export const CallLinkSearch = createContext('');

interface Props {
  call: Call;
  /** The open call's link is the current page (aria-current), as the router's Link marked it. */
  current: boolean;
  onOpen: (call: Call) => void;
  onIntent: (call: Call) => void;
  children: ReactNode;
}

export function CallLink({ call, current, onOpen, onIntent, children }: Props) {
  const search = useContext(CallLinkSearch);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const intent = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => onIntent(call), PRELOAD_DELAY_MS);
  };
  const leave = () => clearTimeout(timer.current);
  const click = (e: MouseEvent<HTMLAnchorElement>) => {
    leave();
    // New tabs and windows, downloads: the browser's, with the href.
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    onOpen(call);
  };
  return (
    <a
      className={current ? LINK_CLASS_ACTIVE : LINK_CLASS}
      data-status={current ? 'active' : undefined}
      data-inherit
      data-underline="hover"
      style={INHERIT_COLOR}
      href={`/calls/${call.id}${search}`}
      aria-label={m.calls_call_label({ id: call.id })}
      aria-current={current ? 'page' : undefined}
      onClick={click}
      onPointerEnter={intent}
      onPointerLeave={leave}
      onFocus={intent}
      onBlur={leave}
    >
      {children}
    </a>
  );
}
