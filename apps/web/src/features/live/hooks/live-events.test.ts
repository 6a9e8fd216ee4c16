// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { liveEventSchema } from '@kuvert/shared/events';
import { eventEndpoints } from '@kuvert/shared/events/endpoints';
import {
  areasToRefresh,
  liveEventTypes,
  liveStreamUrl,
  parseLiveEvent,
  reconnectDelayMs,
} from './live-events.ts';

describe('live events', () => {
  it('listens for every event the server sends by name', () => {
    const sent = liveEventSchema.options.map((option) => option.shape.type.value);
    expect(liveEventTypes.toSorted()).toEqual(sent.toSorted());
  });

  it('parses the events the server sends and ignores anything else', () => {
    const created = {
      type: 'letter.created',
      account_id: 'a1',
      letter_id: 'l1',
      subject: 'Your invoice',
      sender_name: 'Stadtwerke',
    };
    expect(parseLiveEvent(JSON.stringify(created))).toEqual(created);
    expect(parseLiveEvent('{"type":"letters.changed","account_id":"a1"}')).toEqual({
      type: 'letters.changed',
      account_id: 'a1',
    });
    expect(parseLiveEvent('{"type":"something.else"}')).toBeNull();
    expect(parseLiveEvent('not json')).toBeNull();
    expect(parseLiveEvent('{"type":"letter.created","account_id":"a1"}')).toBeNull();
  });

  it('refreshes every letter list and count on a new or changed letter', () => {
    const expected = [
      'letters',
      'search',
      'folders',
      'providers',
      'home',
      'invoices',
      'trash',
      'caseFiles',
    ];
    expect(
      areasToRefresh({
        type: 'letter.created',
        account_id: 'a',
        letter_id: 'l',
        subject: 's',
        sender_name: 'p',
      }),
    ).toEqual(expected);
    expect(areasToRefresh({ type: 'letters.changed', account_id: 'a' })).toEqual([
      ...expected,
      'mailMerges',
    ]);
  });

  it('refreshes folders, the lists of their letters and the trash on a folder change', () => {
    expect(areasToRefresh({ type: 'folders.changed', account_id: 'a' })).toEqual([
      'folders',
      'letters',
      'home',
      'trash',
    ]);
  });

  it('refreshes invoices, letter badges and home counts when an invoice changes', () => {
    expect(parseLiveEvent('{"type":"invoices.changed","account_id":"a1"}')).toEqual({
      type: 'invoices.changed',
      account_id: 'a1',
    });
    expect(areasToRefresh({ type: 'invoices.changed', account_id: 'a' })).toEqual([
      'invoices',
      'letters',
      'home',
    ]);
  });

  it('backs off exponentially up to 30 seconds', () => {
    expect([1, 2, 3, 4, 5, 6, 10].map(reconnectDelayMs)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
  });

  it('reconnects naming the last event id it saw, so that the server sends what was missed', () => {
    const stream = eventEndpoints.stream.path;
    expect(liveStreamUrl(stream, null)).toBe(stream);
    expect(liveStreamUrl(stream, '42')).toBe(`${stream}?last_event_id=42`);
    expect(liveStreamUrl(`https://x.example${stream}?a=1`, '7 8')).toBe(
      `https://x.example${stream}?a=1&last_event_id=7%208`,
    );
  });
});
