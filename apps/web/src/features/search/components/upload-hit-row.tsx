import { Checkbox, Text } from '@mantine/core';
import { memo, useState } from 'react';
import { Link } from 'react-router';
import type { UploadSearchHit } from '@kuvert/shared/search';
import type { UploadSummary } from '@kuvert/shared/uploads';
import { UploadKindIcon, uploadThumbnailUrl } from '../../../components/ui/upload-thumbnail.tsx';
import { paths } from '../../../config/paths.ts';
import { formatFileSize, formatListDate } from '../../../lib/dates.ts';
import { formatDateTime, useTranslation } from '../../../lib/i18n.ts';
import { SearchHitDetail } from './search-hit-detail.tsx';
import classes from './upload-hit-row.module.css';

/** The upload's thumbnail, or its type's icon when it has none (yet) or the image fails. */
function UploadPreview({ upload }: { upload: UploadSummary }) {
  const [hasFailed, setHasFailed] = useState(false);
  return (
    <div className={classes.preview} aria-hidden="true">
      {upload.has_thumbnail && !hasFailed ? (
        <img
          src={uploadThumbnailUrl(upload.id)}
          alt=""
          loading="lazy"
          onError={() => setHasFailed(true)}
        />
      ) : (
        <UploadKindIcon kind={upload.kind} size={22} stroke={1.6} />
      )}
    </div>
  );
}

interface UploadHitRowProps {
  hit: UploadSearchHit;
  /** In a list whose letters have checkboxes: the preview lines up with their avatars. */
  isIndented?: boolean;
  /** Selectable with the letters (for "Add to a file"): its checkbox, ticked or not. */
  selection?: { isSelected: boolean; onToggle: (uploadId: string) => void } | null;
}

/**
 * An upload among search results, shaped like a letter's row: what it is, its name, the
 * passage that matched and where; the whole row opens the upload.
 */
export const UploadHitRow = memo(function UploadHitRow({
  hit,
  isIndented = false,
  selection = null,
}: UploadHitRowProps) {
  const { t } = useTranslation();
  const { upload } = hit;
  const facts = [
    t('search.upload.label'),
    t(`search.upload.kind.${upload.kind}`),
    formatFileSize(upload.size),
  ].join(' · ');
  return (
    <li
      className={classes.row}
      data-upload-id={upload.id}
      data-indented={(isIndented && selection === null) || undefined}
      data-selectable={selection !== null || undefined}
      data-selected={selection?.isSelected || undefined}
    >
      {selection === null ? null : (
        <Checkbox
          className={classes.check}
          checked={selection.isSelected}
          onChange={() => selection.onToggle(upload.id)}
          aria-label={t('search.upload.select', { name: upload.name })}
        />
      )}
      <UploadPreview upload={upload} />
      <Link to={paths.upload(upload.id)} className={classes.link} data-upload-link={upload.id}>
        <div className={classes.top}>
          <Text component="span" className={classes.what} size="sm" fw={500}>
            {facts}
          </Text>
          <Text component="span" className={classes.date} size="xs" c="dimmed" fw={500}>
            <time dateTime={upload.created_at} title={formatDateTime(upload.created_at)}>
              {formatListDate(upload.created_at)}
            </time>
          </Text>
        </div>
        <Text className={classes.name} fw={600} size="sm" c="bright">
          {upload.name}
        </Text>
        <SearchHitDetail hit={hit} />
      </Link>
    </li>
  );
});
