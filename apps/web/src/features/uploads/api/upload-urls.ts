import { uploadEndpoints } from '@kuvert/shared/uploads/endpoints';
import { apiUrl } from '../../../lib/api-client.ts';

/** Where an upload's bytes are: shown inline (viewer, image) or downloaded as a file. */
export function uploadContentUrl(uploadId: string, disposition: 'inline' | 'attachment'): string {
  return apiUrl(uploadEndpoints.content, { params: { id: uploadId }, query: { disposition } });
}

export { uploadThumbnailUrl } from '../../../components/ui/upload-thumbnail.tsx';
