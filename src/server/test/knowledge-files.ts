import { Document, HeadingLevel, Packer, Paragraph } from 'docx';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { checkResponse } from '../openapi/validate-response';
import { readAnswer, type TestResponse, type TestUser } from './harness';

/*
 * Real files for the knowledge tests, made as a person's tools would make them: a PDF with pdf-lib (headings
 * set larger than the text), a Word document with the docx package (Word's heading styles), and HTML pages that
 * link to each other (served by the website stand-in, stand-ins/website.ts).
 */

export interface Section {
  heading: string;
  paragraphs: string[];
}

/** Lines of at most `width` characters, broken between words. */
function wrap(text: string, width: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line !== '' && line.length + 1 + word.length > width) {
      out.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  if (line) out.push(line);
  return out;
}

/** A PDF of the sections: headings at 18 pt, text at 11 pt, paragraphs a blank line apart, new pages as needed. */
export async function makePdf(sections: Section[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let page = pdf.addPage([595, 842]);
  let y = 790;
  const need = (h: number) => {
    if (y - h < 50) {
      page = pdf.addPage([595, 842]);
      y = 790;
    }
  };
  for (const s of sections) {
    need(40);
    page.drawText(s.heading, { x: 50, y, size: 18, font: bold });
    y -= 30;
    for (const p of s.paragraphs) {
      for (const line of wrap(p, 90)) {
        need(14);
        page.drawText(line, { x: 50, y, size: 11, font });
        y -= 14;
      }
      y -= 14;
    }
  }
  return pdf.save();
}

/** A PDF whose page holds only a drawing: what a scan looks like to a text extractor. */
export async function makeScannedPdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  page.drawRectangle({ x: 50, y: 400, width: 300, height: 200 });
  return pdf.save();
}

export async function makeDocx(sections: Section[]): Promise<Uint8Array> {
  const doc = new Document({
    sections: [
      {
        children: sections.flatMap((s) => [new Paragraph({ text: s.heading, heading: HeadingLevel.HEADING_1 }), ...s.paragraphs.map((p) => new Paragraph(p))]),
      },
    ],
  });
  return new Uint8Array(await Packer.toBuffer(doc));
}

/** POST .../documents as multipart/form-data, the answer checked against the OpenAPI document like every other. */
export async function uploadDocument(
  api: string,
  user: TestUser,
  baseId: number,
  fields: Record<string, string>,
  file?: { name: string; bytes: Uint8Array; type?: string },
): Promise<TestResponse> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  if (file) form.set('file', new Blob([Buffer.from(file.bytes)], { type: file.type ?? 'application/octet-stream' }), file.name);
  const path = `/user/knowledgebases/${baseId}/documents`;
  const res = await fetch(api + path, { method: 'POST', headers: { Authorization: `Bearer ${user.token}`, Accept: 'application/json' }, body: form });
  const answer = await readAnswer(res);
  checkResponse({ method: 'POST', path: new URL(api + path).pathname, status: answer.status, contentType: answer.headers.get('content-type'), text: answer.text });
  return answer;
}

/** A page with a title, headings and paragraphs, and links. */
export function htmlPage(title: string, sections: Section[], links: string[] = []): string {
  const body = sections.map((s) => `<h2>${s.heading}</h2>${s.paragraphs.map((p) => `<p>${p}</p>`).join('')}`).join('');
  const nav = links.map((l) => `<a href="${l}">${l}</a>`).join(' ');
  return `<!doctype html><html><head><title>${title}</title></head><body><nav>${nav}</nav><main><article><h1>${title}</h1>${body}</article></main><footer>${nav}</footer></body></html>`;
}
