import { ThemeIcon } from '@mantine/core';
import { IconFileText, IconFileTypePdf, IconPhoto, IconTable } from '@tabler/icons-react';
import { useState } from 'react';
import type { UploadKind, UploadSummary } from '@kuvert/shared/uploads';
import { uploadThumbnailUrl } from '../api/upload-urls.ts';
import classes from './upload-thumbnail.module.css';

export function KindIcon({ kind, size }: { kind: UploadKind; size: number }) {
  if (kind === 'pdf') return <IconFileTypePdf size={size} aria-hidden="true" />;
  if (kind === 'image') return <IconPhoto size={size} aria-hidden="true" />;
  if (kind === 'table') return <IconTable size={size} aria-hidden="true" />;
  return <IconFileText size={size} aria-hidden="true" />;
}

interface UploadThumbnailProps {
  upload: Pick<UploadSummary, 'id' | 'kind' | 'has_thumbnail'>;
  variant: 'card' | 'row';
}

/**
 * The first page or the picture, small; a type icon until (or unless) there is one. The name
 * stands beside it, so the picture itself is decoration to screen readers.
 */
export function UploadThumbnail({ upload, variant }: UploadThumbnailProps) {
  const [isBroken, setBroken] = useState(false);
  const showsImage = upload.has_thumbnail && !isBroken;
  return (
    <div className={classes.thumbnail} data-variant={variant}>
      {showsImage ? (
        <img
          src={uploadThumbnailUrl(upload.id)}
          alt=""
          loading="lazy"
          decoding="async"
          className={classes.image}
          onError={() => setBroken(true)}
          data-testid="upload-thumbnail"
        />
      ) : (
        <ThemeIcon
          variant="light"
          color="gray"
          size={variant === 'card' ? 64 : 32}
          radius="md"
          aria-hidden="true"
        >
          <KindIcon kind={upload.kind} size={variant === 'card' ? 34 : 18} />
        </ThemeIcon>
      )}
    </div>
  );
}
