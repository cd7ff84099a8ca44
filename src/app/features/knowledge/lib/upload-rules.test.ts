import { describe, expect, it } from 'vitest';
import { checkUpload, documentNameOf } from './upload-rules';
import { readLinks, websiteName } from './website-links';

const MB = 1024 * 1024;

describe('checkUpload', () => {
  it('takes PDF, DOCX and text by extension, whatever the case, with or without a MIME type', () => {
    expect(checkUpload({ name: 'Manual.PDF', size: 10, type: 'application/pdf' })).toEqual({ ok: true, type: 'pdf' });
    expect(checkUpload({ name: 'a.docx', size: 10, type: '' })).toEqual({ ok: true, type: 'docx' });
    expect(checkUpload({ name: 'notes.txt', size: 10, type: 'text/plain;charset=utf-8' })).toEqual({ ok: true, type: 'txt' });
    expect(checkUpload({ name: 'x.pdf', size: 20 * MB, type: 'application/octet-stream' })).toEqual({ ok: true, type: 'pdf' });
  });

  it('refuses other types, renamed files, files over 20 MB and empty ones, saying which', () => {
    expect(checkUpload({ name: 'old.doc', size: 10, type: 'application/msword' })).toEqual({ ok: false, refusal: { reason: 'type', extension: 'doc' } });
    expect(checkUpload({ name: 'README', size: 10, type: '' })).toEqual({ ok: false, refusal: { reason: 'type', extension: '' } });
    expect(checkUpload({ name: '.txt', size: 10, type: '' })).toEqual({ ok: false, refusal: { reason: 'type', extension: '' } });
    expect(checkUpload({ name: 'cat.pdf', size: 10, type: 'image/png' })).toEqual({ ok: false, refusal: { reason: 'mismatch', extension: 'pdf', mime: 'image/png' } });
    expect(checkUpload({ name: 'big.pdf', size: 20 * MB + 1, type: 'application/pdf' })).toEqual({ ok: false, refusal: { reason: 'size', bytes: 20 * MB + 1 } });
    expect(checkUpload({ name: 'none.txt', size: 0, type: 'text/plain' })).toEqual({ ok: false, refusal: { reason: 'empty' } });
  });

  it('names the document after the file, without its extension', () => {
    expect(documentNameOf('Price list 2026.pdf')).toBe('Price list 2026');
    expect(documentNameOf('README')).toBe('README');
    expect(documentNameOf('x'.repeat(300) + '.txt')).toHaveLength(255);
  });
});

describe('readLinks', () => {
  it('reads one address a line (or comma), once each, and keeps what is not http(s) apart', () => {
    expect(readLinks(' https://a.example/x \n\nhttps://a.example/x, http://b.example ')).toEqual({ links: ['https://a.example/x', 'http://b.example'], invalid: [] });
    expect(readLinks('javascript:alert(1)\nexample.com\nftp://f.example')).toEqual({ links: [], invalid: ['javascript:alert(1)', 'example.com', 'ftp://f.example'] });
  });

  it('names a website after its first address', () => {
    expect(websiteName(['https://example.com/'])).toBe('example.com');
    expect(websiteName(['https://example.com/help/', 'https://example.com/faq'])).toBe('example.com/help (+1)');
  });
});
