import { dataCodewordsOf, versionFor, withErrorCorrection } from './qr-code-data.ts';
import { penaltyOf } from './qr-code-penalty.ts';

/*
 * A QR code (ISO/IEC 18004:2015) of UTF-8 text marked as such: an ECI segment naming UTF-8,
 * then the bytes, error-correction level M (qr-code-data.ts). The `qrcode` package writes no
 * ECI segment, and without one a reader may take the bytes for ISO 8859-1 or Shift JIS
 * ("M羹llheim" for "Müllheim"). Here: the function patterns, the codewords in their zigzag,
 * the mask with the lowest penalty (§7.8), format and version information (§7.9, §7.10).
 */

/** The two bits level M has in the format information. */
const LEVEL_M_BITS = 0b00;

export interface QrMatrix {
  /** Modules per side, without the quiet zone. */
  size: number;
  /** Row by row, `size` × `size`; true is a dark module. */
  modules: boolean[][];
}

function alignmentPositions(version: number, size: number): number[] {
  if (version === 1) return [];
  const count = Math.floor(version / 7) + 2;
  const step = Math.floor((version * 8 + count * 3 + 5) / (count * 4 - 4)) * 2;
  const positions = [6];
  for (let position = size - 7; positions.length < count; position -= step) {
    positions.splice(1, 0, position);
  }
  return positions;
}

const MASKS: Array<(x: number, y: number) => boolean> = [
  (x, y) => (x + y) % 2 === 0,
  (_x, y) => y % 2 === 0,
  (x) => x % 3 === 0,
  (x, y) => (x + y) % 3 === 0,
  (x, y) => (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0,
  (x, y) => ((x * y) % 2) + ((x * y) % 3) === 0,
  (x, y) => (((x * y) % 2) + ((x * y) % 3)) % 2 === 0,
  (x, y) => (((x + y) % 2) + ((x * y) % 3)) % 2 === 0,
];

class QrSymbol {
  readonly size: number;
  readonly modules: boolean[][];
  readonly isFunction: boolean[][];
  readonly version: number;

  constructor(version: number) {
    this.version = version;
    this.size = version * 4 + 17;
    const grid = () =>
      Array.from({ length: this.size }, () => Array.from({ length: this.size }, () => false));
    this.modules = grid();
    this.isFunction = grid();
  }

  isDark(x: number, y: number): boolean {
    return this.modules[y]?.[x] ?? false;
  }

  setFunction(x: number, y: number, isDark: boolean): void {
    const row = this.modules[y];
    const functionRow = this.isFunction[y];
    if (!row || !functionRow || x < 0 || x >= this.size) return;
    row[x] = isDark;
    functionRow[x] = true;
  }

  drawFunctionPatterns(): void {
    for (let index = 0; index < this.size; index += 1) {
      this.setFunction(6, index, index % 2 === 0);
      this.setFunction(index, 6, index % 2 === 0);
    }
    for (const [x, y] of [
      [3, 3],
      [this.size - 4, 3],
      [3, this.size - 4],
    ] satisfies Array<[number, number]>) {
      for (let dy = -4; dy <= 4; dy += 1) {
        for (let dx = -4; dx <= 4; dx += 1) {
          const distance = Math.max(Math.abs(dx), Math.abs(dy));
          this.setFunction(x + dx, y + dy, distance !== 2 && distance !== 4);
        }
      }
    }
    const positions = alignmentPositions(this.version, this.size);
    const last = positions.length - 1;
    positions.forEach((x, i) => {
      positions.forEach((y, j) => {
        // Not over the finder patterns.
        if ((i === 0 && j === 0) || (i === 0 && j === last) || (i === last && j === 0)) return;
        for (let dy = -2; dy <= 2; dy += 1) {
          for (let dx = -2; dx <= 2; dx += 1) {
            this.setFunction(x + dx, y + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1);
          }
        }
      });
    });
    this.drawFormatBits(0);
    this.drawVersion();
  }

  /** Level and mask, BCH(15,5), XOR 101010000010010 (§7.9). */
  drawFormatBits(mask: number): void {
    const data = (LEVEL_M_BITS << 3) | mask;
    let remainder = data;
    for (let step = 0; step < 10; step += 1)
      remainder = (remainder << 1) ^ ((remainder >>> 9) * 0x537);
    const bits = ((data << 10) | remainder) ^ 0x5412;
    const bit = (index: number) => ((bits >>> index) & 1) === 1;
    for (let index = 0; index <= 5; index += 1) this.setFunction(8, index, bit(index));
    this.setFunction(8, 7, bit(6));
    this.setFunction(8, 8, bit(7));
    this.setFunction(7, 8, bit(8));
    for (let index = 9; index < 15; index += 1) this.setFunction(14 - index, 8, bit(index));
    for (let index = 0; index < 8; index += 1)
      this.setFunction(this.size - 1 - index, 8, bit(index));
    for (let index = 8; index < 15; index += 1)
      this.setFunction(8, this.size - 15 + index, bit(index));
    this.setFunction(8, this.size - 8, true);
  }

  /** From version 7: the version, BCH(18,6), twice (§7.10). */
  drawVersion(): void {
    if (this.version < 7) return;
    let remainder = this.version;
    for (let step = 0; step < 12; step += 1)
      remainder = (remainder << 1) ^ ((remainder >>> 11) * 0x1f25);
    const bits = (this.version << 12) | remainder;
    for (let index = 0; index < 18; index += 1) {
      const isDark = ((bits >>> index) & 1) === 1;
      const a = this.size - 11 + (index % 3);
      const b = Math.floor(index / 3);
      this.setFunction(a, b, isDark);
      this.setFunction(b, a, isDark);
    }
  }

  /** Two columns at a time from the right, up then down, skipping the vertical timing line. */
  drawCodewords(codewords: readonly number[]): void {
    let bitIndex = 0;
    for (let right = this.size - 1; right >= 1; right -= 2) {
      if (right === 6) right = 5;
      for (let step = 0; step < this.size; step += 1) {
        for (let column = 0; column < 2; column += 1) {
          const x = right - column;
          const isUpward = ((right + 1) & 2) === 0;
          const y = isUpward ? this.size - 1 - step : step;
          const row = this.modules[y];
          if (!row || this.isFunction[y]?.[x] || bitIndex >= codewords.length * 8) continue;
          const codeword = codewords[bitIndex >>> 3] ?? 0;
          row[x] = ((codeword >>> (7 - (bitIndex & 7))) & 1) === 1;
          bitIndex += 1;
        }
      }
    }
  }

  /** XOR (so applying it twice undoes it) the data modules with mask `mask`. */
  applyMask(mask: number): void {
    const isMasked = MASKS[mask];
    if (!isMasked) return;
    this.modules.forEach((row, y) => {
      row.forEach((isDark, x) => {
        if (!this.isFunction[y]?.[x] && isMasked(x, y)) row[x] = !isDark;
      });
    });
  }
}

/** The symbol of `bytes`, read as UTF-8 by any reader that honours ECI. */
export function encodeUtf8QrCode(bytes: Uint8Array): QrMatrix {
  const version = versionFor(bytes.length);
  if (version === undefined) throw new RangeError('Too many bytes for a QR code at level M');
  const symbol = new QrSymbol(version);
  symbol.drawFunctionPatterns();
  symbol.drawCodewords(withErrorCorrection(dataCodewordsOf(bytes, version), version));
  let best = { mask: 0, penalty: Number.POSITIVE_INFINITY };
  for (let mask = 0; mask < MASKS.length; mask += 1) {
    symbol.applyMask(mask);
    symbol.drawFormatBits(mask);
    const penalty = penaltyOf(symbol.modules);
    if (penalty < best.penalty) best = { mask, penalty };
    symbol.applyMask(mask);
  }
  symbol.applyMask(best.mask);
  symbol.drawFormatBits(best.mask);
  return { size: symbol.size, modules: symbol.modules };
}
