import { ThemeIcon } from '@mantine/core';
import { useState } from 'react';
import type { UploadSummary } from '@kuvert/shared/uploads';
import { UploadKindIcon, uploadThumbnailUrl } from '../../../components/ui/upload-thumbnail.tsx';
import classes from './upload-thumbnail.module.css';

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
          <UploadKindIcon kind={upload.kind} size={variant === 'card' ? 34 : 18} />
        </ThemeIcon>
      )}
    </div>
  );
}
