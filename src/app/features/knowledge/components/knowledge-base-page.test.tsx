import { useState } from 'react';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { knowledgeBaseSchema } from '@contract/knowledge-read';
import { fakeHost, renderWithHost, resetHost, type Handler } from '@/test/host';
import { stubWideScreen } from '@/test/variants';
import { KnowledgeBasePage } from './knowledge-base-page';

afterEach(() => {
  resetHost();
  FakeXhr.sent = [];
});
beforeAll(() => stubWideScreen());

const BASE = knowledgeBaseSchema.parse({ id: 7, name: 'Help centre', description: 'What callers ask', status: 'processing', documents_count: 3, language: 'english' });

const DOCUMENTS = [
  { id: 1, name: 'Opening hours', type: 'pdf', status: 'active', size_bytes: 1_572_864, created_at: '2026-05-12T10:00:00.000000Z', updated_at: '2026-05-12T10:01:00.000000Z' },
  { id: 2, name: 'Scanned contract', type: 'pdf', status: 'failed', error: 'The PDF holds no text (a scanned image?).', size_bytes: 2048 },
  { id: 3, name: 'example.com/help', type: 'website', status: 'processing', url: 'https://example.com/help', size_bytes: null },
];

/**
 * The upload's XMLHttpRequest, as a test drives it: what was sent is kept, progress and the answer come
 * when the test says. (The fake host stands in for fetch; uploads go through XHR for their progress.)
 */
class FakeXhr {
  static sent: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  responseURL = '';
  timeout = 0;
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  getAllResponseHeaders() {
    return 'content-type: application/json\r\n';
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    act(() => this.upload.onprogress?.({ lengthComputable: true, loaded, total }));
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    act(() => this.onload?.());
  }
}

function host(more: Handler = () => undefined) {
  return fakeHost(async (req) => {
    if (req.method === 'GET' && req.path === '/user/knowledgebases/7/documents') return { body: { data: DOCUMENTS } };
    if (req.method === 'GET' && req.path === '/user/knowledgebases/7') return { body: { data: BASE } };
    if (req.method === 'GET' && req.path === '/user/knowledgebases') return { body: { data: [BASE] } };
    return more(req);
  });
}

function Page({ initialQuery = '' }: { initialQuery?: string }) {
  const [query, setQuery] = useState(initialQuery);
  return <KnowledgeBasePage initial={BASE} query={query} onQuery={setQuery} onDeleted={() => {}} />;
}

function file(name: string, size: number, type: string): File {
  const f = new File(['x'], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
}

async function drop(files: File[]) {
  const input = screen.getByTestId('upload-dropzone').querySelector('input[type="file"]');
  if (!input) throw new Error('no file input');
  await userEvent.setup({ applyAccept: false }).upload(input as HTMLInputElement, files);
}

describe('KnowledgeBasePage', () => {
  it('lists the documents with type, status, the reason a failed one gives, and size', async () => {
    host();
    renderWithHost(() => <Page />);
    const table = await screen.findByRole('table', { name: 'Documents' });
    const rows = await within(table).findAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(within(rows[1]!).getByText('Opening hours')).toBeInTheDocument();
    expect(within(rows[1]!).getByTestId('knowledge-status')).toHaveTextContent('Ready');
    expect(within(rows[1]!).getByText('1.5 MB')).toBeInTheDocument();
    expect(within(rows[2]!).getByTestId('knowledge-status')).toHaveTextContent('Failed');
    expect(within(rows[2]!).getByTestId('document-error')).toHaveTextContent('The PDF holds no text (a scanned image?).');
    expect(within(rows[3]!).getByTestId('knowledge-status')).toHaveTextContent('Processing');
    expect(within(rows[3]!).getByRole('link', { name: 'https://example.com/help' })).toHaveAttribute('href', 'https://example.com/help');
  });

  it('refuses a wrong type, a file over 20 MB and an empty one before sending anything, and says why', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    host();
    renderWithHost(() => <Page />);
    await screen.findByRole('table', { name: 'Documents' });
    await drop([file('photo.png', 1000, 'image/png'), file('big.pdf', 21 * 1024 * 1024, 'application/pdf'), file('blank.txt', 0, 'text/plain'), file('renamed.pdf', 500, 'image/jpeg')]);
    const items = await screen.findAllByTestId('upload-item');
    expect(items.map((i) => i.getAttribute('data-state'))).toEqual(['refused', 'refused', 'refused', 'refused']);
    const said = (name: string) => within(items.find((i) => within(i).queryByText(name))!).getByTestId('upload-message').textContent;
    expect(said('photo.png')).toBe('Not uploaded: .png files cannot be read. Use PDF, DOCX or TXT.');
    expect(said('big.pdf')).toBe('Not uploaded: 21 MB is over the limit of 20 MB.');
    expect(said('blank.txt')).toBe('Not uploaded: the file is empty.');
    expect(said('renamed.pdf')).toBe('Not uploaded: the name says .pdf, but the file is image/jpeg.');
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('uploads several files side by side, each with its own progress, and shows the service’s refusal of one on its row', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const calls = host();
    renderWithHost(() => <Page />);
    await screen.findByRole('table', { name: 'Documents' });
    await drop([file('Price list.pdf', 4000, 'application/pdf'), file('notes.txt', 300, '')]);
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    const [pdf, txt] = FakeXhr.sent as [FakeXhr, FakeXhr];
    expect(pdf.method).toBe('POST');
    expect(pdf.url).toMatch(/\/api\/user\/knowledgebases\/7\/documents$/);
    expect(pdf.headers.authorization).toBe('Bearer vc_test');
    expect(pdf.body?.get('type')).toBe('pdf');
    expect(pdf.body?.get('name')).toBe('Price list');
    expect((pdf.body?.get('file') as File).name).toBe('Price list.pdf');
    expect(txt.body?.get('type')).toBe('txt');

    pdf.progress(1000, 4000);
    txt.progress(150, 300);
    expect(screen.getByRole('progressbar', { name: 'Uploading Price list.pdf' })).toHaveAttribute('aria-valuenow', '25');
    expect(screen.getByRole('progressbar', { name: 'Uploading notes.txt' })).toHaveAttribute('aria-valuenow', '50');

    const before = calls.of('GET', '/user/knowledgebases/7/documents').length;
    pdf.answer(201, { message: 'Document created successfully.', data: { id: 9, name: 'Price list', type: 'pdf', status: 'processing' } });
    txt.answer(422, { message: 'The file could not be read as text.', errors: { file: ['The file must be UTF-8 text.'] } });
    const items = await screen.findAllByTestId('upload-item');
    await waitFor(() => expect(items.map((i) => i.getAttribute('data-state'))).toEqual(['done', 'failed']));
    expect(within(items[0]!).getByTestId('upload-message')).toHaveTextContent('Uploaded; now being processed.');
    expect(within(items[1]!).getByTestId('upload-message')).toHaveTextContent('The file must be UTF-8 text.');
    // The new document shows at once: the list is asked again.
    await waitFor(() => expect(calls.of('GET', '/user/knowledgebases/7/documents').length).toBeGreaterThan(before));
  });

  it('"Add website" sends one address as url with the links limit, several as links', async () => {
    const posted: unknown[] = [];
    host((req) => {
      if (req.method === 'POST' && req.path === '/user/knowledgebases/7/documents') {
        posted.push(req.body);
        return { status: 201, body: { data: { id: 10, name: 'x', type: 'website', status: 'processing' } } };
      }
      return undefined;
    });
    renderWithHost(() => <Page />);
    const user = userEvent.setup();
    await screen.findByRole('table', { name: 'Documents' });

    await user.click(screen.getByRole('button', { name: 'Add website' }));
    // The dialog's form loads on the first opening: the dialog stands open meanwhile, saying so.
    expect(await screen.findByRole('dialog', { name: 'Add website' })).toBeInTheDocument();
    await screen.findByRole('textbox', { name: /Addresses/ }, { timeout: 10_000 });
    const dialog = screen.getByRole('dialog', { name: 'Add website' });
    await user.type(within(dialog).getByRole('textbox', { name: /Addresses/ }), 'ftp://nope');
    await user.click(within(dialog).getByRole('button', { name: 'Add website' }));
    expect(await within(dialog).findByText('Not a web address (http or https): ftp://nope.')).toBeInTheDocument();
    expect(posted).toHaveLength(0);

    const addresses = within(dialog).getByRole('textbox', { name: /Addresses/ });
    await user.clear(addresses);
    await user.type(addresses, 'https://example.com/help');
    const limit = within(dialog).getByRole('textbox', { name: 'Links to follow' });
    await user.clear(limit);
    await user.type(limit, '51');
    await user.click(within(dialog).getByRole('button', { name: 'Add website' }));
    expect(await within(dialog).findByText('Enter a whole number from 1 to 50.')).toBeInTheDocument();
    await user.clear(limit);
    await user.type(limit, '20');
    await user.click(within(dialog).getByRole('button', { name: 'Add website' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({ name: 'example.com/help', type: 'website', relative_links_limit: 20, url: 'https://example.com/help' });

    await user.click(screen.getByRole('button', { name: 'Add website' }));
    const again = await screen.findByRole('dialog', { name: 'Add website' });
    fireEvent.change(within(again).getByRole('textbox', { name: /Addresses/ }), { target: { value: 'https://a.example/one\nhttps://a.example/two' } });
    await user.click(within(again).getByRole('button', { name: 'Add website' }));
    await waitFor(() => expect(posted).toHaveLength(2));
    expect(posted[1]).toMatchObject({ type: 'website', links: [{ link: 'https://a.example/one' }, { link: 'https://a.example/two' }], relative_links_limit: 10 });
  });

  it('"Try a search" shows the passages with the matched words marked, as text and never as HTML', async () => {
    const asked: unknown[] = [];
    host((req) => {
      if (req.method === 'POST' && req.path === '/user/knowledgebases/7/search') {
        asked.push(req.body);
        return {
          body: {
            data: [
              {
                passage_id: 5,
                document_id: 1,
                document_name: 'Opening hours',
                heading: 'Weekdays',
                excerpt: 'We are open Monday to Friday <b>9–17</b>.',
                headline: [
                  { text: 'We are ', match: false },
                  { text: 'open', match: true },
                  { text: ' Monday to Friday <b>9–17</b>. <img src=x onerror=alert(1)>', match: false },
                ],
                rank: 0.9,
              },
            ],
          },
        };
      }
      return undefined;
    });
    const { container } = renderWithHost(() => <Page />);
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Question' }), 'when are you open?');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const passage = await screen.findByTestId('search-passage');
    expect(asked).toEqual([{ query: 'when are you open?', limit: 5 }]);
    expect(within(passage).getByText('Opening hours')).toBeInTheDocument();
    expect(within(passage).getByText('› Weekdays')).toBeInTheDocument();
    const marks = passage.querySelectorAll('mark');
    expect([...marks].map((m) => m.textContent)).toEqual(['open']);
    expect(within(passage).getByTestId('headline')).toHaveTextContent('We are open Monday to Friday <b>9–17</b>. <img src=x onerror=alert(1)>');
    expect(container.querySelector('img, b')).toBeNull();
  });

  it('"Try a search" says plainly when nothing matched', async () => {
    host((req) => (req.method === 'POST' && req.path === '/user/knowledgebases/7/search' ? { body: { data: [] } } : undefined));
    renderWithHost(() => <Page initialQuery="parking" />);
    expect(await screen.findByTestId('search-empty')).toHaveTextContent('Nothing found for “parking”.');
  });
});
