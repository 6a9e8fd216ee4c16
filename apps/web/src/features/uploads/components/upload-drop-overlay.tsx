import { Stack, Text, ThemeIcon } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useDropzone } from 'react-dropzone';
import { useTranslation } from '../../../lib/i18n.ts';
import classes from './upload-drop-overlay.module.css';

interface UploadDropOverlayProps {
  onFiles: (files: File[]) => void;
}

const carriesFiles = (event: DragEvent) => event.dataTransfer?.types.includes('Files') === true;

/**
 * Files dragged over any part of the page (header and navigation included) show a drop target
 * over all of it. A file dropped is uploaded, never opened by the browser in place of the portal.
 */
export function UploadDropOverlay({ onFiles }: UploadDropOverlayProps) {
  const { t } = useTranslation();
  const [isVisible, setVisible] = useState(false);
  const { getRootProps, getInputProps } = useDropzone({
    onDrop: (files) => {
      setVisible(false);
      if (files.length > 0) onFiles(files);
    },
    onDragLeave: () => setVisible(false),
    noClick: true,
    noKeyboard: true,
    multiple: true,
  });

  useEffect(() => {
    const show = (event: DragEvent) => {
      if (carriesFiles(event)) setVisible(true);
    };
    document.addEventListener('dragenter', show);
    return () => document.removeEventListener('dragenter', show);
  }, []);

  return (
    <div
      {...getRootProps({ className: classes.overlay })}
      data-visible={isVisible || undefined}
      data-testid="upload-drop-overlay"
    >
      <input {...getInputProps()} aria-hidden="true" tabIndex={-1} />
      <Stack align="center" gap="sm" className={classes.message}>
        <ThemeIcon size={72} radius="xl" variant="light" aria-hidden="true">
          <IconUpload size={40} />
        </ThemeIcon>
        <Text fz="xl" fw={700}>
          {t('uploads.drop.title')}
        </Text>
        <Text c="dimmed">{t('uploads.drop.text')}</Text>
      </Stack>
    </div>
  );
}
