import { describe, expect, it } from 'vitest';
import { parseCsv } from './index.ts';
import { csvCell, guardCsvCell, unguardCsvCell, writeCsv } from './write.ts';

describe('guardCsvCell', () => {
  it.each([
    ['=HYPERLINK("https://evil.example","click")', `'=HYPERLINK("https://evil.example","click")`],
    ['+cmd|" /C calc"!A0', `'+cmd|" /C calc"!A0`],
    ['-2+3+cmd|" /C calc"!A0', `'-2+3+cmd|" /C calc"!A0`],
    ['@SUM(1+1)*cmd|" /C calc"!A0', `'@SUM(1+1)*cmd|" /C calc"!A0`],
    ['\t=1+1', `'\t=1+1`],
    ['\r=1+1', `'\r=1+1`],
    ['+49 30 1234', `'+49 30 1234`],
    ['Jana Schröder', 'Jana Schröder'],
    ['a=b', 'a=b'],
    ['', ''],
  ])('guards %j', (value, expected) => {
    expect(guardCsvCell(value)).toBe(expected);
    expect(unguardCsvCell(guardCsvCell(value))).toBe(value);
  });

  it('leaves a text that only starts with an apostrophe alone when reading back', () => {
    expect(unguardCsvCell("'quoted'")).toBe("'quoted'");
  });
});

describe('writeCsv', () => {
  it('writes guarded, quoted cells that parse back to what was written', () => {
    const rows = [
      ['Name', 'Notes'],
      ['=1+1', 'a; "b"\nc'],
      [' padded ', '@here'],
    ];
    const text = writeCsv(rows);

    expect(text.startsWith('\uFEFFName;Notes\r\n')).toBe(true);
    expect(text).toContain(`'=1+1;"a; ""b""\nc"`);
    expect(csvCell('-1', ',')).toBe("'-1");
    expect(csvCell('a,b', ',')).toBe('"a,b"');
    const parsed = parseCsv(text.slice(1), { delimiter: ';' });
    expect(parsed.rows.map((cells) => cells.map(unguardCsvCell))).toEqual(rows);
  });
});
