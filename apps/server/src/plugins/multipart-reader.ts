import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';
import type { DocumentStore } from './storage.ts';
import { checkedUpload, cleanFilename, type SniffedType } from './uploads.ts';

export interface UploadedFile {
  key: string;
  size: number;
  filename: string;
  contentType: SniffedType;
}

export interface MultipartSpec {
  /** The name of the file parts, e.g. `document` or `attachment`. */
  fileField: string;
  minFiles: number;
  maxFiles: number;
  maxFileBytes: number;
  accepted: readonly SniffedType[];
  /** Text parts that may come; a file part with one of these names is read as text too. */
  textFields: readonly string[];
  maxTextBytes: number;
  /** Removes stored files again when the request fails (unless something else uses them). */
  discard(keys: string[]): Promise<void>;
}

export interface MultipartContent {
  fields: Record<string, string>;
  files: UploadedFile[];
}

function invalid(path: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', { details: [{ path, message }] });
}

/** @fastify/multipart parses a part sent as application/json; hand it on as the text it was. */
function fieldText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

async function readText(stream: AsyncIterable<unknown>, maxBytes: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += bytes.length;
    if (size > maxBytes) throw new AppError('PAYLOAD_TOO_LARGE');
    chunks.push(bytes);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Streams each file part straight into the store (never whole into memory), checking its
 * type by content and its size as it goes. Text parts are collected. On any failure the
 * files stored so far are discarded and the error is rethrown.
 */
export async function readMultipart(
  request: FastifyRequest,
  store: DocumentStore,
  spec: MultipartSpec,
): Promise<MultipartContent> {
  if (!request.isMultipart())
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', { message: 'Send multipart/form-data.' });
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  try {
    const parts = request.parts({
      limits: {
        // One byte over, so the store's own limit (a clean 413) is what trips first.
        fileSize: spec.maxFileBytes + 1,
        files: spec.maxFiles + spec.textFields.length,
        fields: spec.textFields.length,
        fieldSize: spec.maxTextBytes,
      },
    });
    for await (const part of parts) {
      if (spec.textFields.includes(part.fieldname)) {
        fields[part.fieldname] =
          part.type === 'field'
            ? fieldText(part.value)
            : await readText(part.file, spec.maxTextBytes);
        if (part.type === 'field' && part.valueTruncated) throw new AppError('PAYLOAD_TOO_LARGE');
        continue;
      }
      if (part.type !== 'file' || part.fieldname !== spec.fileField) {
        throw invalid(
          part.fieldname,
          `Unexpected part; send ${spec.fileField} files and ${spec.textFields.join(', ')}`,
        );
      }
      if (files.length >= spec.maxFiles) {
        throw invalid(spec.fileField, `At most ${spec.maxFiles} files`);
      }
      let contentType: SniffedType = 'application/pdf';
      const stored = await store.put(
        Readable.from(
          checkedUpload(part.file, spec.accepted, (type) => {
            contentType = type;
          }),
        ),
        { maxBytes: spec.maxFileBytes },
      );
      const fallback = `${spec.fileField}-${files.length + 1}`;
      files.push({
        key: stored.key,
        size: stored.size,
        filename: cleanFilename(part.filename, fallback),
        contentType,
      });
    }
    if (files.length < spec.minFiles)
      throw invalid(spec.fileField, `At least ${spec.minFiles} file needed`);
    return { fields, files };
  } catch (error) {
    await spec.discard(files.map((file) => file.key));
    if (error instanceof AppError) throw error;
    if (error instanceof request.server.multipartErrors.FilesLimitError) {
      throw invalid(spec.fileField, `At most ${spec.maxFiles} files`);
    }
    throw error;
  }
}
