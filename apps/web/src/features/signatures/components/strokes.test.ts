// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { SIGNATURE_MAX_POINTS, signatureStrokesSchema } from '@kuvert/shared/signatures';
import { acceptsPoint, normalisePoint, toSignatureStrokes } from './strokes.ts';
import type { Point } from './strokes.ts';

const box = { left: 100, top: 50, width: 600, height: 200 };

describe('drawn signature strokes', () => {
  it('normalises pointer positions to the 3:1 box, clamped at its edges', () => {
    expect(normalisePoint(400, 150, box)).toEqual([0.5, 0.5]);
    expect(normalisePoint(50, 400, box)).toEqual([0, 1]);
    expect(normalisePoint(100 + 600 / 3, 50, box)).toEqual([0.3333, 0]);
  });

  it('sends what the shared schema accepts, and nothing when nothing was drawn', () => {
    const strokes: Point[][] = [
      [
        [0.1, 0.2],
        [0.2, 0.3],
      ],
      [],
      [[0.5, 0.5]],
    ];
    const sent = toSignatureStrokes(strokes);
    expect(sent).toEqual([
      [
        [0.1, 0.2],
        [0.2, 0.3],
      ],
      [[0.5, 0.5]],
    ]);
    expect(signatureStrokesSchema.safeParse(sent).success).toBe(true);
    expect(toSignatureStrokes([[]])).toBeNull();
  });

  it('skips points that add nothing and stops at the point budget', () => {
    expect(acceptsPoint([], [[0.5, 0.5]], [0.5001, 0.5])).toBe(false);
    expect(acceptsPoint([], [[0.5, 0.5]], [0.51, 0.5])).toBe(true);
    const full: Point[][] = [Array.from({ length: SIGNATURE_MAX_POINTS }, (): Point => [0, 0])];
    expect(acceptsPoint(full, [], [0.9, 0.9])).toBe(false);
  });
});
