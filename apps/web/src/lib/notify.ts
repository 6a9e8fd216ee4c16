import { useSyncExternalStore } from 'react';
import { DEFAULT_NOTIFICATION_TIMEOUT_MS } from '@kuvert/shared/limits';

export const notificationTypes = ['positive', 'negative', 'warning', 'info', 'ongoing'] as const;
export type NotificationType = (typeof notificationTypes)[number];
export type NotificationPosition = 'bottom' | 'top';

export interface NotificationAction {
  label: string;
  onClick: () => void;
}

export interface NotifyOptions {
  type: NotificationType;
  /** Already translated text. */
  message: string;
  title?: string;
  /** ms until dismissed; 0 keeps it until dismissed. Ignored for `ongoing`, which never times out. */
  timeout?: number;
  position?: NotificationPosition;
  action?: NotificationAction;
}

export interface AppNotification {
  id: number;
  type: NotificationType;
  message: string;
  title: string | undefined;
  position: NotificationPosition;
  action: NotificationAction | undefined;
  /** ms until it goes away; null for none. */
  timeout: number | null;
}

export interface NotificationHandle {
  id: number;
  /** Turns the notification into another one in place, e.g. ongoing → positive. */
  update: (options: NotifyOptions) => void;
  dismiss: () => void;
}

let nextId = 1;
let notifications: readonly AppNotification[] = [];
const timers = new Map<number, ReturnType<typeof setTimeout>>();
const listeners = new Set<() => void>();

export function notify(options: NotifyOptions): NotificationHandle {
  const id = nextId++;
  notifications = [...notifications, toNotification(id, options)];
  scheduleDismissal(id, options);
  emit();
  return {
    id,
    update: (next) => updateNotification(id, next),
    dismiss: () => dismissNotification(id),
  };
}

export function dismissNotification(id: number): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  const remaining = notifications.filter((notification) => notification.id !== id);
  if (remaining.length === notifications.length) return;
  notifications = remaining;
  emit();
}

export function dismissAllNotifications(): void {
  for (const timer of timers.values()) clearTimeout(timer);
  timers.clear();
  notifications = [];
  emit();
}

export function getNotifications(): readonly AppNotification[] {
  return notifications;
}

export function subscribeToNotifications(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useNotifications(): readonly AppNotification[] {
  return useSyncExternalStore(subscribeToNotifications, getNotifications, getNotifications);
}

function updateNotification(id: number, options: NotifyOptions): void {
  if (!notifications.some((notification) => notification.id === id)) return;
  notifications = notifications.map((notification) =>
    notification.id === id ? toNotification(id, options) : notification,
  );
  // The timeout starts when the notification becomes its new type.
  scheduleDismissal(id, options);
  emit();
}

function toNotification(id: number, options: NotifyOptions): AppNotification {
  return {
    id,
    type: options.type,
    message: options.message,
    title: options.title,
    position: options.position ?? 'bottom',
    action: options.action,
    timeout: resolveTimeout(options),
  };
}

function resolveTimeout(options: NotifyOptions): number | null {
  if (options.type === 'ongoing') return null;
  const timeout = options.timeout ?? DEFAULT_NOTIFICATION_TIMEOUT_MS;
  return timeout > 0 ? timeout : null;
}

function scheduleDismissal(id: number, options: NotifyOptions): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  const timeout = resolveTimeout(options);
  if (timeout === null) return;
  timers.set(
    id,
    setTimeout(() => dismissNotification(id), timeout),
  );
}

function emit(): void {
  for (const listener of listeners) listener();
}
