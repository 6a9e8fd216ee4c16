import { Paper, Text } from '@mantine/core';
import { UPLOAD_TEXT_PREVIEW_CHARS, type UploadDetail } from '@kuvert/shared/uploads';
import { getLanguage, useTranslation } from '../../../lib/i18n.ts';
import { getNumberFormat } from '../../../lib/intl-format.ts';
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
      <TruncatedTextNote upload={upload} />
    </Paper>
  );
}

/** Says that only the beginning of a long text is shown, and where the rest is. */
export function TruncatedTextNote({ upload }: { upload: UploadDetail }) {
  const { t } = useTranslation();
  if (!upload.text_truncated) return null;
  const limit = getNumberFormat(getLanguage(), {}).format(UPLOAD_TEXT_PREVIEW_CHARS);
  return (
    <Text size="sm" c="dimmed" mt="sm">
      {t('uploads.text.truncated', { limit })}
    </Text>
  );
}
