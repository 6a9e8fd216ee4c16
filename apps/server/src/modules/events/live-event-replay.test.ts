import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { LiveEvent } from '@kuvert/shared/events';
import { createLoggedInUser, type CreatedUser, type LoggedIn } from '../../test/factories.ts';
import { createTestApp, testEngines, type TestApp } from '../../test/helper.ts';
import {
  createSecondInstance,
  listenOnFreePort,
  type SecondInstance,
} from '../../test/instances.ts';
import { createTestProvider, deliverTestLetter, personalAccountOf } from '../../test/mailbox.ts';
import {
  LIVE_EVENTS_PRUNE_JOB,
  scheduleLiveEventsPrune,
} from '../../plugins/live-event-retention.ts';
import { publishLiveEvent } from './events.service.ts';

interface StreamEvent {
  id: number | undefined;
  event: string;
  data: unknown;
}

const isLive = (message: StreamEvent) => message.event !== 'sync' && message.event !== 'reset';

/** A real server-sent events connection, read block by block. */
class EventStream {
  private buffer = '';
  private readonly received: StreamEvent[] = [];
  private readonly decoder = new TextDecoder();

  readonly status: number;
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;

  private constructor(status: number, reader: ReadableStreamDefaultReader<Uint8Array>) {
    this.status = status;
    this.reader = reader;
  }

  static async open(
    base: string,
    who: LoggedIn,
    options: { lastEventId?: string; query?: string } = {},
  ): Promise<EventStream> {
    const response = await fetch(`${base}/api/events${options.query ?? ''}`, {
      headers: {
        cookie: who.cookie,
        ...(options.lastEventId === undefined ? {} : { 'last-event-id': options.lastEventId }),
      },
    });
    const reader = response.body?.getReader();
    if (!reader) throw new Error('no body');
    return new EventStream(response.status, reader);
  }

  /** The next event with data (LiveEvents, `sync`, `reset`). */
  async next(): Promise<StreamEvent> {
    while (this.received.length === 0) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('no event within 15 s')), 15_000);
      });
      const { value, done } = await Promise.race([this.reader.read(), timeout]).finally(() =>
        clearTimeout(timer),
      );
      if (done) throw new Error('the stream ended');
      this.buffer += this.decoder.decode(value, { stream: true });
      let end = this.buffer.indexOf('\n\n');
      while (end !== -1) {
        const lines = this.buffer.slice(0, end).split('\n');
        this.buffer = this.buffer.slice(end + 2);
        const field = (name: string) =>
          lines.find((line) => line.startsWith(`${name}: `))?.slice(name.length + 2);
        const data = field('data');
        const id = field('id');
        if (data !== undefined) {
          this.received.push({
            id: id === undefined ? undefined : Number(id),
            event: field('event') ?? 'message',
            data: JSON.parse(data),
          });
        }
        end = this.buffer.indexOf('\n\n');
      }
    }
    const first = this.received.shift();
    if (!first) throw new Error('unreachable');
    return first;
  }

  /** Reads until the stream is caught up (its `sync`), answering everything before it. */
  async untilSynced(): Promise<StreamEvent[]> {
    const read: StreamEvent[] = [];
    for (;;) {
      const message = await this.next();
      if (message.event === 'sync') return read;
      read.push(message);
    }
  }

  /** The next `count` LiveEvents, passing `sync`s. */
  async liveEvents(count: number): Promise<StreamEvent[]> {
    const read: StreamEvent[] = [];
    while (read.length < count) {
      const message = await this.next();
      if (isLive(message)) read.push(message);
    }
    return read;
  }

  async close(): Promise<void> {
    await this.reader.cancel().catch(() => {});
  }
}

const changed = (accountId: string): LiveEvent => ({
  type: 'letters.changed',
  account_id: accountId,
});

const progress = (accountId: string, name: string, row: number): LiveEvent => ({
  type: 'mail_merge.progress',
  account_id: accountId,
  mail_merge_id: name,
  status: 'running',
  processed_rows: row,
  total_rows: 1000,
});

describe.each(testEngines)('live events across instances (%s)', (engine) => {
  let t: TestApp;
  let second: SecondInstance | undefined;
  /** Instance A; B is a second instance on PostgreSQL, the same one on SQLite (one instance). */
  let a: FastifyInstance;
  let b: FastifyInstance;
  let baseA: string;
  let baseB: string;
  let me: CreatedUser & LoggedIn;
  let myAccount: string;
  const streams: EventStream[] = [];

  async function open(base: string, options: { lastEventId?: string; query?: string } = {}) {
    const stream = await EventStream.open(base, me, options);
    streams.push(stream);
    return stream;
  }

  beforeEach(async () => {
    // A short window, so that going past it leaves the session (30 minutes idle) alive.
    t = await createTestApp(engine, { LIVE_EVENTS_RETENTION_MINUTES: '5' });
    a = t.app;
    baseA = await listenOnFreePort(a);
    if (engine === 'postgres') {
      second = await createSecondInstance(t);
      b = second.app;
      baseB = await listenOnFreePort(b);
    } else {
      b = a;
      baseB = baseA;
    }
    me = await createLoggedInUser(a);
    myAccount = personalAccountOf(me);
  });
  afterEach(async () => {
    for (const stream of streams.splice(0)) await stream.close();
    await second?.close();
    second = undefined;
    await t.close();
  });

  it('sends an event published on one instance to a subscriber of the other, with its id', async () => {
    const { apiKey } = await createTestProvider(a, { name: 'Nordbank' });
    const stream = await open(baseB);
    expect(stream.status).toBe(200);
    await stream.untilSynced();

    const letterId = await deliverTestLetter(a, apiKey, me.email, { subject: 'Moved' });
    const [message] = await stream.liveEvents(1);
    expect(message?.event).toBe('letter.created');
    expect(message?.data).toEqual({
      type: 'letter.created',
      account_id: myAccount,
      letter_id: letterId,
      subject: 'Moved',
      sender_name: 'Nordbank',
    });
    expect(message?.id).toBeGreaterThan(0);
  });

  it('sends a client that reconnects to the other instance exactly what it missed, then the live ones', async () => {
    const first = await open(baseA);
    await first.untilSynced();
    await publishLiveEvent(a, changed(myAccount));
    const [seen] = await first.liveEvents(1);
    await first.close();

    const one = progress(myAccount, 'one', 1);
    const two = progress(myAccount, 'two', 2);
    const three = progress(myAccount, 'three', 3);
    await publishLiveEvent(a, one);
    await publishLiveEvent(b, two);
    await publishLiveEvent(a, three);
    const missed = [one, two, three];

    const again = await open(baseB, { lastEventId: String(seen?.id) });
    const replayed = await again.untilSynced();
    expect(replayed.map((message) => message.data)).toEqual(missed);
    const ids = replayed.map((message) => message.id ?? 0);
    expect(ids).toEqual(ids.toSorted((x, y) => x - y));
    expect(ids[0]).toBeGreaterThan(seen?.id ?? Infinity);

    const live = progress(myAccount, 'live', 4);
    await publishLiveEvent(a, live);
    const [next] = await again.liveEvents(1);
    expect(next?.data).toEqual(live);
    expect(next?.id).toBeGreaterThan(ids.at(-1) ?? Infinity);

    // The query parameter does the same for a client that cannot set the header.
    const byQuery = await open(baseA, { query: `?last_event_id=${seen?.id}` });
    expect((await byQuery.untilSynced()).map((message) => message.data)).toEqual([...missed, live]);
  });

  it('never loses or doubles an event while two instances publish at once', async () => {
    const follower = await open(baseB);
    await follower.untilSynced();
    const mover = await open(baseA);
    await mover.untilSynced();

    // Four writers per instance, each one event after the other: 200 in all, interleaved.
    const writers = [a, b].flatMap((app, instance) =>
      [0, 1, 2, 3].map(async (writer) => {
        for (let row = 0; row < 25; row += 1) {
          await publishLiveEvent(app, progress(myAccount, `${instance}-${writer}-${row}`, row));
        }
      }),
    );
    const following = follower.liveEvents(200);
    // The second reader leaves after 50 and comes back to the other instance with its last id.
    const firstPart = await mover.liveEvents(50);
    await mover.close();
    const lastSeen = firstPart.at(-1)?.id;
    const back = await open(baseB, { lastEventId: String(lastSeen) });
    const secondPart = await back.liveEvents(150);
    await Promise.all(writers);

    for (const read of [await following, [...firstPart, ...secondPart]]) {
      const names = read.map((message) => JSON.stringify(message.data));
      expect(new Set(names).size).toBe(200);
      const ids = read.map((message) => message.id ?? 0);
      expect(new Set(ids).size).toBe(200);
      expect(ids).toEqual(ids.toSorted((x, y) => x - y));
    }
    expect((await following).map((message) => message.id)).toEqual(
      [...firstPart, ...secondPart].map((message) => message.id),
    );
  });

  it('replays none of another account’s events', async () => {
    const stranger = await createLoggedInUser(a);
    const theirs = personalAccountOf(stranger);
    const stream = await open(baseA);
    await stream.untilSynced();
    await publishLiveEvent(a, changed(myAccount));
    const [seen] = await stream.liveEvents(1);
    await stream.close();

    await publishLiveEvent(a, progress(theirs, 'secret', 1));
    await publishLiveEvent(b, changed(myAccount));
    await publishLiveEvent(b, progress(theirs, 'secret', 2));

    const again = await open(baseB, { lastEventId: String(seen?.id) });
    expect((await again.untilSynced()).map((message) => message.data)).toEqual([
      changed(myAccount),
    ]);
    // Nor live.
    await publishLiveEvent(a, progress(theirs, 'secret', 3));
    await publishLiveEvent(a, progress(myAccount, 'mine', 4));
    expect((await again.liveEvents(1))[0]?.data).toEqual(progress(myAccount, 'mine', 4));
  });

  it('tells a client to refetch everything when its id is past the window, unknown or malformed', async () => {
    const stream = await open(baseA);
    await stream.untilSynced();
    await publishLiveEvent(a, changed(myAccount));
    const [seen] = await stream.liveEvents(1);
    await stream.close();
    const oldId = String(seen?.id);

    // Within the window: replayed (nothing missed), no reset.
    expect(await (await open(baseB, { lastEventId: oldId })).untilSynced()).toEqual([]);

    t.clock.advanceSeconds(6 * 60);
    await publishLiveEvent(a, changed(myAccount));
    const expired = await open(baseB, { lastEventId: oldId });
    expect(await expired.untilSynced()).toEqual([
      { id: undefined, event: 'reset', data: { reason: 'expired' } },
    ]);

    for (const malformed of ['abc', '-1', '0', '1.5', '99999999999999999999', '1e3', ' ']) {
      const answer = await open(baseA, { lastEventId: malformed });
      expect(answer.status).toBe(200);
      expect(await answer.untilSynced()).toEqual([
        { id: undefined, event: 'reset', data: { reason: 'unknown' } },
      ]);
      await answer.close();
    }
    const future = await open(baseA, { query: '?last_event_id=987654321' });
    expect(await future.untilSynced()).toEqual([
      { id: undefined, event: 'reset', data: { reason: 'unknown' } },
    ]);
    // After a reset the stream goes on as usual.
    await publishLiveEvent(b, progress(myAccount, 'after', 1));
    expect((await future.liveEvents(1))[0]?.data).toEqual(progress(myAccount, 'after', 1));
  });

  it('removes the events past the window in its periodic clean-up', async () => {
    await publishLiveEvent(a, changed(myAccount));
    await publishLiveEvent(b, changed(myAccount));
    t.clock.advanceSeconds(6 * 60);
    await publishLiveEvent(a, progress(myAccount, 'recent', 1));
    const count = async () =>
      (await a.db.selectFrom('live_events').select('payload').orderBy('id').execute()).map(
        (row): unknown => JSON.parse(row.payload),
      );
    expect(await count()).toHaveLength(3);

    await scheduleLiveEventsPrune(a);
    expect(await a.jobs.runDueJobs()).toBe(1);
    expect(await count()).toEqual([progress(myAccount, 'recent', 1)]);
    const next = await a.db
      .selectFrom('jobs')
      .select('run_at')
      .where('type', '=', LIVE_EVENTS_PRUNE_JOB)
      .where('status', '=', 'pending')
      .execute();
    // The next ten-minute period's run, once for the cluster.
    const tenMinutes = 10 * 60 * 1000;
    expect(next.map((job) => Date.parse(job.run_at))).toEqual([
      Math.floor(t.clock.now().getTime() / tenMinutes) * tenMinutes + tenMinutes,
    ]);
  });
});
