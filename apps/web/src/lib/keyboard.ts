import { useEffect, useLayoutEffect, useRef } from 'react';

/** Keys of single-key shortcuts, as `KeyboardEvent.key` reports them. */
export type ShortcutKey = 'j' | 'k' | 'Enter' | 'u' | '#' | '/' | 'x' | '?' | 'Escape';
/** A handler returns false when it leaves the key to the browser (e.g. Enter on a button). */
export type ShortcutHandler = (event: KeyboardEvent) => boolean | void;
export type ShortcutHandlers = Partial<Record<ShortcutKey, ShortcutHandler>>;

const typingInputTypes = new Set([
  'text',
  'search',
  'email',
  'password',
  'number',
  'tel',
  'url',
  'date',
  'datetime-local',
  'month',
  'time',
  'week',
]);

/** True when keys typed at `target` are text: shortcuts must stay out of the way. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (typeof HTMLElement === 'undefined' || !(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) return typingInputTypes.has(target.type);
  return target.getAttribute('role') === 'textbox';
}

/**
 * The shortcut a key press stands for, or null: none while typing, none with Ctrl/Alt/Meta
 * (browser and screen-reader commands), none inside a dialog (it has its own keys).
 */
export function resolveShortcut(
  event: Pick<
    KeyboardEvent,
    'key' | 'target' | 'ctrlKey' | 'altKey' | 'metaKey' | 'defaultPrevented'
  >,
  handlers: ShortcutHandlers,
): ShortcutKey | null {
  if (event.defaultPrevented || event.ctrlKey || event.altKey || event.metaKey) return null;
  if (isTypingTarget(event.target)) return null;
  if (isInsideDialog(event.target)) return null;
  const key = event.key;
  return isHandled(key, handlers) ? key : null;
}

function isHandled(key: string, handlers: ShortcutHandlers): key is ShortcutKey {
  return Object.hasOwn(handlers, key);
}

function isInsideDialog(target: EventTarget | null): boolean {
  if (typeof Element === 'undefined' || !(target instanceof Element)) return false;
  return target.closest('[role="dialog"], [aria-modal="true"]') !== null;
}

/** Listens for single-key shortcuts on the whole page while mounted and enabled. */
export function useKeyboardShortcuts(handlers: ShortcutHandlers, enabled = true): void {
  // The latest handlers without re-subscribing on every render.
  const latest = useRef(handlers);
  useLayoutEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    if (!enabled) return;
    const listener = (event: KeyboardEvent) => {
      const key = resolveShortcut(event, latest.current);
      if (key === null) return;
      const handler = latest.current[key];
      if (!handler) return;
      if (handler(event) !== false) event.preventDefault();
    };
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, [enabled]);
}
