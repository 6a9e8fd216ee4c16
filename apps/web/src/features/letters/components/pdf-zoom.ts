export const MIN_ZOOM = 0.5;
export const MAX_ZOOM = 3;
export const ZOOM_STEP = 0.25;

export function clampZoom(scale: number): number {
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, Math.round(scale * 100) / 100));
}

/** The scale at which a page of `pageWidth` points fills `containerWidth` pixels. */
export function fitWidthScale(pageWidth: number, containerWidth: number): number {
  if (pageWidth <= 0 || containerWidth <= 0) return 1;
  // Never blow a page up beyond twice its size, nor shrink it to nothing.
  return Math.min(2, Math.max(0.25, containerWidth / pageWidth));
}
