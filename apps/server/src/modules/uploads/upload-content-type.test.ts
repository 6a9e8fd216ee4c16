import { describe, expect, it } from 'vitest';
import { windows1252Csv } from '../../test/upload-fixtures.ts';
import { TINY_PNG } from '../../test/uploads.ts';
import { judgeUploadType, refusalMessage } from './upload-content-type.ts';

const judge = (text: string | Buffer, name = 'file', isTruncated = false) =>
  judgeUploadType(typeof text === 'string' ? Buffer.from(text) : text, name, isTruncated);

describe('judging an upload by its first bytes', () => {
  it('knows PDFs and images whatever they are called', () => {
    expect(judge('%PDF-1.7\n1 0 obj', 'photo.png')).toMatchObject({
      contentType: 'application/pdf',
    });
    expect(judge(TINY_PNG, 'notes.txt')).toMatchObject({ contentType: 'image/png' });
    expect(judge(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toMatchObject({
      contentType: 'image/jpeg',
    });
    const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 ')]);
    expect(judge(webp)).toMatchObject({ contentType: 'image/webp' });
  });

  it('refuses GIFs, archives and other binary data', () => {
    expect(judge('GIF89a\x01\x00')).toEqual({ isAccepted: false, reason: 'unknown' });
    expect(judge(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]))).toMatchObject({
      isAccepted: false,
    });
    expect(judge(Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02]))).toMatchObject({ isAccepted: false });
  });

  it('refuses markup and scripts, even named .pdf or .txt', () => {
    for (const text of [
      '<!DOCTYPE html><html><body>Invoice</body></html>',
      '  <html><head><title>x</title></head></html>',
      '<?xml version="1.0"?><root/>',
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      '#!/bin/sh\nrm -rf /\n',
      'Dear reader,\nplease open <script src="x.js"></script>\n',
      '\ufeff<p>hello</p>',
    ]) {
      expect({ text, judgement: judge(text, 'invoice.pdf') }).toEqual({
        text,
        judgement: { isAccepted: false, reason: 'markup' },
      });
    }
    expect(refusalMessage('invoice.pdf', 'markup')).toMatch(/^“invoice\.pdf” is not /);
    // Markup in front of a PDF header is a polyglot, not a PDF.
    expect(judge('<html>%PDF-1.4')).toMatchObject({ isAccepted: false });
  });

  it('takes text in UTF-8, UTF-16 with a BOM and Windows-1252', () => {
    expect(judge('Grüße aus Köln\nZweite Zeile\n')).toEqual({
      isAccepted: true,
      contentType: 'text/plain',
      encoding: 'utf-8',
      delimiter: null,
    });
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from('Hallo Welt\n', 'utf16le'),
    ]);
    expect(judge(utf16)).toMatchObject({ contentType: 'text/plain', encoding: 'utf-16le' });
    const latin = Buffer.from([0x47, 0x72, 0xfc, 0xdf, 0x65, 0x20, 0x80, 0x0a]);
    expect(judge(latin)).toMatchObject({ contentType: 'text/plain', encoding: 'windows-1252' });
    // NUL and other control bytes are not text.
    expect(judge('text\u0000with nul')).toMatchObject({ isAccepted: false, reason: 'binary' });
    // A character cut at the end of a sample of a longer file is still text.
    const cut = Buffer.from('Grüße').subarray(0, 3);
    expect(judge(cut, 'a.txt', true)).toMatchObject({ contentType: 'text/plain' });
  });

  it('calls text a table when its lines split consistently, or when named .csv', () => {
    expect(judge('name;amount\nRent;900\nPower;80\n')).toMatchObject({
      contentType: 'text/csv',
      delimiter: ';',
    });
    expect(judge('a\tb\tc\n1\t2\t3\n')).toMatchObject({ contentType: 'text/csv', delimiter: '\t' });
    expect(judge('"Doe, Jane",42\n"Roe, Richard",7\n')).toMatchObject({ delimiter: ',' });
    expect(judge('a|b\nc|d\n')).toMatchObject({ delimiter: '|' });
    // German Excel: decimal commas in every row, and a line break inside a quoted street.
    expect(judge(windows1252Csv(), 'adressen.csv')).toEqual({
      isAccepted: true,
      contentType: 'text/csv',
      encoding: 'windows-1252',
      delimiter: ';',
    });
    expect(judge('Anrede;Vorname;Nachname\r\n', 'empty.csv')).toMatchObject({ delimiter: ';' });
    expect(judge('Anrede;Vorname;Nachname\r\n', 'header.txt')).toMatchObject({
      contentType: 'text/plain',
    });
    expect(judge('One line only', 'single.csv')).toMatchObject({
      contentType: 'text/csv',
      delimiter: ',',
    });
    expect(judge('Dear Sir, hello.\nNo commas here\n')).toMatchObject({
      contentType: 'text/plain',
    });
  });
});
