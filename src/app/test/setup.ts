import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

// Mantine reads these browser APIs, which jsdom lacks.
const { getComputedStyle } = window;
window.getComputedStyle = (elt) => getComputedStyle(elt);
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
for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const) {
  const original = console[level].bind(console);
  console[level] = (...args: unknown[]) => original(...args.map((a) => (a instanceof Node ? describeNode(a) : a)));
}

afterEach(() => cleanup());
