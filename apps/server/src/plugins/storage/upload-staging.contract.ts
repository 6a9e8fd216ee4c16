import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UploadStaging } from './upload-staging.ts';
import { failingStream, generatedStream, liveMemoryGrowthDuring, MB } from '../../test/streams.ts';

/** A staging on a fresh place, and a second instance of it, as another server has it. */
export interface UploadStagingHarness {
  staging: UploadStaging;
  /** Another instance over the same place (a second server continuing the upload). */
  another(): UploadStaging;
  close(): Promise<void>;
}

/** What a request looks like when the client goes away mid-way. */
function cutOff(bytes: Buffer): Readable {
  return failingStream(bytes, Object.assign(new Error('aborted'), { code: 'ECONNRESET' }));
}

/** What every UploadStaging must do, wherever it keeps the bytes. */
export function describeUploadStagingContract(
  name: string,
  open: () => Promise<UploadStagingHarness>,
): void {
  describe(`${name}: the UploadStaging contract`, () => {
    let harness: UploadStagingHarness;
    let staging: UploadStaging;
    let id: string;

    beforeEach(async () => {
      harness = await open();
      staging = harness.staging;
      id = randomUUID();
    });
    afterEach(async () => harness.close());

    const kept = async (upload = id) => (await buffer(await staging.open(upload))).toString();

    it('keeps the bytes of each PATCH in order and gives them back as one stream', async () => {
      expect(await staging.append(id, 0, Readable.from([Buffer.from('%PDF-')]), 100)).toBe(5);
      expect(
        await staging.append(id, 5, Readable.from([Buffer.from('1.7 '), Buffer.from('a ')]), 95),
      ).toBe(6);
      expect(await staging.append(id, 11, Readable.from([Buffer.from('letter')]), 89)).toBe(6);

      expect(await kept()).toBe('%PDF-1.7 a letter');
      expect((await staging.head(id, 1)).toString()).toBe('%');
      expect((await staging.head(id, 3)).toString()).toBe('%PD');
      expect((await staging.head(id, 8)).toString()).toBe('%PDF-1.7');
      expect((await staging.head(id, 1000)).toString()).toBe('%PDF-1.7 a letter');
      expect(await staging.head(id, 0)).toEqual(Buffer.alloc(0));
    });

    it('lets another instance continue an upload', async () => {
      await staging.append(id, 0, Readable.from([Buffer.from('begun here, ')]), 100);
      const other = harness.another();
      await other.append(id, 12, Readable.from([Buffer.from('finished there')]), 88);

      expect(await kept()).toBe('begun here, finished there');
      expect((await buffer(await other.open(id))).toString()).toBe('begun here, finished there');
    });

    it('keeps what arrived of a body cut off mid-way, so the client resumes after it', async () => {
      await staging.append(id, 0, Readable.from([Buffer.from('first ')]), 100);

      expect(await staging.append(id, 6, cutOff(Buffer.from('half of')), 94)).toBe(7);
      expect(await kept()).toBe('first half of');
      expect(await staging.append(id, 13, cutOff(Buffer.alloc(0)), 87)).toBe(0);
      expect(await staging.append(id, 13, Readable.from([Buffer.from(' it')]), 87)).toBe(3);
      expect(await kept()).toBe('first half of it');
    });

    it('refuses a body longer than the upload announced and keeps nothing of it', async () => {
      await staging.append(id, 0, Readable.from([Buffer.from('12345')]), 10);
      const tooLong = generatedStream(64 * MB);

      await expect(staging.append(id, 5, tooLong, 5)).rejects.toMatchObject({
        code: 'PAYLOAD_TOO_LARGE',
      });
      expect(tooLong.produced()).toBeLessThan(4 * MB);
      expect(await kept()).toBe('12345');
      expect(await staging.append(id, 5, Readable.from([Buffer.from('67890')]), 5)).toBe(5);
      expect(await kept()).toBe('1234567890');
    });

    it('replaces bytes kept at an offset that was never recorded (a crash)', async () => {
      await staging.append(id, 0, Readable.from([Buffer.from('kept ')]), 100);
      // Stored, but the server died before the uploads table learnt the new offset.
      await staging.append(id, 5, Readable.from([Buffer.from('lost in a crash')]), 95);

      expect(await staging.append(id, 5, Readable.from([Buffer.from('sent again')]), 95)).toBe(10);
      expect(await kept()).toBe('kept sent again');
    });

    it('keeps uploads apart, and forgets one when asked', async () => {
      const other = randomUUID();
      await staging.append(id, 0, Readable.from([Buffer.from('mine')]), 100);
      await staging.append(other, 0, Readable.from([Buffer.from('theirs')]), 100);

      await staging.remove(id);
      await staging.remove(id);
      await staging.remove(randomUUID());

      // Opening a forgotten upload may answer nothing or NOT_FOUND; its head is empty either way.
      expect(await staging.head(id, 10)).toEqual(Buffer.alloc(0));
      expect(await kept(other)).toBe('theirs');
    });

    it('takes and gives back a large upload in PATCHes with flat memory', async () => {
      const patchBytes = 8 * MB;
      const patches = 12;
      // Every PATCH carries the same generated bytes.
      const patch = await buffer(generatedStream(patchBytes));
      const sent = createHash('sha256');
      for (let index = 0; index < patches; index += 1) sent.update(patch);
      const growth = await liveMemoryGrowthDuring(async () => {
        for (let index = 0; index < patches; index += 1) {
          await staging.append(id, index * patchBytes, generatedStream(patchBytes), patchBytes);
        }
        const received = createHash('sha256');
        let size = 0;
        for await (const chunk of await staging.open(id)) {
          received.update(chunk);
          size += chunk.length;
        }
        expect(size).toBe(patches * patchBytes);
        expect(received.digest('hex')).toBe(sent.digest('hex'));
      });

      expect(growth).toBeLessThan(64 * MB);
    }, 120_000);
  });
}
