import { describe, expect, it } from 'vitest';
import {
  decodeText,
  detectDelimiter,
  detectEncoding,
  parseCsv,
  readCsv,
  sniffTextType,
} from './index.ts';
import { processorMsOf } from '../../test/processor-time.ts';

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

/** apps/web/e2e/fixtures/adressen-windows1252.csv, byte for byte (in Windows-1252 there). */
const E2E_ADDRESSES =
  'Anrede;Vorname;Nachname;Straße;PLZ;Ort;Betrag\r\n' +
  'Frau;Jürgen;Müller;Hauptstraße 1;50667;Köln;12,50 €\r\n' +
  'Herr;Özcan;Weiß;Gartenweg 3;80331;München;7,00 €\r\n' +
  'Frau;Anna;Schäfer;"Am Bach 5\r\nHinterhaus";20095;Hamburg;1.024,00 €\r\n';

const delimiterOf = (text: string, options?: { isComplete?: boolean }) =>
  detectDelimiter(text, options)?.delimiter;

describe('detecting the delimiter of a CSV', () => {
  it('finds ; in the e2e fixture: decimal commas, a quoted CRLF, Windows-1252', () => {
    const { encoding, text } = decodeText(windows1252(E2E_ADDRESSES));

    expect(encoding).toBe('windows-1252');
    expect(text).toBe(E2E_ADDRESSES);
    expect(detectDelimiter(text)).toEqual({ delimiter: ';', columns: 7, isTable: true });
    expect(readCsv(windows1252(E2E_ADDRESSES)).rows[3]).toEqual([
      'Frau',
      'Anna',
      'Schäfer',
      'Am Bach 5\r\nHinterhaus',
      '20095',
      'Hamburg',
      '1.024,00 €',
    ]);
  });

  it('keeps ; in tiny German files whose every row has a decimal comma', () => {
    expect(delimiterOf('Name;Betrag\n\nAnna;1,50\n\n')).toBe(';');
    expect(delimiterOf('Name;Betrag\r\nAnna;1,50\r\nBernd;2,75\r\nCarla;3,00\r\n')).toBe(';');
    // The body splits on , as often as on ;, but the header only on ;.
    expect(
      delimiterOf('Name;Netto;Brutto\nA;1,50;1,79\nB;2,00;2,38\nC;3,00;3,57\nD;4,00;4,76\n'),
    ).toBe(';');
    // On a true tie ; wins over ,: German amounts have commas, German columns do not.
    expect(delimiterOf('Name;Euro,Cent\nAnna;1,50\n')).toBe(';');
  });

  it('tells , ; tab and | apart, with LF, CRLF and old Mac CR line breaks', () => {
    expect(delimiterOf('a,b,c\n1,2,3\n')).toBe(',');
    expect(delimiterOf('a;b;c\r\n1;2;3\r\n')).toBe(';');
    expect(delimiterOf('a\tb\tc\r1\t2\t3\r')).toBe('\t');
    expect(delimiterOf('a|b|c\n1|2|3')).toBe('|');
    // Names with commas in a tab-separated export: more columns on tab.
    expect(delimiterOf('Name\tOrt\tPLZ\nMüller, Jürgen\tKöln\t50667\n')).toBe('\t');
  });

  it('looks past delimiters and line breaks inside quoted values', () => {
    expect(delimiterOf('"Doe, Jane",42\n"Roe, Richard",7\n')).toBe(',');
    const notes = 'Name,Notiz\r\n"Anna","eins; zwei;\r\ndrei; vier"\r\n"Bernd","sagt ""ja"""\r\n';
    expect(delimiterOf(notes)).toBe(',');
    expect(detectDelimiter('a;b\n"x\n\ny";"1,5"\nz;"2,5"\n')).toEqual({
      delimiter: ';',
      columns: 2,
      isTable: true,
    });
  });

  it('reads a header-only file by its one row, without calling it a table', () => {
    expect(detectDelimiter('Anrede;Vorname;Nachname;PLZ\r\n')).toEqual({
      delimiter: ';',
      columns: 4,
      isTable: false,
    });
    expect(detectDelimiter('Name,Betrag')).toMatchObject({ delimiter: ',', isTable: false });
    expect(detectDelimiter('Just one line')).toBeUndefined();
  });

  it('ignores the cut last row of a truncated sample, even inside an open quote', () => {
    const start = 'a;b;c\n1;2;3\n4;5;6\n7,8';
    expect(detectDelimiter(start, { isComplete: false })).toEqual({
      delimiter: ';',
      columns: 3,
      isTable: true,
    });
    const openQuote = 'a;b\n1;2\n3;"Hauptstraße 1\n50667';
    expect(detectDelimiter(openQuote, { isComplete: false })).toEqual({
      delimiter: ';',
      columns: 2,
      isTable: true,
    });
  });

  it('says prose is no table', () => {
    expect(detectDelimiter('Dear Sir, hello.\nNo commas here\n')).toBeUndefined();
    expect(detectDelimiter('Liebe Anna,\nvielen Dank für den Brief.\n')).toBeUndefined();
    expect(detectDelimiter('')).toBeUndefined();
  });

  it('looks only at the first rows of a large file, and the whole of it parses', () => {
    const rows = Array.from({ length: 20_000 }, (_, index) => `Person ${index};${index},50 €`);
    const text = ['Name;Betrag', ...rows].join('\r\n');

    expect(detectDelimiter(text)).toEqual({ delimiter: ';', columns: 2, isTable: true });
    const table = parseCsv(text);
    expect(table).toMatchObject({ delimiter: ';', truncated: false });
    expect(table.rows).toHaveLength(20_001);
    expect(table.rows[20_000]).toEqual(['Person 19999', '19999,50 €']);
  });
});

describe('reading a CSV', () => {
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

describe('reading a hostile CSV', () => {
  const MB = 1024 * 1024;
  const shapes: Array<[string, (bytes: number) => string]> = [
    ['an escaped quote after another', (bytes) => `a;b\n"${'""'.repeat(bytes / 2)}";1\n`],
    ['a quote that never closes', (bytes) => `a;b\n"${'x;y\n'.repeat(bytes / 4)}`],
    ['quotes in the middle of values', (bytes) => `a;b\n${'"x"y;'.repeat(bytes / 5)}`],
    ['blank lines', (bytes) => `a;b\n${'\n'.repeat(bytes)}`],
  ];

  it.each(shapes)('reads 5 MB of %s in linear time', (_shape, build) => {
    const read = (bytes: number) => {
      const text = new TextEncoder().encode(build(bytes));
      return processorMsOf(() => readCsv(text, { maxRows: 5001 }));
    };
    read(MB);
    // Seconds each when quadratic; a few hundred milliseconds at most on a loaded machine.
    expect(Math.min(read(5 * MB), read(5 * MB))).toBeLessThan(1500);
  });
});
