import { Button, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconFileCertificate } from '@tabler/icons-react';
import { useDropzone } from 'react-dropzone';
import { useTranslation } from '../../../lib/i18n.ts';
import classes from './document-drop-zone.module.css';

interface DocumentDropZoneProps {
  onFile: (file: File) => void;
  isBusy: boolean;
}

/**
 * One PDF, dropped on the zone or chosen with the button (the keyboard path: the button is
 * an ordinary button that opens the file dialog). The server judges the file by its content.
 */
export function DocumentDropZone({ onFile, isBusy }: DocumentDropZoneProps) {
  const { t } = useTranslation();
  const { getRootProps, getInputProps, open, isDragActive } = useDropzone({
    onDrop: (files) => {
      const [file] = files;
      if (file) onFile(file);
    },
    multiple: false,
    noClick: true,
    noKeyboard: true,
    disabled: isBusy,
  });
  return (
    <div
      {...getRootProps({ className: classes.zone })}
      data-active={isDragActive || undefined}
      data-testid="verify-drop-zone"
    >
      <input
        {...getInputProps({ accept: 'application/pdf,.pdf' })}
        aria-label={t('verification.drop.choose')}
      />
      <Stack align="center" gap="sm">
        <ThemeIcon size={56} radius="xl" variant="light" aria-hidden="true">
          <IconFileCertificate size={32} />
        </ThemeIcon>
        <Text fw={600} ta="center">
          {t('verification.drop.title')}
        </Text>
        <Text size="sm" c="dimmed" ta="center">
          {t('verification.drop.hint')}
        </Text>
        <Button onClick={open} loading={isBusy}>
          {t('verification.drop.choose')}
        </Button>
      </Stack>
    </div>
  );
}
