/*
 * How hard a masked QR symbol is to read (ISO/IEC 18004:2015 §7.8.3): long runs of one
 * colour, 2 × 2 blocks, patterns that look like a finder pattern, and an uneven share of dark
 * modules each cost points; the mask with the fewest wins.
 */

const RUN = 3;
const BLOCK = 3;
const FINDER_LIKE = 40;
const BALANCE = 10;

/** 1:1:3:1:1 with four light modules on one side, as 11-bit windows. */
const FINDER_PATTERNS = [0b10111010000, 0b00001011101];

function lineScore(line: readonly boolean[]): number {
  let score = 0;
  let runLength = 0;
  let window = 0;
  line.forEach((isDark, index) => {
    runLength = index > 0 && line[index - 1] === isDark ? runLength + 1 : 1;
    if (runLength === 5) score += RUN;
    else if (runLength > 5) score += 1;
    window = ((window << 1) | (isDark ? 1 : 0)) & 0x7ff;
    if (index >= 10 && FINDER_PATTERNS.includes(window)) score += FINDER_LIKE;
  });
  return score;
}

export function penaltyOf(modules: readonly boolean[][]): number {
  const size = modules.length;
  const cell = (x: number, y: number) => modules[y]?.[x] ?? false;
  let score = 0;
  let dark = 0;
  for (let y = 0; y < size; y += 1) {
    score += lineScore(modules[y] ?? []);
    score += lineScore(Array.from({ length: size }, (_, x) => cell(y, x)));
    for (let x = 0; x < size; x += 1) {
      if (cell(x, y)) dark += 1;
      if (x + 1 >= size || y + 1 >= size) continue;
      const colour = cell(x, y);
      if (cell(x + 1, y) === colour && cell(x, y + 1) === colour && cell(x + 1, y + 1) === colour) {
        score += BLOCK;
      }
    }
  }
  const percent = (dark * 100) / (size * size);
  score += Math.floor(Math.abs(percent - 50) / 5) * BALANCE;
  return score;
}
