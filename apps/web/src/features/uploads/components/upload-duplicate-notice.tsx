import { Anchor, Text } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { UploadDuplicate } from '@kuvert/shared/uploads';
import { paths } from '../../../config/paths.ts';
import { formatDateTime, useTranslation } from '../../../lib/i18n.ts';
import { useUpload } from '../api/get-upload.ts';
import classes from './upload-duplicate-notice.module.css';

/**
 * "You already have this file: rechnung.pdf (uploaded …). Both copies are kept." A hint, not a
 * refusal: the person decides whether the new copy goes to the trash.
 */
export function UploadDuplicateNotice({ duplicate }: { duplicate: UploadDuplicate }) {
  const { t } = useTranslation();
  return (
    <Text size="sm" className={classes.notice} data-testid="upload-duplicate">
      <IconCopy size={16} aria-hidden="true" className={classes.icon} />
      <span>
        {t('uploads.duplicate.before')}{' '}
        <Anchor component={Link} to={paths.upload(duplicate.id)} size="sm" fw={600}>
          {duplicate.name}
        </Anchor>{' '}
        {t('uploads.duplicate.after', { date: formatDateTime(duplicate.created_at) })}
      </span>
    </Text>
  );
}

/** The notice for an upload that just finished, once the server told about it. */
export function FinishedUploadDuplicateNotice({ uploadId }: { uploadId: string }) {
  const upload = useUpload(uploadId);
  const duplicate = upload.data?.duplicate_of ?? null;
  return duplicate === null ? null : <UploadDuplicateNotice duplicate={duplicate} />;
}
