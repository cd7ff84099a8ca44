/*
 * What a hand copy of a library component has to keep the same as the component it copies (README,
 * "Copies of library components"): the tag, the class names, the data- and aria- attributes, and the
 * inline style (Mantine's CSS variables and style props), each read off the rendered element.
 */
export interface Markup {
  tag: string;
  classes: string[];
  attributes: Record<string, string>;
  style: Record<string, string>;
}

export interface MarkupOptions {
  /** Attributes the copy's caller sets on purpose and the library's own element lacks (data-testid, …). */
  ignore?: readonly string[];
}

function styleOf(el: Element): Record<string, string> {
  const style = (el as HTMLElement).style;
  const out: Record<string, string> = {};
  for (let i = 0; i < style.length; i++) {
    const name = style.item(i);
    out[name] = style.getPropertyValue(name).trim();
  }
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => a.localeCompare(b)));
}

export function markupOf(el: Element, options: MarkupOptions = {}): Markup {
  const ignore = new Set(options.ignore ?? []);
  const attributes: Record<string, string> = {};
  for (const a of Array.from(el.attributes).sort((x, y) => x.name.localeCompare(y.name))) {
    if (ignore.has(a.name)) continue;
    if (a.name.startsWith('data-') || a.name.startsWith('aria-') || a.name === 'href' || a.name === 'role') attributes[a.name] = a.value;
  }
  return {
    tag: el.tagName.toLowerCase(),
    classes: Array.from(el.classList).filter((c) => !ignore.has(`class:${c}`)).sort(),
    attributes,
    style: styleOf(el),
  };
}

/** The element and its element children, depth first: a copy must match the whole tree it stands for. */
export function markupTree(el: Element, options: MarkupOptions = {}): Markup[] {
  return [markupOf(el, options), ...Array.from(el.children).flatMap((c) => markupTree(c, options))];
}
