import { env } from '../../../config/env.ts';

const base = (uploadId: string) => `${env.apiBaseUrl}/api/uploads/${encodeURIComponent(uploadId)}`;

/** Where an upload's bytes are: shown inline (viewer, image) or downloaded as a file. */
export function uploadContentUrl(uploadId: string, disposition: 'inline' | 'attachment'): string {
  return `${base(uploadId)}/content?disposition=${disposition}`;
}

export { uploadThumbnailUrl } from '../../../components/ui/upload-thumbnail.tsx';
