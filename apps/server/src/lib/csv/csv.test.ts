import { describe, expect, it } from 'vitest';
import {
  decodeText,
  detectDelimiter,
  detectEncoding,
  parseCsv,
  readCsv,
  sniffTextType,
} from './index.ts';

const GERMAN_ROWS =
  'Name;Straße;Betrag\r\nJürgen Müller;Hauptstraße 1;12,50 €\r\nÖzlem Şahin;Gartenweg 3;7 €\r\n';

function windows1252(text: string): Uint8Array {
  // The characters these tests use: ASCII, German letters and the euro sign at 0x80.
  return Uint8Array.from([...text], (character) => {
    if (character === '€') return 0x80;
    const code = character.codePointAt(0) ?? 0;
    if (code > 0xff) throw new Error(`${character} is not in Windows-1252`);
    return code;
  });
}

function utf16le(text: string, withBom: boolean): Uint8Array {
  const body = Buffer.from(text, 'utf16le');
  return withBom ? Buffer.concat([Buffer.from([0xff, 0xfe]), body]) : body;
}

function utf16be(text: string): Uint8Array {
  const body = Buffer.from(text, 'utf16le').swap16();
  return Buffer.concat([Buffer.from([0xfe, 0xff]), body]);
}

describe('detecting the encoding of a text file', () => {
  it('reads UTF-8 with and without a byte order mark, dropping the mark', () => {
    const plain = Buffer.from('Grüße aus Köln', 'utf8');
    const marked = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), plain]);

    expect(decodeText(plain)).toEqual({ encoding: 'utf-8', text: 'Grüße aus Köln' });
    expect(decodeText(marked)).toEqual({ encoding: 'utf-8', text: 'Grüße aus Köln' });
  });

  it('reads Excel’s “Unicode text” (UTF-16LE with a mark), and UTF-16BE', () => {
    expect(decodeText(utf16le('Straße;Ort', true))).toEqual({
      encoding: 'utf-16le',
      text: 'Straße;Ort',
    });
    expect(decodeText(utf16be('Straße;Ort'))).toEqual({
      encoding: 'utf-16be',
      text: 'Straße;Ort',
    });
  });

  it('recognises UTF-16LE that lost its byte order mark', () => {
    expect(detectEncoding(utf16le('Name;Ort\r\nAnna;Köln\r\n', false))).toBe('utf-16le');
  });

  it('falls back to Windows-1252, where € is 0x80 (not ISO-8859-1)', () => {
    const bytes = windows1252('Summe: 12,50 € für Jürgen, Größe XL');

    expect(decodeText(bytes)).toEqual({
      encoding: 'windows-1252',
      text: 'Summe: 12,50 € für Jürgen, Größe XL',
    });
  });

  it('does not take a UTF-8 character cut at the end of a partial read for Windows-1252', () => {
    const bytes = Buffer.from('Köln', 'utf8');
    const cut = bytes.subarray(0, 2); // "K" and the first byte of "ö"

    expect(detectEncoding(cut, { isComplete: false })).toBe('utf-8');
    expect(detectEncoding(cut)).toBe('windows-1252');
    expect(decodeText(cut, { isComplete: false }).text).toBe('K');
  });

  it('decodes only as much as the character limit needs', () => {
    const text = `${'ä'.repeat(1000)}${'x'.repeat(100_000)}`;

    const decoded = decodeText(Buffer.from(text, 'utf8'), { maxChars: 1200 });

    expect(decoded).toEqual({ encoding: 'utf-8', text: text.slice(0, 1200) });
  });

  it('keeps the encoding the user chose, even against the detection', () => {
    const bytes = Buffer.from('Grüße', 'utf8');

    expect(decodeText(bytes, { encoding: 'windows-1252' }).text).toBe('GrÃ¼ÃŸe');
  });
});

describe('reading a CSV', () => {
  it('guesses ; in a small German file (where papaparse alone would guess ,)', () => {
    expect(detectDelimiter('Name;Betrag\n\nAnna;1,50\n\n')).toBe(';');
    expect(detectDelimiter('a,b,c\n1,2,3\n')).toBe(',');
    expect(detectDelimiter('a\tb\tc\n1\t2\t3\n')).toBe('\t');
    expect(detectDelimiter('a|b|c\n1|2|3\n')).toBe('|');
  });

  it('keeps quoted delimiters, quotes and CRLF line breaks inside a value', () => {
    const text =
      'Name;Adresse;Notiz\r\n"Müller; Jürgen";"Hauptstraße 1\r\n50667 Köln";"sagt ""hallo"""\r\n';

    expect(parseCsv(text)).toEqual({
      delimiter: ';',
      rows: [
        ['Name', 'Adresse', 'Notiz'],
        ['Müller; Jürgen', 'Hauptstraße 1\r\n50667 Köln', 'sagt "hallo"'],
      ],
      truncated: false,
    });
  });

  it('answers the first rows and says when there are more', () => {
    const text = ['a;b', ...Array.from({ length: 300 }, (_, index) => `${index};x`)].join('\n');

    const table = parseCsv(text, { maxRows: 200 });

    expect(table.rows).toHaveLength(200);
    expect(table.rows[199]).toEqual(['198', 'x']);
    expect(table.truncated).toBe(true);
    expect(parseCsv('a;b\n1;2\n', { maxRows: 2 }).truncated).toBe(false);
  });

  it('drops the half row at the end of a partial read', () => {
    const table = parseCsv('a;b\n1;2\n3;4', { isComplete: false });

    expect(table.rows).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect(table.truncated).toBe(true);
  });

  it('reads a Windows-1252 CSV with ; from German Excel', () => {
    expect(readCsv(windows1252(GERMAN_ROWS.replace('Ş', 'S')))).toEqual({
      encoding: 'windows-1252',
      delimiter: ';',
      rows: [
        ['Name', 'Straße', 'Betrag'],
        ['Jürgen Müller', 'Hauptstraße 1', '12,50 €'],
        ['Özlem Sahin', 'Gartenweg 3', '7 €'],
      ],
      truncated: false,
    });
  });

  it('reads a UTF-16 CSV with tabs (Excel’s “Unicode text”)', () => {
    const table = readCsv(utf16le(GERMAN_ROWS.replaceAll(';', '\t'), true));

    expect(table.encoding).toBe('utf-16le');
    expect(table.delimiter).toBe('\t');
    expect(table.rows[2]).toEqual(['Özlem Şahin', 'Gartenweg 3', '7 €']);
  });

  it('uses the encoding and delimiter the user chose', () => {
    const table = readCsv(Buffer.from('a;b,c\n1;2,3\n'), { encoding: 'utf-8', delimiter: ',' });

    expect(table).toMatchObject({
      delimiter: ',',
      rows: [
        ['a;b', 'c'],
        ['1;2', '3'],
      ],
    });
  });
});

describe('telling text and tables from other files', () => {
  it('tells a table from prose, in any encoding', () => {
    expect(sniffTextType(Buffer.from(GERMAN_ROWS, 'utf8'))).toBe('text/csv');
    expect(sniffTextType(utf16le(GERMAN_ROWS, true))).toBe('text/csv');
    expect(sniffTextType(windows1252('Liebe Anna,\nvielen Dank für den Brief.\n'))).toBe(
      'text/plain',
    );
  });

  it('refuses binary bytes and empty files', () => {
    expect(sniffTextType(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00]))).toBe(
      undefined,
    );
    expect(sniffTextType(new Uint8Array())).toBe(undefined);
  });
});
