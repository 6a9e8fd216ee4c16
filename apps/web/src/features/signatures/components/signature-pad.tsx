import { Button, Group, Stack, Text } from '@mantine/core';
import { IconEraser } from '@tabler/icons-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { PointerEvent } from 'react';
import { SIGNATURE_BOX_ASPECT } from '@kuvert/shared/signatures';
import { useTranslation } from '../../../lib/i18n.ts';
import classes from './signature-box.module.css';
import { acceptsPoint, canStartStroke, normalisePoint } from './strokes.ts';
import type { Point } from './strokes.ts';

interface SignaturePadProps {
  strokes: readonly Point[][];
  onChange: (strokes: Point[][]) => void;
  /** Named by the dialog: a problem such as "draw your signature". */
  error?: string | null;
  describedBy?: string;
}

/**
 * A 3:1 box to draw a signature in with a mouse, pen or finger. The strokes are kept
 * normalised to the box, so the drawing survives a resize and is sent as vectors.
 * Keyboard users sign on the "Type" tab; the box says so.
 */
export function SignaturePad({ strokes, onChange, error = null, describedBy }: SignaturePadProps) {
  const { t } = useTranslation();
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const [current, setCurrent] = useState<Point[] | null>(null);
  const hintId = useId();

  const redraw = useCallback(() => {
    const canvas = canvasRef.current;
    if (canvas === null) return;
    drawStrokes(canvas, current === null ? strokes : [...strokes, current]);
  }, [strokes, current]);

  useEffect(() => {
    redraw();
    const canvas = canvasRef.current;
    if (canvas === null || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => redraw());
    observer.observe(canvas);
    return () => observer.disconnect();
  }, [redraw]);

  // The stroke being drawn lives in a ref too: pointerup and lostpointercapture both end it,
  // and only the first may add it.
  const drawing = useRef<Point[] | null>(null);
  const setDrawing = (stroke: Point[] | null) => {
    drawing.current = stroke;
    setCurrent(stroke);
  };
  const start = (event: PointerEvent<HTMLCanvasElement>) => {
    if (event.button !== 0 || !canStartStroke(strokes)) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    setDrawing([pointOf(event)]);
  };
  const move = (event: PointerEvent<HTMLCanvasElement>) => {
    const stroke = drawing.current;
    if (stroke === null) return;
    const point = pointOf(event);
    if (!acceptsPoint(strokes, stroke, point)) return;
    setDrawing([...stroke, point]);
  };
  const end = () => {
    const stroke = drawing.current;
    if (stroke === null) return;
    setDrawing(null);
    onChange([...strokes, stroke]);
  };

  const hasDrawing = strokes.length > 0;
  return (
    <Stack gap="xs">
      <div className={classes.box} data-invalid={error !== null || undefined}>
        <canvas
          ref={canvasRef}
          className={classes.canvas}
          style={{ aspectRatio: `${SIGNATURE_BOX_ASPECT} / 1` }}
          role="img"
          aria-label={
            hasDrawing ? t('signatures.sign.drawAreaDrawn') : t('signatures.sign.drawAreaEmpty')
          }
          aria-describedby={[hintId, describedBy].filter(Boolean).join(' ')}
          data-testid="signature-pad"
          onPointerDown={start}
          onPointerMove={move}
          onPointerUp={end}
          onPointerCancel={end}
          onLostPointerCapture={end}
        />
        <span className={classes.line} aria-hidden="true" />
      </div>
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Text size="sm" c="dimmed" id={hintId}>
          {t('signatures.sign.drawHint')}
        </Text>
        <Button
          variant="default"
          size="compact-sm"
          style={{ flexShrink: 0 }}
          leftSection={<IconEraser size={16} aria-hidden="true" />}
          onClick={() => onChange([])}
          disabled={!hasDrawing}
        >
          {t('signatures.sign.clear')}
        </Button>
      </Group>
      {error === null ? null : (
        <Text size="sm" c="var(--mantine-color-error)" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}

const pointOf = (event: PointerEvent<HTMLCanvasElement>): Point =>
  normalisePoint(event.clientX, event.clientY, event.currentTarget.getBoundingClientRect());

/** Paints the strokes at the canvas' current size, sharp on high-density screens. */
function drawStrokes(canvas: HTMLCanvasElement, strokes: readonly (readonly Point[])[]) {
  const context = canvas.getContext('2d');
  if (context === null) return;
  const ratio = window.devicePixelRatio || 1;
  const width = canvas.clientWidth;
  const height = canvas.clientHeight;
  if (canvas.width !== Math.round(width * ratio)) canvas.width = Math.round(width * ratio);
  if (canvas.height !== Math.round(height * ratio)) canvas.height = Math.round(height * ratio);
  context.setTransform(ratio, 0, 0, ratio, 0, 0);
  context.clearRect(0, 0, width, height);
  context.strokeStyle = getComputedStyle(canvas).color;
  context.lineWidth = Math.max(2, height / 60);
  context.lineCap = 'round';
  context.lineJoin = 'round';
  for (const stroke of strokes) {
    const [first, ...rest] = stroke;
    if (first === undefined) continue;
    context.beginPath();
    context.moveTo(first[0] * width, first[1] * height);
    // A single tap is a dot.
    if (rest.length === 0) context.lineTo(first[0] * width + 0.1, first[1] * height);
    for (const [x, y] of rest) context.lineTo(x * width, y * height);
    context.stroke();
  }
}
