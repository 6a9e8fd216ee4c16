import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, testEngines, type TestApp } from '../../test/helper.ts';
import { login } from '../../test/factories.ts';
import { seedDemo } from './demo.service.ts';

describe.each(testEngines)('demo seed (%s)', (engine) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(engine);
  });
  afterEach(async () => t.close());

  it('creates a demo login with a personal and a shared account on an empty database only', async () => {
    const demo = await seedDemo(t.app);
    expect(demo?.email).toBe('demo@kuvert.example');
    expect(demo?.password).toMatch(/^[a-z]+-[a-z]+-[a-z]+-\d{2}$/);

    const session = await login(t.app, demo?.email ?? '', demo?.password ?? '');
    expect(session.body.first_name).toBe('Alex');
    expect(session.body.accounts).toEqual([
      expect.objectContaining({ name: 'Alex Muster', kind: 'personal', role: 'owner' }),
      expect.objectContaining({ name: 'Muster household', kind: 'shared', role: 'owner' }),
    ]);

    expect(await seedDemo(t.app)).toBeNull();
  });

  it('fills the demo mailbox with invoices that are open, overdue and paid elsewhere', async () => {
    const demo = await seedDemo(t.app);
    const session = await login(t.app, demo?.email ?? '', demo?.password ?? '');
    const account = session.body.accounts.find((candidate) => candidate.kind === 'personal');
    const open = await t.app.inject({
      url: `/api/invoices?account_id=${account?.id ?? ''}`,
      headers: { cookie: session.cookie },
    });
    const items: Array<{ status: string; subject: string; epc_qr_available: boolean }> =
      open.json().items;
    expect(items.map((item) => item.status)).toEqual(['overdue', 'open', 'open']);
    expect(items.every((item) => item.epc_qr_available)).toBe(true);

    const inbox = await t.app.inject({
      url: `/api/letters?account_id=${account?.id ?? ''}`,
      headers: { cookie: session.cookie },
    });
    const statuses = inbox
      .json()
      .items.flatMap((letter: { invoice: { status: string } | null }) =>
        letter.invoice ? [letter.invoice.status] : [],
      );
    expect(statuses.toSorted()).toEqual(['open', 'open', 'overdue', 'paid']);
  });
});
