import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeQrPng } from '../test/qr-code.ts';
import { hasTool } from '../test/sealing.ts';
import {
  buildEpcQrPayload,
  EPC_QR_MAX_PAYLOAD_BYTES,
  EpcQrError,
  makeCreditorReference,
  renderEpcQrPng,
  toCreditorReference,
  tryBuildEpcQrPayload,
} from './epc-qr.ts';

const transfer = {
  beneficiaryName: 'Stadtwerke Müllheim GmbH',
  iban: 'DE89 3704 0044 0532 0130 00',
  amount: 14268,
  currency: 'EUR',
  reference: 'Invoice 2025-88123',
};

const amountOf = (amount: number) => buildEpcQrPayload({ ...transfer, amount }).split('\n')[7];

describe('EPC QR payload (EPC069-12 v2)', () => {
  it('writes the twelve elements in order, leaving out the empty ones at the end', () => {
    expect(buildEpcQrPayload(transfer).split('\n')).toEqual([
      'BCD',
      '002',
      '1',
      'SCT',
      '',
      'Stadtwerke Müllheim GmbH',
      'DE89370400440532013000',
      'EUR142.68',
      '',
      '',
      'Invoice 2025-88123',
    ]);
  });

  it('puts a valid RF creditor reference in the structured field, and nothing after it', () => {
    const payload = buildEpcQrPayload({
      ...transfer,
      bic: 'cobadeffxxx',
      reference: 'rf18 5390 0754 7034',
    });
    expect(payload).toBe(
      'BCD\n002\n1\nSCT\nCOBADEFFXXX\nStadtwerke Müllheim GmbH\nDE89370400440532013000\nEUR142.68\n\nRF18539007547034',
    );
  });

  it('treats an RF reference with wrong check digits as free text', () => {
    expect(toCreditorReference('RF18539007547034')).toBe('RF18539007547034');
    expect(toCreditorReference('RF19539007547034')).toBeUndefined();
    expect(buildEpcQrPayload({ ...transfer, reference: 'RF19539007547034' })).toMatch(
      /\n\nRF19539007547034$/,
    );
    expect(
      buildEpcQrPayload({ ...transfer, reference: 'RF19539007547034' }).split('\n'),
    ).toHaveLength(11);
  });

  it('makes creditor references that validate', () => {
    const reference = makeCreditorReference('TV2026BEITRAG0042');
    expect(reference).toMatch(/^RF\d{2}TV2026BEITRAG0042$/);
    expect(toCreditorReference(reference)).toBe(reference);
  });

  it('formats amounts in euros with two decimals', () => {
    expect(amountOf(1)).toBe('EUR0.01');
    expect(amountOf(1200)).toBe('EUR12.00');
    expect(amountOf(99_999_999_999)).toBe('EUR999999999.99');
  });

  it('refuses what an EPC QR code cannot carry', () => {
    const cases = [
      { ...transfer, currency: 'CHF' },
      { ...transfer, amount: 0 },
      { ...transfer, amount: 100_000_000_000 },
      { ...transfer, amount: 12.5 },
      { ...transfer, iban: 'not an iban' },
      { ...transfer, bic: 'SHORT' },
      { ...transfer, beneficiaryName: '  ' },
      { ...transfer, reference: 'x'.repeat(141) },
    ];
    for (const input of cases) {
      expect(() => buildEpcQrPayload(input)).toThrow(EpcQrError);
      expect(tryBuildEpcQrPayload(input)).toBeUndefined();
    }
  });

  it('keeps every field on its own line and within the limits', () => {
    const payload = buildEpcQrPayload({
      ...transfer,
      beneficiaryName: `A very long company name\nwith a line break ${'x'.repeat(80)}`,
      reference: 'Invoice\r\n42',
    });
    const lines = payload.split('\n');
    expect(lines).toHaveLength(11);
    expect(lines[5]).toHaveLength(70);
    expect(lines[5]).toMatch(/^A very long company name with a line break x+$/);
    expect(lines[10]).toBe('Invoice 42');
  });

  it('stays within 331 bytes, counting UTF-8 bytes, not characters', () => {
    const longest = buildEpcQrPayload({
      ...transfer,
      bic: 'COBADEFFXXX',
      beneficiaryName: 'N'.repeat(70),
      iban: `MT84MALT011000012345MTLCAST001S`,
      amount: 99_999_999_999,
      reference: 'r'.repeat(140),
    });
    expect(Buffer.byteLength(longest)).toBeLessThanOrEqual(EPC_QR_MAX_PAYLOAD_BYTES);
    // 140 three-byte characters do not fit next to a long name: refused, never cut short.
    expect(() =>
      buildEpcQrPayload({
        ...transfer,
        beneficiaryName: 'N'.repeat(70),
        reference: '€'.repeat(140),
      }),
    ).toThrow(/331 bytes/);
  });

  it('renders a PNG that a QR reader decodes to the exact payload', async () => {
    const payload = buildEpcQrPayload({ ...transfer, reference: 'Jahresabrechnung – Zähler 1ESY' });
    const png = await renderEpcQrPng(payload);
    expect(png.subarray(0, 8)).toEqual(
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    );
    expect(decodeQrPng(png)).toBe(payload);
  });

  describe.skipIf(!hasTool('zbarimg'))('read by zbar (zbarimg)', () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'kuvert-qr-'));
    afterAll(() => rmSync(folder, { recursive: true, force: true }));

    /** What zbar reads from the PNG, as UTF-8 (zbar turns what it decoded into UTF-8). */
    async function zbarRead(payload: string): Promise<string> {
      const file = path.join(folder, 'code.png');
      writeFileSync(file, await renderEpcQrPng(payload));
      const result = spawnSync('zbarimg', ['--quiet', '--raw', file], { encoding: 'utf8' });
      expect(result.status).toBe(0);
      return result.stdout.replace(/\n$/, '');
    }

    it('decodes umlauts as UTF-8, not as Shift JIS ("M羹llheim"): the code says UTF-8 (ECI 26)', async () => {
      const payload = buildEpcQrPayload({ ...transfer, reference: 'Zähler 1ESY – Müllheim' });
      expect(await zbarRead(payload)).toBe(payload);
      expect(await zbarRead('Müllheim')).toBe('Müllheim');
    });

    it('decodes the longest payload, with Greek and the euro sign, to the same bytes', async () => {
      const payload = buildEpcQrPayload({
        ...transfer,
        bic: 'COBADEFFXXX',
        beneficiaryName: `Ζωή Παπαδοπούλου ${'N'.repeat(50)}`,
        amount: 99_999_999_999,
        reference: `€ ${'r'.repeat(120)}`,
      });
      expect(Buffer.byteLength(payload, 'utf8')).toBeGreaterThan(250);
      expect(await zbarRead(payload)).toBe(payload);
      expect(decodeQrPng(await renderEpcQrPng(payload))).toBe(payload);
    });
  });
});
