import { extractTextItems, getDocumentProxy, type StructuredTextItem } from 'unpdf';
import { cleanText, type Block } from './blocks';

/*
 * A PDF's text as blocks, from the positioned text items unpdf (PDF.js) gives: items make lines; a line set
 * larger than the body text is a heading (the larger, the higher its level); a gap between lines wider than
 * the line spacing starts a new paragraph; a hyphen at a line's end joins the word across the break.
 */

export class NoTextError extends Error {}

interface Line {
  text: string;
  size: number;
  y: number;
}

function linesOf(items: StructuredTextItem[]): Line[] {
  const out: Line[] = [];
  let parts: string[] = [];
  let size = 0;
  let y: number | null = null;
  const end = () => {
    const text = parts.join('').replace(/\s+/g, ' ').trim();
    if (text) out.push({ text, size, y: y ?? 0 });
    parts = [];
    size = 0;
    y = null;
  };
  for (const item of items) {
    // An item lower than the line's start without an end-of-line mark before it: a new line all the same.
    if (y !== null && Math.abs(item.y - y) > Math.max(2, item.fontSize * 0.5) && item.str.trim() !== '') end();
    if (item.str !== '') {
      parts.push(item.str);
      if (item.str.trim() !== '') {
        size = Math.max(size, item.fontSize);
        y ??= item.y;
      }
    }
    if (item.hasEOL) end();
  }
  end();
  return out;
}

/** The size most of the text is set in (weighted by characters). */
function bodySize(lines: Line[]): number {
  const weight = new Map<number, number>();
  for (const l of lines) {
    const key = Math.round(l.size * 2) / 2;
    weight.set(key, (weight.get(key) ?? 0) + l.text.length);
  }
  let best = 0;
  let bestWeight = -1;
  for (const [size, w] of weight) {
    if (w > bestWeight) {
      best = size;
      bestWeight = w;
    }
  }
  return best;
}

export async function pdfBlocks(bytes: Uint8Array): Promise<{ blocks: Block[]; pages: number }> {
  // verbosity 0: PDF.js would print its warnings of a damaged file to the console; the failure is the document's.
  const pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
  try {
    const { totalPages, items } = await extractTextItems(pdf);
    const pages = items.map(linesOf);
    const all = pages.flat();
    if (all.map((l) => l.text).join('').replace(/\s/g, '').length === 0) {
      throw new NoTextError('The PDF has no text to read: it may be scanned pages (images of text). Upload a PDF with selectable text, or its text as a TXT file.');
    }
    const body = bodySize(all);
    const headingSizes = [...new Set(all.filter((l) => l.size >= body * 1.15 && l.text.length <= 120).map((l) => Math.round(l.size)))].sort((a, b) => b - a);
    const blocks: Block[] = [];
    for (const lines of pages) {
      let paragraph = '';
      let lastY: number | null = null;
      let lastSize = body;
      const flush = () => {
        const text = cleanText(paragraph);
        if (text) blocks.push({ kind: 'text', text });
        paragraph = '';
      };
      for (const line of lines) {
        const level = headingSizes.indexOf(Math.round(line.size));
        if (line.size >= body * 1.15 && level >= 0 && line.text.length <= 120) {
          flush();
          const previous = blocks[blocks.length - 1];
          // A heading set on two lines is one heading.
          if (previous?.kind === 'heading' && previous.level === Math.min(6, level + 1) && lastSize === line.size) previous.text = cleanText(`${previous.text} ${line.text}`);
          else blocks.push({ kind: 'heading', level: Math.min(6, level + 1), text: cleanText(line.text) });
        } else {
          const gap = lastY === null ? 0 : Math.abs(lastY - line.y);
          if (lastY !== null && gap > line.size * 1.8) flush();
          paragraph = paragraph === '' ? line.text : /\p{L}-$/u.test(paragraph) ? paragraph.slice(0, -1) + line.text : `${paragraph} ${line.text}`;
        }
        lastY = line.y;
        lastSize = line.size;
      }
      flush();
    }
    return { blocks, pages: totalPages };
  } finally {
    await pdf.destroy();
  }
}
