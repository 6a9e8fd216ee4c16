import { constants, createInflate } from 'node:zlib';
import { PDFArray, PDFName, PDFRawStream, type PDFContext, type PDFObject } from 'pdf-lib';
import { ProcessingError } from './tasks.ts';

/**
 * Runs in a processing child. Counts how large the document's streams become once inflated,
 * without keeping the inflated bytes, and stops at the budget: a decompression bomb is
 * recognised for what it is before any reader builds it in memory.
 */

const FLATE = new Set(['FlateDecode', 'Fl']);

function filtersOf(stream: PDFRawStream): string[] {
  const filter: PDFObject | undefined = stream.dict.get(PDFName.of('Filter'));
  if (filter instanceof PDFName) return [filter.decodeText()];
  if (filter instanceof PDFArray) {
    return filter.asArray().map((item) => (item instanceof PDFName ? item.decodeText() : ''));
  }
  return [];
}

/** Images are decoded only to render them, never to read text; they are not counted. */
function isImage(stream: PDFRawStream): boolean {
  const subtype = stream.dict.get(PDFName.of('Subtype'));
  return subtype instanceof PDFName && subtype.decodeText() === 'Image';
}

/**
 * Inflates `data` chunk by chunk, counting; keeps the output only when `keep` (the input of
 * a further Flate filter). Broken or encrypted data simply ends the count.
 */
function inflate(
  data: Uint8Array,
  budget: number,
  keep: boolean,
): Promise<{ size: number; output: Buffer | undefined }> {
  return new Promise((resolve) => {
    const inflater = createInflate({ finishFlush: constants.Z_SYNC_FLUSH, chunkSize: 64 * 1024 });
    const kept: Buffer[] = [];
    let size = 0;
    let isDone = false;
    const finish = () => {
      if (isDone) return;
      isDone = true;
      resolve({ size, output: keep ? Buffer.concat(kept) : undefined });
    };
    inflater.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (keep) kept.push(chunk);
      if (size > budget) {
        inflater.destroy();
        finish();
      }
    });
    inflater.on('end', finish);
    inflater.on('close', finish);
    inflater.on('error', finish);
    inflater.end(data);
  });
}

/** Bytes one stream becomes once its leading Flate filters are undone. */
async function inflatedSizeOf(stream: PDFRawStream, budget: number): Promise<number> {
  const filters = filtersOf(stream);
  let data: Uint8Array = stream.contents;
  let size = data.length;
  for (const [index, filter] of filters.entries()) {
    if (!FLATE.has(filter)) break;
    const hasMoreFlate = FLATE.has(filters[index + 1] ?? '');
    const result = await inflate(data, budget, hasMoreFlate);
    size = result.size;
    if (size > budget || !result.output) break;
    data = result.output;
  }
  return size;
}

/** Throws `too_much_data` when the streams together inflate beyond `maxBytes`. */
export async function assertInflatesWithin(context: PDFContext, maxBytes: number): Promise<void> {
  let total = 0;
  for (const [, object] of context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream) || isImage(object)) continue;
    total += await inflatedSizeOf(object, maxBytes - total);
    if (total > maxBytes) {
      throw new ProcessingError(
        'too_much_data',
        `The document decompresses to more than ${Math.round(maxBytes / 1024 / 1024)} MB.`,
      );
    }
  }
}
