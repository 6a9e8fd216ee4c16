/*
 * The codewords of a QR code (ISO/IEC 18004:2015) that carries UTF-8 bytes at level M: an ECI
 * segment naming UTF-8 (designator 26), the bytes in byte mode (§7.4), then Reed–Solomon error
 * correction, blocks interleaved (§7.5, §7.6). qr-code.ts places them in the symbol.
 */

/** Level M, versions 1 to 40 (index 0 unused): error-correction codewords per block, blocks. */
const ECC_PER_BLOCK = [
  0, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28, 28, 28,
  28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28,
];
const BLOCKS = [
  0, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23, 25,
  26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49,
];
const UTF8_ECI = 26;

const at = (values: readonly number[], index: number): number => values[index] ?? 0;

/** Modules that carry data and error correction (everything but function patterns). */
function rawDataModules(version: number): number {
  let result = (16 * version + 128) * version + 64;
  if (version >= 2) {
    const alignments = Math.floor(version / 7) + 2;
    result -= (25 * alignments - 10) * alignments - 55;
    if (version >= 7) result -= 36;
  }
  return result;
}

const dataCodewords = (version: number) =>
  Math.floor(rawDataModules(version) / 8) - at(ECC_PER_BLOCK, version) * at(BLOCKS, version);

class Bits {
  readonly values: number[] = [];
  put(value: number, length: number): void {
    for (let bit = length - 1; bit >= 0; bit -= 1) this.values.push((value >>> bit) & 1);
  }
}

/** ECI 26, then byte mode; terminator, padding to a byte, pad codewords 0xEC 0x11 (§7.4.10). */
export function dataCodewordsOf(bytes: Uint8Array, version: number): number[] {
  const bits = new Bits();
  bits.put(0b0111, 4);
  bits.put(UTF8_ECI, 8);
  bits.put(0b0100, 4);
  bits.put(bytes.length, version <= 9 ? 8 : 16);
  for (const byte of bytes) bits.put(byte, 8);
  const capacity = dataCodewords(version) * 8;
  bits.put(0, Math.min(4, capacity - bits.values.length));
  bits.put(0, (8 - (bits.values.length % 8)) % 8);
  for (let pad = 0xec; bits.values.length < capacity; pad ^= 0xec ^ 0x11) bits.put(pad, 8);
  const codewords: number[] = [];
  for (let index = 0; index < bits.values.length; index += 8) {
    codewords.push(bits.values.slice(index, index + 8).reduce((byte, bit) => (byte << 1) | bit, 0));
  }
  return codewords;
}

/** The smallest version (1 to 40) that holds `length` bytes, or undefined. */
export function versionFor(length: number): number | undefined {
  for (let version = 1; version <= 40; version += 1) {
    const bits = 4 + 8 + 4 + (version <= 9 ? 8 : 16) + 8 * length;
    if (bits <= dataCodewords(version) * 8) return version;
  }
  return undefined;
}

/** Multiplication in GF(2⁸) modulo x⁸ + x⁴ + x³ + x² + 1. */
function multiply(left: number, right: number): number {
  let product = 0;
  for (let bit = 7; bit >= 0; bit -= 1) {
    product = (product << 1) ^ ((product >>> 7) * 0x11d);
    product ^= ((right >>> bit) & 1) * left;
  }
  return product;
}

function reedSolomonDivisor(degree: number): number[] {
  const divisor: number[] = Array.from({ length: degree }, () => 0);
  divisor[degree - 1] = 1;
  let root = 1;
  for (let step = 0; step < degree; step += 1) {
    for (let index = 0; index < degree; index += 1) {
      divisor[index] = multiply(at(divisor, index), root) ^ at(divisor, index + 1);
    }
    root = multiply(root, 2);
  }
  return divisor;
}

function reedSolomonRemainder(data: readonly number[], divisor: readonly number[]): number[] {
  const remainder: number[] = divisor.map(() => 0);
  for (const byte of data) {
    const factor = byte ^ at(remainder, 0);
    remainder.shift();
    remainder.push(0);
    divisor.forEach((coefficient, index) => {
      remainder[index] = at(remainder, index) ^ multiply(coefficient, factor);
    });
  }
  return remainder;
}

/** The data split into blocks, each with its error correction, then interleaved (§7.6). */
export function withErrorCorrection(data: readonly number[], version: number): number[] {
  const blockCount = at(BLOCKS, version);
  const eccLength = at(ECC_PER_BLOCK, version);
  const rawCodewords = Math.floor(rawDataModules(version) / 8);
  const shortBlocks = blockCount - (rawCodewords % blockCount);
  const shortLength = Math.floor(rawCodewords / blockCount);
  const divisor = reedSolomonDivisor(eccLength);
  const blocks: number[][] = [];
  for (let index = 0, offset = 0; index < blockCount; index += 1) {
    const length = shortLength - eccLength + (index < shortBlocks ? 0 : 1);
    const block = data.slice(offset, offset + length);
    offset += length;
    const ecc = reedSolomonRemainder(block, divisor);
    // A short block gets a placeholder, so that every block lines up for the interleaving.
    if (index < shortBlocks) block.push(0);
    blocks.push([...block, ...ecc]);
  }
  const result: number[] = [];
  for (let column = 0; column < shortLength + 1; column += 1) {
    blocks.forEach((block, index) => {
      const isPlaceholder = column === shortLength - eccLength && index < shortBlocks;
      if (!isPlaceholder) result.push(at(block, column));
    });
  }
  return result;
}
