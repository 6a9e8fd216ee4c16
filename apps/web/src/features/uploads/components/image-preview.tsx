import { ActionIcon, Button, Group, Paper, Text, Tooltip } from '@mantine/core';
import { IconZoomIn, IconZoomOut } from '@tabler/icons-react';
import type { KeyboardEvent, ReactNode } from 'react';
import { useCallback, useState } from 'react';
import { getLanguage, useTranslation } from '../../../lib/i18n.ts';
import { getNumberFormat } from '../../../lib/intl-format.ts';
import classes from './image-preview.module.css';

type Zoom = { mode: 'fit' } | { mode: 'scale'; scale: number };

const ZOOM_STEPS = [0.25, 0.5, 0.75, 1, 1.5, 2, 3, 4];

/** The next step up or down from the scale shown now. */
function stepFrom(current: number, direction: 1 | -1): number {
  if (direction === 1) return ZOOM_STEPS.find((step) => step > current + 0.001) ?? 4;
  return ZOOM_STEPS.findLast((step) => step < current - 0.001) ?? 0.25;
}

interface ZoomButtonProps {
  label: string;
  onClick: () => void;
  icon: ReactNode;
  disabled: boolean;
}

function ZoomButton({ label, onClick, icon, disabled }: ZoomButtonProps) {
  return (
    <Tooltip label={label}>
      <ActionIcon
        variant="subtle"
        color="gray.8"
        size="lg"
        onClick={onClick}
        aria-label={label}
        disabled={disabled}
      >
        {icon}
      </ActionIcon>
    </Tooltip>
  );
}

interface ImagePreviewProps {
  url: string;
  name: string;
}

/**
 * The picture, fitted to the page or at a chosen zoom: buttons, and +, -, 0 (fit) and 1
 * (100 %) when the picture has focus. Larger than the frame, it scrolls.
 */
export function ImagePreview({ url, name }: ImagePreviewProps) {
  const { t } = useTranslation();
  const [zoom, setZoom] = useState<Zoom>({ mode: 'fit' });
  const [natural, setNatural] = useState<{ width: number; height: number } | null>(null);
  const [fittedScale, setFittedScale] = useState(1);
  const scale = zoom.mode === 'fit' ? fittedScale : zoom.scale;
  // Fitted, the picture's scale follows the page's width (resize, rotation).
  const imageRef = useCallback((image: HTMLImageElement | null) => {
    if (image === null) return;
    const observer = new ResizeObserver(() => {
      if (image.naturalWidth === 0 || image.closest('[data-fit]') === null) return;
      setFittedScale(image.clientWidth / image.naturalWidth);
    });
    observer.observe(image);
    return () => observer.disconnect();
  }, []);
  const zoomBy = (direction: 1 | -1) =>
    setZoom({ mode: 'scale', scale: stepFrom(scale, direction) });

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const actions: Record<string, () => void> = {
      '+': () => zoomBy(1),
      '=': () => zoomBy(1),
      '-': () => zoomBy(-1),
      '0': () => setZoom({ mode: 'fit' }),
      '1': () => setZoom({ mode: 'scale', scale: 1 }),
    };
    const action = actions[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };

  return (
    <Paper withBorder radius="md" className={classes.frame}>
      <Group justify="flex-end" gap={4} px="sm" py={6} className={classes.toolbar}>
        <ZoomButton
          label={t('pdf.zoomOut')}
          onClick={() => zoomBy(-1)}
          icon={<IconZoomOut size={20} aria-hidden="true" />}
          disabled={natural === null}
        />
        <Text size="sm" c="dimmed" miw={48} ta="center" aria-live="polite" data-testid="image-zoom">
          {getNumberFormat(getLanguage(), { style: 'percent' }).format(
            Math.round(scale * 100) / 100,
          )}
        </Text>
        <ZoomButton
          label={t('pdf.zoomIn')}
          onClick={() => zoomBy(1)}
          icon={<IconZoomIn size={20} aria-hidden="true" />}
          disabled={natural === null}
        />
        <Button
          size="compact-sm"
          variant={zoom.mode === 'fit' ? 'light' : 'default'}
          aria-pressed={zoom.mode === 'fit'}
          onClick={() => setZoom({ mode: 'fit' })}
        >
          {t('uploads.preview.fit')}
        </Button>
        <Button
          size="compact-sm"
          variant={zoom.mode === 'scale' && zoom.scale === 1 ? 'light' : 'default'}
          aria-pressed={zoom.mode === 'scale' && zoom.scale === 1}
          onClick={() => setZoom({ mode: 'scale', scale: 1 })}
        >
          {t('uploads.preview.actualSize')}
        </Button>
      </Group>
      <div
        className={classes.region}
        data-fit={zoom.mode === 'fit' || undefined}
        role="region"
        aria-label={t('uploads.preview.imageRegion', { name })}
        tabIndex={0}
        onKeyDown={handleKeyDown}
      >
        <img
          src={url}
          alt={name}
          className={classes.image}
          style={
            zoom.mode === 'scale' && natural !== null
              ? { width: natural.width * zoom.scale, height: natural.height * zoom.scale }
              : undefined
          }
          ref={imageRef}
          onLoad={(event) => {
            const image = event.currentTarget;
            setNatural({ width: image.naturalWidth, height: image.naturalHeight });
            setFittedScale(image.naturalWidth > 0 ? image.clientWidth / image.naturalWidth : 1);
          }}
        />
      </div>
    </Paper>
  );
}
