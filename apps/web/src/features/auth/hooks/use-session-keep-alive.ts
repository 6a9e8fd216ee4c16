import { useEffect } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notify.ts';
import type { NotificationHandle } from '../../../lib/notify.ts';
import { endSession, getLoginExpiry, getSessionLifetimeMs } from '../../../lib/session.ts';
import { refreshSession } from '../api/refresh-session.ts';
import { KEEP_ALIVE_TICK_MS, decideKeepAlive } from './keep-alive-policy.ts';

const activityEvents = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart'] as const;

/** Keeps an active user signed in, warns an idle one, and ends an expired session. */
export function useSessionKeepAlive(): void {
  const { t } = useTranslation();

  useEffect(() => {
    let lastActivityAt = Date.now();
    let warning: NotificationHandle | null = null;
    let isRefreshing = false;

    const markActive = () => {
      lastActivityAt = Date.now();
    };

    const refresh = async () => {
      if (isRefreshing) return;
      isRefreshing = true;
      try {
        await refreshSession();
        warning?.dismiss();
        warning = null;
      } catch {
        // A lost session is handled by the HTTP client; anything else is retried next tick.
      } finally {
        isRefreshing = false;
      }
    };

    const tick = () => {
      const expiresAt = getLoginExpiry();
      const action = decideKeepAlive({
        now: Date.now(),
        expiresAt,
        lifetimeMs: getSessionLifetimeMs(),
        lastActivityAt,
        isWarningShown: warning !== null,
      });
      if (action === 'expire') {
        warning?.dismiss();
        endSession('expired');
      } else if (action === 'refresh') {
        void refresh();
      } else if (action === 'warn' && expiresAt !== null) {
        warning = notify({
          type: 'warning',
          title: t('session.warningTitle'),
          message: t('session.warning'),
          timeout: Math.max(expiresAt - Date.now(), 1),
          action: {
            label: t('session.stay'),
            onClick: () => {
              markActive();
              void refresh();
            },
          },
        });
      }
    };

    for (const name of activityEvents) {
      window.addEventListener(name, markActive, { passive: true, capture: true });
    }
    const interval = setInterval(tick, KEEP_ALIVE_TICK_MS);
    return () => {
      clearInterval(interval);
      warning?.dismiss();
      for (const name of activityEvents) {
        window.removeEventListener(name, markActive, { capture: true });
      }
    };
  }, [t]);
}
