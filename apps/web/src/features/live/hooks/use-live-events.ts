import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { liveStreamEvents, type LiveEvent } from '@kuvert/shared/events';
import { paths } from '../../../config/paths.ts';
import { i18n } from '../../../lib/i18n.ts';
import { invalidateAreas, mailboxKeys } from '../../../lib/mailbox-keys.ts';
import { notify } from '../../../lib/notify.ts';
import { useSelectedAccount } from '../../../lib/selected-account.ts';
import { useSession } from '../../../lib/session.ts';
import {
  areasToRefresh,
  liveEventTypes,
  liveStreamUrl,
  parseLiveEvent,
  reconnectDelayMs,
} from './live-events.ts';
import { eventEndpoints } from '@kuvert/shared/events/endpoints';
import { apiUrl } from '../../../lib/api-client.ts';

/**
 * Keeps every open tab current: one EventSource to /api/events while logged in. New letters
 * of the shown mailbox are announced; every event refreshes what it makes stale. After a
 * connection loss it reconnects with backoff, to whichever server instance, naming the last
 * event it saw: the server sends what was missed, or `reset` when it cannot, and then
 * everything is refetched (as it is when no event id was seen yet).
 */
export function useLiveEvents(): void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { isLoggedIn } = useSession();
  const { accountId } = useSelectedAccount();
  // Read at event time, so switching mailboxes does not reconnect.
  const context = useRef({ accountId, navigate });
  useEffect(() => {
    context.current = { accountId, navigate };
  });

  useEffect(() => {
    if (!isLoggedIn || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    let hasConnectedBefore = false;
    let isStopped = false;
    // The id of the last event the stream sent (LiveEvents, `sync` and `reset` all carry one).
    let lastEventId: string | null = null;
    const refetchEverything = () => {
      for (const key of Object.values(mailboxKeys))
        void queryClient.invalidateQueries({ queryKey: key });
    };
    const remember = (message: MessageEvent<string>) => {
      if (message.lastEventId) lastEventId = message.lastEventId;
    };

    const refresh = (event: LiveEvent) => void invalidateAreas(queryClient, areasToRefresh(event));
    const announce = (event: LiveEvent) => {
      if (event.type !== 'letter.created' || event.account_id !== context.current.accountId) return;
      notify({
        type: 'info',
        title: i18n.t('live.newLetter', { name: event.sender_name }),
        message: event.subject,
        action: {
          label: i18n.t('live.open'),
          onClick: () => void context.current.navigate(paths.letter(event.letter_id)),
        },
      });
    };

    const handleMessage = (message: MessageEvent<string>) => {
      remember(message);
      const event = parseLiveEvent(message.data);
      if (event === null) return;
      refresh(event);
      announce(event);
    };

    const connect = () => {
      source = new EventSource(liveStreamUrl(apiUrl(eventEndpoints.stream), lastEventId), {
        withCredentials: true,
      });
      source.addEventListener('open', () => {
        // Without an event id the server cannot tell what was missed: fetch it all again.
        if ((hasConnectedBefore || failures > 0) && !lastEventId) refetchEverything();
        hasConnectedBefore = true;
        failures = 0;
      });
      source.addEventListener(liveStreamEvents.sync, remember);
      source.addEventListener(liveStreamEvents.reset, (message: MessageEvent<string>) => {
        remember(message);
        refetchEverything();
      });
      // Plain messages and named events (`event: letter.created`) are both understood.
      for (const type of ['message', ...liveEventTypes])
        source.addEventListener(type, handleMessage);
      source.addEventListener('error', () => {
        // The browser's own retry does not back off and gives up on HTTP errors: take over.
        source?.close();
        source = null;
        if (isStopped) return;
        failures += 1;
        retryTimer = setTimeout(connect, reconnectDelayMs(failures));
      });
    };

    connect();
    return () => {
      isStopped = true;
      clearTimeout(retryTimer);
      source?.close();
    };
  }, [isLoggedIn, queryClient]);
}
