import { Paper, Text } from '@mantine/core';
import type { UploadDetail } from '@kuvert/shared/uploads';
import { useTranslation } from '../../../lib/i18n.ts';
import { textStatusLabel } from './upload-labels.ts';
import classes from './upload-text-panel.module.css';

/** A plain text file as it reads (decoded by the server with the encoding it detected). */
export function TextPreview({ upload }: { upload: UploadDetail }) {
  const { t } = useTranslation();
  if (upload.text === null) {
    const status =
      upload.text_status === 'failed'
        ? t(`uploads.text.failure.${upload.text_failure ?? 'crashed'}`)
        : textStatusLabel(t, upload.text_status);
    return (
      <Paper withBorder radius="md" p="md">
        <Text size="sm" c="dimmed" data-testid="upload-text-status">
          {status ?? t('uploads.text.none')}
        </Text>
      </Paper>
    );
  }
  return (
    <Paper withBorder radius="md" p="md">
      <pre
        className={classes.text}
        tabIndex={0}
        aria-label={t('uploads.preview.textRegion', { name: upload.name })}
      >
        {upload.text}
      </pre>
    </Paper>
  );
}
