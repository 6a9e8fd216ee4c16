import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';
import { assertJsonDepth } from './json-depth.ts';
import { assertNoNulCharacters } from './nul-characters.ts';
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
  /** Text parts that may come several times (such as ids), each collected into a list. */
  listFields?: readonly string[];
  /** Parts of the list fields together, at most. */
  maxListItems?: number;
  /** Removes stored files again when the request fails (unless something else uses them). */
  discard(keys: string[]): Promise<void>;
}

export interface MultipartContent {
  fields: Record<string, string>;
  /** The values of each list field that came, in order. */
  lists: Record<string, string[]>;
  files: UploadedFile[];
}

/** RFC 2046: a boundary is 1–70 characters. */
const MAX_BOUNDARY_LENGTH = 70;
const BOUNDARY_PARAMETER = /;\s*boundary\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s;]*))/i;

function invalid(path: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', { details: [{ path, message }] });
}

function malformed(reason: string): AppError {
  return new AppError('VALIDATION_FAILED', { message: `Malformed multipart body: ${reason}` });
}

/** The boundary of a multipart Content-Type; a 400 when it is missing, empty or too long. */
function assertBoundary(contentType: string | undefined): void {
  const match = BOUNDARY_PARAMETER.exec(contentType ?? '');
  const boundary = match?.[1] ?? match?.[2];
  if (!boundary) {
    throw malformed('the Content-Type needs a boundary parameter that is not empty.');
  }
  if (boundary.length > MAX_BOUNDARY_LENGTH) {
    throw malformed(`the boundary may be at most ${MAX_BOUNDARY_LENGTH} characters long.`);
  }
}

/**
 * Everything that goes wrong while reading the request is the client's doing: a body cut off
 * before its closing boundary, a broken part, a connection dropped mid-upload, a limit of
 * @fastify/multipart. Busboy reports most of these as plain Errors (a 500 if left alone), so
 * they become a 400 (413 for a size limit) here. The store's own errors never pass this way.
 */
function asClientError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const statusCode =
    typeof error === 'object' && error !== null && 'statusCode' in error
      ? error.statusCode
      : undefined;
  if (statusCode === 413) return new AppError('PAYLOAD_TOO_LARGE');
  const message = error instanceof Error ? error.message : String(error);
  if (/terminated early|unexpected end|premature|aborted/i.test(message)) {
    return malformed('the body ended before its closing boundary.');
  }
  return malformed(message.endsWith('.') ? message : `${message}.`);
}

/** Yields what `source` yields; a failure of the source itself becomes a client error. */
async function* fromClient<T>(
  source: AsyncIterable<T>,
  mapError: (error: unknown) => AppError,
): AsyncGenerator<T> {
  try {
    for await (const item of source) yield item;
  } catch (error) {
    throw mapError(error);
  }
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
 * The checks every multipart body gets before its parts are read (a multipart type with a
 * sane boundary); answers how the parser's errors become client errors.
 */
function beginMultipart(
  request: FastifyRequest,
  fileField: string,
  tooManyFiles: string,
): (error: unknown) => AppError {
  if (!request.isMultipart())
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', { message: 'Send multipart/form-data.' });
  assertBoundary(request.headers['content-type']);
  const { FilesLimitError } = request.server.multipartErrors;
  return (error) =>
    error instanceof FilesLimitError ? invalid(fileField, tooManyFiles) : asClientError(error);
}

const typeNames: Record<SniffedType, string> = {
  'application/pdf': 'a PDF',
  'image/png': 'a PNG image',
  'image/jpeg': 'a JPEG image',
  'image/gif': 'a GIF image',
  'image/webp': 'a WebP image',
};

/** "a PDF or a PNG image": the accepted types in words. */
function describeTypes(types: readonly SniffedType[]): string {
  const names = types.map((type) => typeNames[type]);
  return names.length > 1
    ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`
    : (names[0] ?? '');
}

/** 10 MB: a limit in words (binary megabytes, as the limits are set). */
function describeBytes(bytes: number): string {
  const megabytes = bytes / (1024 * 1024);
  return megabytes >= 1 ? `${Math.round(megabytes * 10) / 10} MB` : `${Math.ceil(bytes / 1024)} KB`;
}

/**
 * A file refused for its size (413) or its content (415) is named in the answer, so the person
 * knows which of their files it was (`details[0].filename`, as uploads answer).
 */
function namingTheFile(error: unknown, filename: string, spec: MultipartSpec): unknown {
  if (!(error instanceof AppError)) return error;
  const details = [{ path: spec.fileField, filename }];
  if (error.code === 'PAYLOAD_TOO_LARGE') {
    return new AppError('PAYLOAD_TOO_LARGE', {
      message: `“${filename}” is larger than ${describeBytes(spec.maxFileBytes)}, the most a file may have here.`,
      details,
    });
  }
  if (error.code === 'UNSUPPORTED_MEDIA_TYPE') {
    return new AppError('UNSUPPORTED_MEDIA_TYPE', {
      message: `“${filename}” is not ${describeTypes(spec.accepted)} (judged by its content, not its name).`,
      details,
    });
  }
  return error;
}

/**
 * Streams each file part straight into the store (never whole into memory), checking its
 * type by content and its size as it goes. Text parts are collected, as text: every part is
 * handed over as a stream, so @fastify/multipart never JSON-parses a part declared as
 * application/json (JSON.stringify-ing it back would overflow the stack on deep JSON), and a
 * text part over its limit is a 413, not the 406 of a truncated JSON field. A text part
 * declared as JSON is checked for its nesting depth. Malformed multipart is a 400. On any
 * failure the files stored so far are discarded and the error is rethrown.
 */
export async function readMultipart(
  request: FastifyRequest,
  store: DocumentStore,
  spec: MultipartSpec,
): Promise<MultipartContent> {
  const mapError = beginMultipart(request, spec.fileField, `At most ${spec.maxFiles} files`);
  const fields: Record<string, string> = {};
  const lists: Record<string, string[]> = {};
  const listFields = spec.listFields ?? [];
  const maxListItems = spec.maxListItems ?? 0;
  let listItems = 0;
  const files: UploadedFile[] = [];
  try {
    const parts = request.parts({
      // Text parts too, so that they are read (and limited) by us, never parsed by busboy.
      isPartAFile: () => true,
      limits: {
        // One byte over, so the store's own limit (a clean 413) is what trips first.
        fileSize: spec.maxFileBytes + 1,
        files: spec.maxFiles + spec.textFields.length + maxListItems,
      },
    });
    for await (const part of fromClient(parts, mapError)) {
      const name = part.fieldname || '(unnamed)';
      if (part.type !== 'file') throw invalid(name, 'Unexpected part');
      const content = fromClient(part.file, mapError);
      if (spec.textFields.includes(name)) {
        if (Object.hasOwn(fields, name)) throw invalid(name, 'Send this part once');
        const text = await readText(content, spec.maxTextBytes);
        if (/^application\/([\w.+-]+\+)?json\b/i.test(part.mimetype)) assertJsonDepth(text, name);
        assertNoNulCharacters(text, name);
        fields[name] = text;
        continue;
      }
      if (listFields.includes(name)) {
        listItems += 1;
        if (listItems > maxListItems) throw invalid(name, `At most ${maxListItems} values`);
        const text = await readText(content, spec.maxTextBytes);
        assertNoNulCharacters(text, name);
        (lists[name] ??= []).push(text);
        continue;
      }
      if (name !== spec.fileField) {
        throw invalid(
          name,
          `Unexpected part; send ${spec.fileField} files and ${[...spec.textFields, ...listFields].join(', ')}`,
        );
      }
      if (files.length >= spec.maxFiles) {
        throw invalid(spec.fileField, `At most ${spec.maxFiles} files`);
      }
      let contentType: SniffedType = 'application/pdf';
      const filename = cleanFilename(part.filename, `${spec.fileField}-${files.length + 1}`);
      const stored = await store
        .put(
          Readable.from(
            checkedUpload(Readable.from(content), spec.accepted, (type) => {
              contentType = type;
            }),
          ),
          { maxBytes: spec.maxFileBytes },
        )
        .catch((error: unknown) => {
          throw namingTheFile(error, filename, spec);
        });
      files.push({ key: stored.key, size: stored.size, filename, contentType });
    }
    if (files.length < spec.minFiles)
      throw invalid(spec.fileField, `At least ${spec.minFiles} file needed`);
    return { fields, lists, files };
  } catch (error) {
    await spec.discard(files.map((file) => file.key));
    throw error;
  }
}

export interface FileInMemory {
  filename: string;
  bytes: Buffer;
}

/**
 * Reads a multipart body of exactly one file part `fileField` into memory, for a small file
 * that is looked at and thrown away (the verify page), never stored. Over `maxBytes` is a 413,
 * any other part or a malformed body a 400, no part a 400.
 */
export async function readOneFileIntoMemory(
  request: FastifyRequest,
  spec: { fileField: string; maxBytes: number },
): Promise<FileInMemory> {
  const mapError = beginMultipart(request, spec.fileField, 'Send one file');
  let found: FileInMemory | undefined;
  const parts = request.parts({
    isPartAFile: () => true,
    limits: { fileSize: spec.maxBytes + 1, files: 1 },
  });
  for await (const part of fromClient(parts, mapError)) {
    const name = part.fieldname || '(unnamed)';
    if (part.type !== 'file' || name !== spec.fileField || found) {
      throw invalid(name, `Unexpected part; send one ${spec.fileField} part`);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of fromClient(part.file, mapError)) {
      const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
      size += bytes.length;
      if (size > spec.maxBytes) throw new AppError('PAYLOAD_TOO_LARGE');
      chunks.push(bytes);
    }
    found = {
      filename: cleanFilename(part.filename, `${spec.fileField}.pdf`),
      bytes: Buffer.concat(chunks),
    };
  }
  if (!found) throw invalid(spec.fileField, 'A file is needed');
  return found;
}
