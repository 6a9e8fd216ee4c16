import { useMutation } from '@tanstack/react-query';
import type { UploadSelection } from '@kuvert/shared/uploads';
import { uploadEndpoints } from '@kuvert/shared/uploads/endpoints';
import { apiUrl } from '../../../lib/api-client.ts';
import { NetworkError, toApiError } from '../../../lib/http.ts';
import { getCsrfToken } from '../../../lib/session.ts';

/** The selection as one ZIP file, fetched (it is a POST with the CSRF header) and then saved. */
export async function downloadUploads(selection: UploadSelection): Promise<Blob> {
  const headers = new Headers({ 'Content-Type': 'application/json' });
  const csrfToken = getCsrfToken();
  if (csrfToken !== null) headers.set('X-CSRF-Token', csrfToken);
  let response: Response;
  try {
    response = await fetch(apiUrl(uploadEndpoints.download), {
      method: uploadEndpoints.download.method,
      headers,
      credentials: 'same-origin',
      body: JSON.stringify(selection),
    });
  } catch (error) {
    throw new NetworkError(error);
  }
  if (!response.ok) throw await toApiError(response);
  try {
    return await response.blob();
  } catch (error) {
    throw new NetworkError(error);
  }
}

/** Hands a file the page holds to the browser's download. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click ran; the URL is freed a little later.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function useDownloadUploads() {
  return useMutation({ mutationFn: downloadUploads });
}
