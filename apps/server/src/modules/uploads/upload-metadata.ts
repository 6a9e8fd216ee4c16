import { tusMetadataSchema, type TusMetadata } from '@kuvert/shared/uploads';
import { AppError } from '../../plugins/app-error.ts';
import { assertNoNulCharacters } from '../../plugins/nul-characters.ts';

/** `Upload-Metadata`: comma-separated `key base64value` pairs (tus 1.0.0, creation). */
function parseMetadataPairs(header: string | undefined): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const pair of (header ?? '').split(',')) {
    const trimmed = pair.trim();
    if (trimmed === '') continue;
    const [key = '', value = '', ...rest] = trimmed.split(/ +/);
    if (rest.length > 0 || !/^[\x21-\x7e]+$/.test(key) || !/^[A-Za-z0-9+/]*={0,2}$/.test(value)) {
      throw invalid('Upload-Metadata', 'Send comma-separated pairs of a key and a base64 value');
    }
    if (Object.hasOwn(metadata, key)) throw invalid('Upload-Metadata', `${key} appears twice`);
    metadata[key] = Buffer.from(value, 'base64').toString('utf8');
  }
  return metadata;
}

function invalid(path: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', { details: [{ path, message }] });
}

/** The portal's metadata of a tus creation, checked; 400 naming what is wrong. */
export function parseUploadMetadata(header: string | undefined): TusMetadata {
  const pairs = parseMetadataPairs(header);
  assertNoNulCharacters(pairs, 'Upload-Metadata');
  const parsed = tusMetadataSchema.safeParse(pairs);
  if (parsed.success) return parsed.data;
  throw new AppError('VALIDATION_FAILED', {
    details: parsed.error.issues.map((issue) => ({
      path: ['Upload-Metadata', ...issue.path].join('.'),
      message: issue.message,
    })),
  });
}
