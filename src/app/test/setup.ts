import '@testing-library/jest-dom/vitest';
import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { config as zodConfig } from 'zod/v4/core';

/*
 * The console project runs with `isolate: false` (vitest.config.ts): a worker keeps one jsdom window and
 * one module cache for all its files, and this file runs again before each of them. So it puts back what
 * a file may have changed for the next one — as a fresh window would have it — and wraps the window's
 * functions only once (a second run would wrap the wrapper).
 */
const wrapped = Symbol.for('vc.test.setup.wrapped');
const marks = globalThis as { [wrapped]?: boolean };
const firstRun = !marks[wrapped];
marks[wrapped] = true;

// findBy…/waitFor wait up to 5 s, not 1: parts loaded on demand (React.lazy: drawers, dialogs) import their
// module on first use, which took over a second in CI while the build and the size check ran beside Vitest
// (deliveries-card's drawer). A test that passes waits no longer; only a failing one reports later.
configure({ asyncUtilTimeout: 5_000 });

// Mantine reads these browser APIs, which jsdom lacks.
if (firstRun) {
  const { getComputedStyle } = window;
  window.getComputedStyle = (elt) => getComputedStyle(elt);
}
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;
window.HTMLElement.prototype.scrollIntoView = () => {};
// jsdom has no scrolling; the router scrolls on navigation ("Not implemented: Window's scrollTo()" otherwise).
window.scrollTo = () => {};

/*
 * A warning that passes a DOM node (Mantine's focus trap passes the node it looked in) would print the whole
 * node with React's internals (the fiber: actualDuration, treeBaseDuration, …), hundreds of lines a warning.
 * The log keeps the warning's words and names each node by its tag, test id or role instead.
 */
function describeNode(node: Node): string {
  if (!(node instanceof Element)) return `[${node.nodeName}]`;
  const attrs = ['data-testid', 'role', 'aria-label', 'id']
    .map((a) => (node.hasAttribute(a) ? ` ${a}="${node.getAttribute(a) ?? ''}"` : ''))
    .join('');
  return `<${node.tagName.toLowerCase()}${attrs}>`;
}
if (firstRun) {
  for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    const original = console[level].bind(console);
    console[level] = (...args: unknown[]) => original(...args.map((a) => (a instanceof Node ? describeNode(a) : a)));
  }
}

// What a file before this one may have left: zod's messages in the console's words (main.tsx installs them;
// two test files do), a stand-in for document.fonts.
zodConfig({ customError: undefined });
delete (document as { fonts?: unknown }).fonts;

/*
 * After each test: the DOM emptied, real timers back, the storages empty (the session and the language,
 * `vc-locale`, live there: English again), no notification left in Mantine's global store. Spies, stubbed
 * globals and env are restored by the config (restoreMocks, unstubGlobals, unstubEnvs).
 */
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  localStorage.clear();
  sessionStorage.clear();
  notifications.clean();
});
