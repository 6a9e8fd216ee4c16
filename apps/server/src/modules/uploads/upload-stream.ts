import type { Readable } from 'node:stream';

/**
 * The first `wanted` bytes of `source`, and the rest of it: the type of an upload is judged
 * before anything of it is kept. A client that goes away early leaves what it sent.
 */
export async function splitHead(
  source: Readable,
  wanted: number,
): Promise<{ head: Buffer; rest: AsyncIterator<unknown> | undefined }> {
  const iterator: AsyncIterator<unknown> = source[Symbol.asyncIterator]();
  const chunks: Buffer[] = [];
  let length = 0;
  while (length < wanted) {
    let next: IteratorResult<unknown>;
    try {
      next = await iterator.next();
    } catch {
      return { head: Buffer.concat(chunks), rest: undefined };
    }
    if (next.done) return { head: Buffer.concat(chunks), rest: undefined };
    const chunk = Buffer.isBuffer(next.value) ? next.value : Buffer.from(String(next.value));
    chunks.push(chunk);
    length += chunk.length;
  }
  return { head: Buffer.concat(chunks), rest: iterator };
}

/** `head`, then what is left of the source. */
export async function* joined(head: Buffer, rest: AsyncIterator<unknown> | undefined) {
  if (head.length > 0) yield head;
  if (!rest) return;
  for (;;) {
    const next = await rest.next();
    if (next.done) return;
    yield next.value;
  }
}
