import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { DOCUMENT_EXTRACT_JOB } from './modules/letters/letter-job-types.ts';
import { COLLECT_GRACE_SECONDS } from './documents/document-collection.ts';
import type { DocumentProcessing } from './plugins/processing/document-processing.ts';
import { createLoggedInUser, type CreatedUser, type LoggedIn } from './test/factories.ts';
import { createTestApp, testEngines, type TestApp } from './test/helper.ts';
import {
  decompressionBombPdf,
  embeddedFilePdf,
  escapedJavaScriptPdf,
  htmlPretendingToBePdf,
  javaScriptPdf,
  launchActionPdf,
  millionPagesPdf,
  pageCountLiePdf,
  plainPdf,
  zipPretendingToBePdf,
} from '@kuvert/test-fixtures/hostile-pdfs';
import {
  createTestProvider,
  deliverTestLetter,
  multipart,
  postLetter,
  storedDocumentKeys,
} from './test/mailbox.ts';

/** DESIGN §4: every document is hostile until processed, and none may hurt the server. */
describe.each(testEngines)('hostile documents (%s)', (engine) => {
  let t: TestApp;
  let me: CreatedUser & LoggedIn;
  let apiKey: string;
  const restarted: FastifyInstance[] = [];

  beforeEach(async () => {
    t = await createTestApp(engine);
    me = await createLoggedInUser(t.app);
    apiKey = (await createTestProvider(t.app)).apiKey;
  });
  afterEach(async () => {
    for (const app of restarted.splice(0)) await app.close();
    await t.close();
  });

  const deliver = (filename: string, content: Buffer) =>
    deliverTestLetter(t.app, apiKey, me.email, {}, { documents: [{ filename, content }] });

  async function documentsOf(app: FastifyInstance, letterId: string) {
    const response = await app.inject({
      url: `/api/letters/${letterId}`,
      headers: { cookie: me.cookie },
    });
    expect(response.statusCode).toBe(200);
    const body: { documents: Array<Record<string, unknown>> } = response.json();
    return body.documents;
  }

  async function extractionJobs(letterIds: string[]) {
    const documents = await t.app.db
      .selectFrom('letter_documents')
      .select('id')
      .where('letter_id', 'in', letterIds)
      .execute();
    const ids = new Set(documents.map((document) => document.id));
    const jobs = await t.app.db
      .selectFrom('jobs')
      .select(['payload', 'status', 'attempts'])
      .where('type', '=', DOCUMENT_EXTRACT_JOB)
      .execute();
    return jobs.filter((job) => ids.has(String(JSON.parse(job.payload).document_id)));
  }

  /** The same database and data folder, a new app: what a restarted process would be. */
  async function restart(processing: DocumentProcessing = t.app.processing) {
    const app = await buildApp({
      config: t.config,
      db: t.handle.db,
      engine: t.handle.engine,
      clock: t.clock,
      mailer: t.mailer,
      logger: false,
      processing,
    });
    await app.ready();
    restarted.push(app);
    return app;
  }

  /** Counts what reaches the pool, so a test can tell that a job never ran again. */
  function countingProcessing() {
    const calls: string[] = [];
    const processing: DocumentProcessing = {
      ...t.app.processing,
      inspectPdf: (bytes) => {
        calls.push('inspect');
        return t.app.processing.inspectPdf(bytes);
      },
      extractPdfText: (bytes) => {
        calls.push('extract');
        return t.app.processing.extractPdfText(bytes);
      },
      close: async () => {},
    };
    return { processing, calls };
  }

  it('accepts a bomb and a page-count lie, keeps answering while they are read, and shows each failure on its letter', async () => {
    const bomb = await decompressionBombPdf();
    expect(bomb.length).toBeLessThan(1.5 * 1024 * 1024);
    const bombId = await deliver('bomb.pdf', bomb);
    const millionId = await deliver('million.pdf', millionPagesPdf());
    const lieId = await deliver('lie.pdf', pageCountLiePdf());

    const finished = t.app.jobs.runDueJobs().then(() => true);
    const latencies: number[] = [];
    for (let isDone = false; !isDone;) {
      const started = performance.now();
      const health = await t.app.inject({ url: '/api/health' });
      latencies.push(performance.now() - started);
      expect(health.statusCode).toBe(200);
      isDone = await Promise.race([finished, sleep(20).then(() => false)]);
    }
    expect(latencies.length).toBeGreaterThan(0);
    expect(Math.max(...latencies)).toBeLessThan(1000);

    expect(await documentsOf(t.app, bombId)).toEqual([
      expect.objectContaining({ text_status: 'failed', text_failure: 'too_much_data' }),
    ]);
    expect(await documentsOf(t.app, millionId)).toEqual([
      expect.objectContaining({ text_status: 'failed', text_failure: 'too_many_pages' }),
    ]);
    expect(await documentsOf(t.app, lieId)).toEqual([
      expect.objectContaining({ text_status: 'failed', text_failure: 'too_many_pages' }),
    ]);
    // Failed for good after one attempt: trying again gives the same answer.
    const jobs = await extractionJobs([bombId, millionId, lieId]);
    expect(jobs.map((job) => [job.status, Number(job.attempts)])).toEqual([
      ['failed', 1],
      ['failed', 1],
      ['failed', 1],
    ]);

    // The provider sees it too, and the user still gets the very bytes that were sent.
    const status = await t.app.inject({
      url: `/api/sender/v1/letters/${bombId}`,
      headers: { authorization: `Bearer ${apiKey}` },
    });
    expect(status.json().documents).toEqual([
      expect.objectContaining({ text_status: 'failed', text_failure: 'too_much_data' }),
    ]);
    const [document] = await documentsOf(t.app, bombId);
    const download = await t.app.inject({
      url: `/api/letters/${bombId}/documents/${String(document?.id)}/content`,
      headers: { cookie: me.cookie },
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(bomb)).toBe(true);
  });

  it('reads a plain PDF as before: its text, its page count, and search finds it', async () => {
    const id = await deliver('plain.pdf', plainPdf('Zählerstand 4711'));
    expect(await documentsOf(t.app, id)).toEqual([
      expect.objectContaining({ text_status: 'pending', page_count: 1 }),
    ]);

    await t.app.jobs.runDueJobs();

    expect(await documentsOf(t.app, id)).toEqual([
      expect.objectContaining({ text_status: 'extracted', text_failure: null, page_count: 1 }),
    ]);
    const search = await t.app.inject({
      url: `/api/search?account_id=${me.body.accounts[0]?.id}&q=4711`,
      headers: { cookie: me.cookie },
    });
    expect(search.json().hits).toEqual([
      expect.objectContaining({ letter: expect.objectContaining({ id }), matched_in: 'document' }),
    ]);
  });

  it('after a restart, does not run a job again once its attempts are spent', async () => {
    const id = await deliver('bomb.pdf', await decompressionBombPdf());
    await t.app.jobs.runDueJobs();
    expect((await extractionJobs([id]))[0]?.status).toBe('failed');

    const counting = countingProcessing();
    const app = await restart(counting.processing);
    await app.jobs.runDueJobs();

    expect(counting.calls).toEqual([]);
    expect(await documentsOf(app, id)).toEqual([
      expect.objectContaining({ text_status: 'failed', text_failure: 'too_much_data' }),
    ]);
  });

  it('fails a job whose process died during its last attempt, without running it again, and says so', async () => {
    const id = await deliver('letter.pdf', plainPdf('Killed while reading'));
    // What `kill -9` during the last attempt leaves behind: claimed, attempts spent, lock held.
    const [job] = await extractionJobs([id]);
    await t.app.db
      .updateTable('jobs')
      .set({
        status: 'running',
        attempts: 3,
        max_attempts: 3,
        locked_until: t.clock.now().toISOString(),
      })
      .where('payload', '=', String(job?.payload))
      .execute();

    t.clock.advanceSeconds(60);
    const counting = countingProcessing();
    const app = await restart(counting.processing);
    await app.jobs.runDueJobs();

    expect(counting.calls).toEqual([]);
    expect((await extractionJobs([id]))[0]?.status).toBe('failed');
    expect(await documentsOf(app, id)).toEqual([
      expect.objectContaining({ text_status: 'failed', text_failure: 'crashed' }),
    ]);
  });

  /** Refused uploads are kept through the collection grace period, then removed. */
  async function collectedAfterGrace(): Promise<string[]> {
    t.clock.advanceSeconds(COLLECT_GRACE_SECONDS + 61);
    await t.app.jobs.runDueJobs();
    return storedDocumentKeys(t.config.dataDir);
  }

  it('refuses an HTML page and a ZIP archive named .pdf with 415, naming the file, and keeps nothing', async () => {
    for (const [filename, content] of [
      ['invoice.pdf', htmlPretendingToBePdf()],
      ['archive.pdf', zipPretendingToBePdf()],
    ] as const) {
      const response = await postLetter(
        t.app,
        apiKey,
        { recipient: { email: me.email }, subject: 'Not a PDF' },
        { documents: [{ filename, content }] },
      );
      expect(response.statusCode).toBe(415);
      expect(response.json()).toMatchObject({
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: expect.stringContaining(filename),
      });
    }
    expect(await collectedAfterGrace()).toEqual([]);
    const letters = await t.app.db.selectFrom('letters').select('id').execute();
    expect(letters).toEqual([]);
  });

  it('refuses PDFs with JavaScript, launch actions or embedded files with 422, naming the file and what it found', async () => {
    const cases = [
      ['script.pdf', javaScriptPdf(), ['javascript']],
      ['escaped.pdf', escapedJavaScriptPdf(), ['javascript']],
      ['launch.pdf', launchActionPdf(), ['launch']],
      ['attached.pdf', embeddedFilePdf(), ['embedded_files']],
    ] as const;
    for (const [filename, content, found] of cases) {
      const response = await postLetter(
        t.app,
        apiKey,
        { recipient: { email: me.email }, subject: 'Active' },
        { documents: [{ filename, content }] },
      );
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({
        code: 'DOCUMENT_ACTIVE_CONTENT',
        message: expect.stringContaining(filename),
        details: [{ path: 'document', filename, active_content: found }],
      });
    }
    expect(await collectedAfterGrace()).toEqual([]);
  });

  it('applies the same rules to a reply’s attachments', async () => {
    const letterId = await deliver('letter.pdf', plainPdf());
    const reply = (filename: string, content: Buffer) => {
      const body = multipart([
        { name: 'subject', value: 'Re: A letter' },
        { name: 'body', value: 'See attached.' },
        { name: 'attachment', filename, content },
      ]);
      return t.app.inject({
        method: 'POST',
        url: `/api/letters/${letterId}/replies`,
        headers: { ...me.headers, 'content-type': body.contentType },
        payload: body.payload,
      });
    };

    const html = await reply('receipt.pdf', htmlPretendingToBePdf());
    expect(html.statusCode).toBe(415);
    expect(html.json().message).toContain('receipt.pdf');
    const script = await reply('form.pdf', javaScriptPdf());
    expect(script.statusCode).toBe(422);
    expect(script.json().code).toBe('DOCUMENT_ACTIVE_CONTENT');
    const plain = await reply('receipt.pdf', plainPdf('Paid on Monday'));
    expect(plain.statusCode).toBe(201);
    expect(plain.json().documents).toEqual([
      expect.objectContaining({ filename: 'receipt.pdf', text_status: 'pending', page_count: 1 }),
    ]);
  });
});
