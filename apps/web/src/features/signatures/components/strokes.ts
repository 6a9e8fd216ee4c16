import { SIGNATURE_MAX_POINTS, SIGNATURE_MAX_STROKES } from '@kuvert/shared/signatures';
import type { SignatureStrokes } from '@kuvert/shared/signatures';

export type Point = [number, number];

interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

const clamp = (value: number) => Math.min(1, Math.max(0, value));
/** Four decimals are a tenth of a pixel on a 1000 px wide box: plenty, and small to send. */
const round = (value: number) => Math.round(value * 10_000) / 10_000;

/** A pointer position relative to the drawing box: 0 ≤ x, y ≤ 1, y downwards. */
export function normalisePoint(clientX: number, clientY: number, box: Box): Point {
  if (box.width <= 0 || box.height <= 0) return [0, 0];
  return [
    round(clamp((clientX - box.left) / box.width)),
    round(clamp((clientY - box.top) / box.height)),
  ];
}

/** Points closer than this to the last one add nothing visible and only use up the budget. */
const MIN_STEP = 0.002;

export function countPoints(strokes: readonly (readonly Point[])[]): number {
  return strokes.reduce((sum, stroke) => sum + stroke.length, 0);
}

/** Whether a point may be added to the stroke: far enough from the last, within the limits. */
export function acceptsPoint(
  strokes: readonly (readonly Point[])[],
  stroke: readonly Point[],
  point: Point,
): boolean {
  if (countPoints(strokes) + stroke.length >= SIGNATURE_MAX_POINTS) return false;
  const last = stroke.at(-1);
  if (last === undefined) return true;
  return Math.hypot(point[0] - last[0], point[1] - last[1]) >= MIN_STEP;
}

export function canStartStroke(strokes: readonly (readonly Point[])[]): boolean {
  return strokes.length < SIGNATURE_MAX_STROKES && countPoints(strokes) < SIGNATURE_MAX_POINTS;
}

/** What is sent: the strokes as drawn, or null when nothing was drawn. */
export function toSignatureStrokes(
  strokes: readonly (readonly Point[])[],
): SignatureStrokes | null {
  const drawn = strokes.filter((stroke) => stroke.length > 0).map((stroke) => [...stroke]);
  return drawn.length === 0 ? null : drawn;
}
