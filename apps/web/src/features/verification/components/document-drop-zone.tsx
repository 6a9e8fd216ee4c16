import { Button, Stack, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconFileCertificate } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import type { DragEvent } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import classes from './document-drop-zone.module.css';

interface DocumentDropZoneProps {
  onFile: (file: File) => void;
  isBusy: boolean;
}

const carriesFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');

/**
 * One PDF, dropped on the zone or chosen with the button (the keyboard path: an ordinary
 * button that opens the file dialog). The server judges the file by its content. Plain DOM
 * events, not react-dropzone: sharing that with the uploads page would move it into the
 * portal's common chunk, which every signed-in page loads.
 */
export function DocumentDropZone({ onFile, isBusy }: DocumentDropZoneProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [isDragActive, setDragActive] = useState(false);
  const take = (files: FileList | null) => {
    const file = files?.[0];
    if (file && !isBusy) onFile(file);
  };
  return (
    <div
      className={classes.zone}
      data-active={isDragActive || undefined}
      data-testid="verify-drop-zone"
      onDragOver={(event) => {
        if (!carriesFiles(event)) return;
        // Accepting the drag here keeps the browser from opening the file in place of Kuvert.
        event.preventDefault();
        setDragActive(true);
      }}
      onDragLeave={() => setDragActive(false)}
      onDrop={(event) => {
        if (!carriesFiles(event)) return;
        event.preventDefault();
        setDragActive(false);
        take(event.dataTransfer.files);
      }}
    >
      <VisuallyHidden>
        <input
          ref={input}
          type="file"
          accept="application/pdf,.pdf"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(event) => {
            take(event.currentTarget.files);
            // The same file again is a new check.
            event.currentTarget.value = '';
          }}
        />
      </VisuallyHidden>
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
        <Button onClick={() => input.current?.click()} loading={isBusy}>
          {t('verification.drop.choose')}
        </Button>
      </Stack>
    </div>
  );
}
