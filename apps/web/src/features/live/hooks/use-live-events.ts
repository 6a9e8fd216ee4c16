import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import type { LiveEvent } from '@kuvert/shared/events';
import { paths } from '../../../config/paths.ts';
import { i18n } from '../../../lib/i18n.ts';
import { invalidateAreas, mailboxKeys } from '../../../lib/mailbox-keys.ts';
import { notify } from '../../../lib/notify.ts';
import { useSelectedAccount } from '../../../lib/selected-account.ts';
import { useSession } from '../../../lib/session.ts';
import { areasToRefresh, liveEventTypes, parseLiveEvent, reconnectDelayMs } from './live-events.ts';
import { eventEndpoints } from '@kuvert/shared/events/endpoints';
import { apiUrl } from '../../../lib/api-client.ts';

/**
 * Keeps every open tab current: one EventSource to /api/events while logged in. New letters
 * of the shown mailbox are announced; every event refreshes what it makes stale. After a
 * connection loss it reconnects with backoff and refetches what may have been missed.
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
      const event = parseLiveEvent(message.data);
      if (event === null) return;
      refresh(event);
      announce(event);
    };

    const connect = () => {
      source = new EventSource(apiUrl(eventEndpoints.stream), { withCredentials: true });
      source.addEventListener('open', () => {
        // Whatever happened while we were away is fetched again.
        if (hasConnectedBefore || failures > 0) {
          for (const key of Object.values(mailboxKeys))
            void queryClient.invalidateQueries({ queryKey: key });
        }
        hasConnectedBefore = true;
        failures = 0;
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
