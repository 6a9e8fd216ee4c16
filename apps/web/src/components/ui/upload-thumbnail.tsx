import { ThemeIcon } from '@mantine/core';
import { IconFileTypeCsv, IconFileTypePdf, IconFileTypeTxt, IconPhoto } from '@tabler/icons-react';
import { useState } from 'react';
import type { UploadKind } from '@kuvert/shared/uploads';
import { env } from '../../config/env.ts';

const kindIcons = {
  pdf: IconFileTypePdf,
  image: IconPhoto,
  table: IconFileTypeCsv,
  text: IconFileTypeTxt,
} as const satisfies Record<UploadKind, unknown>;

/** The small picture Kuvert made of an upload's first page or image. */
export function uploadThumbnailUrl(uploadId: string): string {
  return `${env.apiBaseUrl}/api/uploads/${encodeURIComponent(uploadId)}/thumbnail`;
}

interface UploadThumbnailProps {
  upload: { id: string; kind: UploadKind; has_thumbnail: boolean };
  size?: number;
}

/**
 * An upload's thumbnail, or the icon of its kind while there is none (or it fails to load).
 * Decorative: the name beside it says what the file is.
 */
export function UploadThumbnail({ upload, size = 40 }: UploadThumbnailProps) {
  const [hasFailed, setHasFailed] = useState(false);
  if (upload.has_thumbnail && !hasFailed) {
    return (
      <img
        src={uploadThumbnailUrl(upload.id)}
        alt=""
        width={size}
        height={size}
        loading="lazy"
        onError={() => setHasFailed(true)}
        style={{
          objectFit: 'cover',
          borderRadius: 'var(--mantine-radius-sm)',
          border: '1px solid var(--mantine-color-default-border)',
          flex: 'none',
          background: 'var(--mantine-color-body)',
        }}
      />
    );
  }
  const Icon = kindIcons[upload.kind];
  return (
    <ThemeIcon variant="light" color="gray" radius="sm" size={size} aria-hidden="true">
      <Icon size={Math.round(size * 0.55)} />
    </ThemeIcon>
  );
}
