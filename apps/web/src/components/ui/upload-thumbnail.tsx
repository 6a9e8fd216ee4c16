import { ThemeIcon } from '@mantine/core';
import { IconFileText, IconFileTypePdf, IconPhoto, IconTable } from '@tabler/icons-react';
import { useState } from 'react';
import type { UploadKind } from '@kuvert/shared/uploads';
import { uploadEndpoints } from '@kuvert/shared/uploads/endpoints';
import { apiUrl } from '../../lib/api-client.ts';

const kindIcons = {
  pdf: IconFileTypePdf,
  image: IconPhoto,
  table: IconTable,
  text: IconFileText,
} as const satisfies Record<UploadKind, unknown>;

/** The icon of an upload's kind, for where there is no thumbnail (yet). Decorative. */
export function UploadKindIcon({
  kind,
  size,
  stroke,
}: {
  kind: UploadKind;
  size: number;
  stroke?: number;
}) {
  const Icon = kindIcons[kind];
  return <Icon size={size} stroke={stroke} aria-hidden="true" />;
}

/** The small picture Kuvert made of an upload's first page or image. */
export function uploadThumbnailUrl(uploadId: string): string {
  return apiUrl(uploadEndpoints.thumbnail, { params: { id: uploadId } });
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
  return (
    <ThemeIcon variant="light" color="gray" radius="sm" size={size} aria-hidden="true">
      <UploadKindIcon kind={upload.kind} size={Math.round(size * 0.55)} />
    </ThemeIcon>
  );
}
