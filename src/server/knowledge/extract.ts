import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import mammoth from 'mammoth';
import { htmlBlocks, textBlocks, type Block } from './blocks';
import { NoTextError, pdfBlocks } from './pdf';
import { ExtractError } from './extract-error';

/*
 * A document's content as blocks (headings and paragraphs), with kept libraries for each format: unpdf
 * (PDF.js) for PDF, mammoth for DOCX (Word's heading styles become h1-h6), Mozilla's Readability over a
 * linkedom DOM for web pages (the article, without navigation and boilerplate). A failure here is the
 * document's, in words a person understands (ExtractError).
 */

export { ExtractError };

/** Plain text as UTF-8 when it is valid UTF-8, else as Windows-1252 (what older editors write). */
export function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

export async function fileBlocks(type: string, bytes: Uint8Array): Promise<Block[]> {
  if (type === 'txt') return textBlocks(decodeText(bytes));
  if (type === 'docx') {
    let html: string;
    try {
      html = (await mammoth.convertToHtml({ buffer: Buffer.from(bytes) })).value;
    } catch {
      throw new ExtractError('The file could not be read as a Word document (DOCX): it may be damaged, or another format renamed.');
    }
    return htmlBlocks(html);
  }
  if (type === 'pdf') {
    try {
      return (await pdfBlocks(bytes)).blocks;
    } catch (e) {
      if (e instanceof NoTextError) throw new ExtractError(e.message);
      const why = e instanceof Error && /password/i.test(e.message) ? 'it is protected with a password' : 'it may be damaged';
      throw new ExtractError(`The file could not be read as a PDF: ${why}.`);
    }
  }
  throw new ExtractError(`Documents of type ${type} cannot be read.`);
}

export interface WebPage {
  title: string | null;
  blocks: Block[];
  /** Absolute http(s) links of the page, in order, without fragments. */
  links: string[];
}

/** A web page's article as blocks, and the links it holds (collected before Readability rewrites the page). */
export function webPage(html: string, url: string): WebPage {
  const { document } = parseHTML(html);
  const links: string[] = [];
  for (const a of Array.from(document.querySelectorAll('a[href]')) as { getAttribute(name: string): string | null }[]) {
    try {
      const target = new URL(a.getAttribute('href') ?? '', url);
      if (target.protocol !== 'http:' && target.protocol !== 'https:') continue;
      target.hash = '';
      links.push(target.toString());
    } catch {
      // not a URL
    }
  }
  const title = document.querySelector('title')?.textContent?.trim() || null;
  let article: ReturnType<Readability['parse']> = null;
  try {
    article = new Readability(document as unknown as ConstructorParameters<typeof Readability>[0], { charThreshold: 100 }).parse();
  } catch {
    article = null;
  }
  // A short page Readability declines is read whole (its body without scripts and navigation).
  const blocks = article?.content ? htmlBlocks(article.content) : htmlBlocks(parseHTML(html).document.body?.innerHTML ?? '');
  return { title: article?.title?.trim() || title, blocks, links };
}
