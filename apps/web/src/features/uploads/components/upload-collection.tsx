import { Anchor, Checkbox, Group, Text } from '@mantine/core';
import { IconLoader2 } from '@tabler/icons-react';
import type { KeyboardEvent } from 'react';
import { Link } from 'react-router';
import type { UploadSummary } from '@kuvert/shared/uploads';
import { paths } from '../../../config/paths.ts';
import { formatFileSize, formatListDate } from '../../../lib/dates.ts';
import { formatDateTime, useTranslation } from '../../../lib/i18n.ts';
import type { UploadSelection } from '../hooks/use-upload-selection.ts';
import type { UploadViewMode } from '../hooks/use-view-mode.ts';
import classes from './upload-collection.module.css';
import { isReadingText, textStatusLabel, typeLabel } from './upload-labels.ts';
import { UploadThumbnail } from './upload-thumbnail.tsx';

interface UploadCollectionProps {
  uploads: readonly UploadSummary[];
  viewMode: UploadViewMode;
  selection: UploadSelection;
  label: string;
}

function TextStatus({ upload }: { upload: UploadSummary }) {
  const { t } = useTranslation();
  const label = textStatusLabel(t, upload.text_status);
  if (label === null) return null;
  const isFailed = upload.text_status === 'failed';
  return (
    <Group gap={4} wrap="nowrap" className={classes.textStatus} data-failed={isFailed || undefined}>
      {isReadingText(upload.text_status) ? (
        <IconLoader2 size={14} aria-hidden="true" className={classes.spinner} />
      ) : null}
      <Text size="xs" c="inherit">
        {label}
      </Text>
    </Group>
  );
}

function UploadItem({
  upload,
  viewMode,
  selection,
}: {
  upload: UploadSummary;
  viewMode: UploadViewMode;
  selection: UploadSelection;
}) {
  const { t } = useTranslation();
  const isSelected = selection.isSelected(upload.id);
  const type = typeLabel(t, upload.content_type);
  const size = formatFileSize(upload.size);
  const date = formatListDate(upload.created_at);
  return (
    <li
      className={classes.item}
      data-view={viewMode}
      data-selected={isSelected || undefined}
      data-testid="upload-item"
    >
      <Checkbox
        className={classes.check}
        checked={isSelected}
        onChange={() => selection.toggle(upload.id)}
        aria-label={t('uploads.select', { name: upload.name })}
      />
      <UploadThumbnail upload={upload} variant={viewMode === 'grid' ? 'card' : 'row'} />
      <div className={classes.body}>
        <Anchor component={Link} to={paths.upload(upload.id)} className={classes.name} fw={600}>
          {upload.name}
        </Anchor>
        <Text size="xs" c="dimmed" className={classes.meta}>
          <span>{type}</span>
          <span aria-hidden="true"> · </span>
          <span>{size}</span>
          <span aria-hidden="true"> · </span>
          <time dateTime={upload.created_at} title={formatDateTime(upload.created_at)}>
            {date}
          </time>
        </Text>
        <TextStatus upload={upload} />
      </div>
    </li>
  );
}

/** The uploads as cards with pictures (grid) or as compact rows (list). */
export function UploadCollection({ uploads, viewMode, selection, label }: UploadCollectionProps) {
  // Escape anywhere in the list lets go of the selection.
  const handleKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    if (event.key === 'Escape' && selection.someSelected) {
      event.preventDefault();
      selection.clear();
    }
  };
  return (
    <ul
      className={classes.collection}
      data-view={viewMode}
      aria-label={label}
      onKeyDown={handleKeyDown}
    >
      {uploads.map((upload) => (
        <UploadItem key={upload.id} upload={upload} viewMode={viewMode} selection={selection} />
      ))}
    </ul>
  );
}
