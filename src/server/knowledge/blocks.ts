import { parseHTML } from 'linkedom';

/*
 * A document's text as a run of blocks, headings apart from paragraphs, whatever the format it came in:
 * the splitter (passages.ts) keeps each heading with the paragraphs under it.
 */
export type Block = { kind: 'heading'; level: number; text: string } | { kind: 'text'; text: string };

/** White space folded; control characters (the highlighter's markers among them) and NUL removed. */
export function cleanText(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex -- removing control characters is the point
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, ' ')
      .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

const HEADING = /^H([1-6])$/;
/** Elements whose text is one block each; their children are not walked again. */
const LEAF_BLOCKS = new Set(['P', 'LI', 'PRE', 'BLOCKQUOTE', 'DT', 'DD', 'FIGCAPTION', 'CAPTION', 'TR', 'ADDRESS']);
const SKIPPED = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'SVG', 'NAV', 'FOOTER', 'FORM', 'BUTTON', 'IFRAME']);

interface DomNode {
  nodeType: number;
  nodeName: string;
  textContent: string | null;
  childNodes: ArrayLike<DomNode>;
}

/** Headings and paragraphs of an HTML fragment or page, in document order. */
export function htmlBlocks(html: string): Block[] {
  const { document } = parseHTML(`<!doctype html><html><body>${html}</body></html>`);
  const out: Block[] = [];
  let loose: string[] = [];
  const flushLoose = () => {
    const text = cleanText(loose.join(' '));
    if (text) out.push({ kind: 'text', text });
    loose = [];
  };
  const walk = (node: DomNode) => {
    for (const child of Array.from(node.childNodes)) {
      if (child.nodeType === 3) {
        loose.push(child.textContent ?? '');
        continue;
      }
      if (child.nodeType !== 1) continue;
      const name = child.nodeName.toUpperCase();
      if (SKIPPED.has(name)) continue;
      if (name === 'BR') {
        loose.push(' ');
        continue;
      }
      const heading = HEADING.exec(name);
      if (heading) {
        flushLoose();
        const text = cleanText(child.textContent ?? '');
        if (text) out.push({ kind: 'heading', level: Number(heading[1]), text });
        continue;
      }
      if (LEAF_BLOCKS.has(name)) {
        flushLoose();
        // A table row reads as its cells side by side.
        const text = cleanText(name === 'TR' ? Array.from(child.childNodes).map((c) => c.textContent ?? '').join(' | ') : (child.textContent ?? ''));
        if (text) out.push({ kind: 'text', text });
        continue;
      }
      // Inline elements join the loose text around them; other containers are walked into.
      if (/^(A|SPAN|STRONG|B|EM|I|U|CODE|SMALL|SUB|SUP|MARK|ABBR|TIME|Q|CITE|LABEL|S|DEL|INS)$/.test(name)) {
        loose.push(child.textContent ?? '');
        continue;
      }
      flushLoose();
      walk(child);
      flushLoose();
    }
  };
  walk(document.body as unknown as DomNode);
  flushLoose();
  return out;
}

const MARKDOWN_HEADING = /^(#{1,6})\s+(.+?)\s*#*$/;

/**
 * Is this line a heading in plain text (a PDF page, a text file)? Markdown's `# Title`; else a short line
 * without a sentence's end standing alone, starting with a capital letter or a section number.
 */
function plainHeading(line: string, alone: boolean): { level: number; text: string } | null {
  const md = MARKDOWN_HEADING.exec(line);
  if (md) return { level: md[1]!.length, text: md[2]! };
  if (!alone) return null;
  const words = line.split(/\s+/).length;
  if (line.length > 80 || words > 10 || /[.,;:!?)]$/.test(line)) return null;
  if (!/^(\d+(\.\d+)*\.?\s+)?\p{Lu}/u.test(line)) return null;
  const numbered = /^(\d+(?:\.\d+)*)\.?\s/.exec(line);
  return { level: numbered ? Math.min(6, numbered[1]!.split('.').length) : 2, text: line };
}

/**
 * Blocks of plain text: paragraphs are separated by blank lines; a heading is a Markdown heading or a short
 * title-like line where a paragraph starts.
 */
export function textBlocks(text: string): Block[] {
  const out: Block[] = [];
  const paragraphs = text.replace(/\r\n?/g, '\n').split(/\n\s*\n/);
  for (const paragraph of paragraphs) {
    const lines = paragraph
      .split('\n')
      .map((l) => cleanText(l))
      .filter((l) => l !== '');
    if (lines.length === 0) continue;
    let body: string[] = [];
    const flush = () => {
      // Lines of one paragraph that were broken for width (a PDF's lines) join with a space; a hyphen at a break joins the word.
      const joined = body.reduce((acc, line) => (acc === '' ? line : /\p{L}-$/u.test(acc) ? acc.slice(0, -1) + line : `${acc} ${line}`), '');
      if (joined) out.push({ kind: 'text', text: joined });
      body = [];
    };
    lines.forEach((line, i) => {
      // A heading stands at a paragraph's start or after a line that ended a sentence (a PDF page has no blank lines).
      const previous = lines[i - 1];
      const heading = plainHeading(line, previous === undefined || /[.!?:]$/.test(previous) || body.length === 0);
      if (heading) {
        flush();
        out.push({ kind: 'heading', ...heading });
      } else body.push(line);
    });
    flush();
  }
  return out;
}
