import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PostalAddressInput } from '@kuvert/shared/postal';
import { createLoggedInUser, type LoggedIn } from '../test/factories.ts';
import { createTestApp, testEngines, type TestApp } from '../test/helper.ts';
import { personalAccountOf } from '../test/mailbox.ts';
import { runAllJobs, writePostalLetter } from '../test/postal.ts';
import { runCli, type CliIo } from './run-cli.ts';

const SENDER_ADDRESS = {
  street: 'Hauptstraße 5',
  postcode: '10115',
  city: 'Berlin',
  country: 'DE',
} as const;

const ŁUKASZ: PostalAddressInput = {
  name: 'Łukasz Żółkiewski',
  organisation: 'Şükrü Öztürk GmbH',
  street: 'Büyükdere Caddesi 12',
  postcode: '34394',
  city: 'İstanbul',
  country: 'TR',
};

const GRETA: PostalAddressInput = {
  name: 'Greta Nilsson',
  street: 'Storgatan 1',
  postcode: '114 55',
  city: 'Stockholm',
  country: 'SE',
};

const pdfText = (file: string, ...args: string[]) =>
  execFileSync('pdftotext', [...args, '-layout', file, '-'], { encoding: 'utf8' });

describe.each(testEngines)('print batches on the command line (%s)', (engine) => {
  let t: TestApp;
  let sender: LoggedIn & { user: { id: string } };
  let accountId: string;
  let out: string[];
  const io: CliIo = { out: (text) => out.push(text), error: (text) => out.push(text) };
  const openApp = async () => ({ app: t.app, close: async () => {} });

  beforeEach(async () => {
    t = await createTestApp(engine);
    out = [];
    sender = await createLoggedInUser(t.app, { firstName: 'Zoë', lastName: 'Ångström' });
    accountId = personalAccountOf(sender);
    const saved = await t.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: sender.headers,
      payload: { address: SENDER_ADDRESS },
    });
    if (saved.statusCode !== 200) throw new Error(`address not saved: ${saved.body}`);
  });
  afterEach(async () => t.close());

  const recipientRow = (id: string) =>
    t.app.db
      .selectFrom('letter_recipients')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const letterStatus = async (id: string) =>
    (
      await t.app.db
        .selectFrom('letters')
        .select(['delivery_status', 'delivery_failure_reason'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).delivery_status;

  it('lets the operator list, download, mark sent and mark failed; a new batch follows', async () => {
    const first = await writePostalLetter(t.app, {
      accountId,
      userId: sender.user.id,
      recipients: [ŁUKASZ, GRETA],
    });
    await runAllJobs(t.app);
    expect(await runCli(['print-batches', 'list'], io, openApp)).toBe(0);
    const batchId = /^(\S+)\s+open\s+2\s+2\s/m.exec(out.join('\n'))?.[1] ?? '';
    expect(batchId).not.toBe('');

    const publish = vi.spyOn(t.app.events, 'publish');
    const file = path.join(t.config.dataDir, 'batch.pdf');
    out = [];
    expect(await runCli(['print-batches', 'download', batchId, '--out', file], io, openApp)).toBe(
      0,
    );
    expect(out.join('\n')).toContain(`Wrote 2 letters (2 pages) to ${file}.`);
    expect(execFileSync('pdfinfo', [file], { encoding: 'utf8' })).toMatch(/Pages:\s+2\n/);
    const text = pdfText(file);
    expect(text.indexOf('Łukasz Żółkiewski')).toBeLessThan(text.indexOf('Greta Nilsson'));
    const [łukaszId = '', gretaId = ''] = first.recipientIds;
    expect((await recipientRow(łukaszId)).status).toBe('printed');
    expect(await letterStatus(first.letterId)).toBe('printed');
    expect(publish).toHaveBeenCalledWith({ type: 'letters.changed', account_id: accountId });

    // The next letter starts a new batch.
    const second = await writePostalLetter(t.app, {
      accountId,
      userId: sender.user.id,
      recipients: [GRETA],
    });
    await runAllJobs(t.app);
    const secondBatch = (await recipientRow(second.recipientIds[0] ?? '')).print_batch_id;
    expect(secondBatch).not.toBe(batchId);
    out = [];
    await runCli(['print-batches', 'list'], io, openApp);
    expect(out.join('\n')).toMatch(new RegExp(`^${batchId}\\s+downloaded\\s+2\\s+2\\s`, 'm'));
    expect(out.join('\n')).toMatch(new RegExp(`^${secondBatch}\\s+open\\s+1\\s+1\\s`, 'm'));

    // An open batch cannot be marked sent; unknown ids and missing options are refused.
    expect(await runCli(['print-batches', 'mark-sent', secondBatch ?? ''], io, openApp)).toBe(1);
    expect(await runCli(['print-batches', 'mark-sent', 'nope'], io, openApp)).toBe(1);
    expect(
      await runCli(['print-batches', 'mark-failed', batchId, '--reason', 'x'], io, openApp),
    ).toBe(2);

    out = [];
    const failed = [
      'print-batches',
      'mark-failed',
      batchId,
      '--recipient',
      gretaId,
      '--reason',
      'Returned: addressee unknown',
    ];
    expect(await runCli(failed, io, openApp)).toBe(0);
    expect(await runCli(['print-batches', 'mark-sent', batchId], io, openApp)).toBe(0);
    expect(out.join('\n')).toContain(`Marked 1 letters of batch ${batchId} sent.`);
    expect(await recipientRow(łukaszId)).toMatchObject({ status: 'sent' });
    expect(await recipientRow(gretaId)).toMatchObject({
      status: 'failed',
      failure_reason: 'Returned: addressee unknown',
    });
    expect(await letterStatus(first.letterId)).toBe('failed');
    const batch = await t.app.db
      .selectFrom('print_batches')
      .select('status')
      .where('id', '=', batchId)
      .executeTakeFirstOrThrow();
    expect(batch.status).toBe('sent');
  });
});
