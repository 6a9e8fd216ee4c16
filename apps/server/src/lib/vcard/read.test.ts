import { describe, expect, it } from 'vitest';
import { readVcards } from './read.ts';
import { processorMsOf } from '../../test/processor-time.ts';

/*
 * A hostile vCard must cost time in proportion to its size: unfolding used to rebuild the
 * growing logical line at every folded line, so a 4.9 MB file of folded lines held the
 * document reader for 15 s (and every delivery's check behind it).
 */

const CRLF = '\r\n';
const MB = 1024 * 1024;

function latin1(text: string): Buffer {
  return Buffer.from(text, 'latin1');
}

/** One card whose NOTE goes on in folded lines of one character each, `bytes` long. */
function tinyFolds(bytes: number, fold = ' x'): Buffer {
  const count = Math.floor(bytes / (fold.length + 2));
  return latin1(
    `BEGIN:VCARD${CRLF}VERSION:3.0${CRLF}FN:Folded${CRLF}NOTE:start${CRLF}${`${fold}${CRLF}`.repeat(count)}EMAIL:after@example.de${CRLF}END:VCARD${CRLF}`,
  );
}

/** A property whose name and parameters are folded (the colon comes last). */
function foldedHead(bytes: number): Buffer {
  const count = Math.floor(bytes / 4);
  return latin1(
    `BEGIN:VCARD${CRLF}FN:Head${CRLF}NOTE;X="${` ;${CRLF}`.repeat(count)}":a${CRLF}END:VCARD${CRLF}`,
  );
}

/** Cards of a real shape, each with a NOTE folded at 75 characters (as phones write them). */
function ordinaryCards(bytes: number): Buffer {
  const fold = ` ${'n'.repeat(74)}${CRLF}`;
  const parts: string[] = [];
  let size = 0;
  for (let number = 1; size < bytes; number += 1) {
    const card = `BEGIN:VCARD${CRLF}VERSION:3.0${CRLF}FN:Person ${number}${CRLF}EMAIL:p${number}@example.de${CRLF}NOTE:start${CRLF}${fold.repeat(20)}END:VCARD${CRLF}`;
    parts.push(card);
    size += card.length;
  }
  return latin1(parts.join(''));
}

function millisecondsOf(read: () => unknown): number {
  return processorMsOf(read);
}

/** The best of three runs: a loaded machine makes every run slower, never one faster. */
function bestOf(bytes: Buffer): number {
  return Math.min(
    ...[1, 2, 3].map(() => millisecondsOf(() => readVcards(bytes, { maxCards: 5000 }))),
  );
}

describe('reading a hostile vCard', () => {
  it('unfolds 5 MB of one-character folded lines in well under a second', () => {
    const large = tinyFolds(5 * MB);
    readVcards(tinyFolds(MB), { maxCards: 10 });
    // Took 9 to 15 s: every fold copied the line so far (up to the 64 KB line limit, so the
    // time grew with the size all the same, and a time ratio could not tell). Linear
    // reading takes about 0.2 s; the bound leaves room for a loaded machine.
    expect(bestOf(large)).toBeLessThan(1500);
    // A logical line longer than a line may be is skipped; the properties after it count.
    const { cards } = readVcards(large, { maxCards: 10 });
    expect(cards).toEqual([
      expect.objectContaining({ name: 'Folded', notes: '', email: 'after@example.de' }),
    ]);
  });

  it('unfolds a 5 MB folded property head in linear time', () => {
    const large = foldedHead(5 * MB);
    expect(bestOf(large)).toBeLessThan(1500);
    expect(readVcards(large, { maxCards: 10 }).cards).toEqual([
      expect.objectContaining({ name: 'Head', notes: '' }),
    ]);
  });

  it('reads 5 MB of ordinary folded cards in linear time, keeping every note', () => {
    const large = ordinaryCards(5 * MB);
    expect(bestOf(large)).toBeLessThan(1500);
    const { cards } = readVcards(large, { maxCards: 5000 });
    expect(cards.length).toBeGreaterThan(3000);
    expect(cards[0]).toMatchObject({ name: 'Person 1', email: 'p1@example.de' });
    expect(cards[0]?.notes).toBe(`start${'n'.repeat(74 * 20)}`);
  });

  it('joins QUOTED-PRINTABLE soft line breaks, and skips a 5 MB run of them quickly', () => {
    const head = `BEGIN:VCARD${CRLF}VERSION:2.1${CRLF}FN:Soft${CRLF}NOTE;ENCODING=QUOTED-PRINTABLE:`;
    const soft = (count: number) =>
      latin1(`${head}${`=41=42=${CRLF}`.repeat(count)}end${CRLF}END:VCARD${CRLF}`);
    expect(readVcards(soft(3), { maxCards: 10 }).cards[0]?.notes).toBe('ABABABend');
    const large = soft(Math.floor((5 * MB) / 9));
    expect(bestOf(large)).toBeLessThan(1500);
    expect(readVcards(large, { maxCards: 10 }).cards[0]).toMatchObject({ name: 'Soft' });
  });

  it.each([
    ['CRLF', ['\r\n']],
    ['LF', ['\n']],
    ['CR (old Macs)', ['\r']],
    ['mixed', ['\r\n', '\n', '\r']],
  ])('reads a card with %s line breaks', (_kind, breaks) => {
    const lines = [
      'BEGIN:VCARD',
      'FN:Jana',
      'NOTE:one',
      ' two',
      'EMAIL:jana@example.de',
      'END:VCARD',
    ];
    const text = lines
      .map((line, index) => `${line}${breaks[index % breaks.length] ?? ''}`)
      .join('');
    expect(readVcards(latin1(text), { maxCards: 10 }).cards).toEqual([
      expect.objectContaining({ name: 'Jana', notes: 'onetwo', email: 'jana@example.de' }),
    ]);
  });
});
