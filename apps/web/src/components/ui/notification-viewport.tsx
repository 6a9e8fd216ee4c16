import type { CSSProperties } from 'react';
import { Suspense, lazy } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { useNotifications } from '../../lib/notify.ts';
import type { NotificationPosition } from '../../lib/notify.ts';

// The regions exist from the start so screen readers announce what appears in them; the
// notification itself is fetched with the first one, off the login page's first load.
const NotificationItem = lazy(() =>
  import('./notification-item.tsx').then((module) => ({ default: module.NotificationItem })),
);

const positions: readonly NotificationPosition[] = ['top', 'bottom'];

const stackStyle = (position: NotificationPosition): CSSProperties => ({
  position: 'fixed',
  left: '50%',
  transform: 'translateX(-50%)',
  width: 'min(440px, calc(100vw - 32px))',
  zIndex: 1000,
  pointerEvents: 'none',
  display: 'flex',
  gap: 8,
  ...(position === 'bottom'
    ? { bottom: 16, flexDirection: 'column-reverse' }
    : { top: 16, flexDirection: 'column' }),
});

/** Global notifications (lib/notify), announced politely to screen readers. */
export function NotificationViewport() {
  const { t } = useTranslation();
  const notifications = useNotifications();
  return (
    <section aria-label={t('notifications.region')}>
      {positions.map((position) => (
        <div
          key={position}
          role="status"
          aria-live="polite"
          data-position={position}
          style={stackStyle(position)}
        >
          <Suspense fallback={null}>
            {notifications
              .filter((notification) => notification.position === position)
              .map((notification) => (
                <NotificationItem key={notification.id} notification={notification} />
              ))}
          </Suspense>
        </div>
      ))}
    </section>
  );
}
