import type { MantineColorScheme, MantineColorSchemeManager } from '@mantine/core';
import { readStorage, removeStorage, storageKeys, writeStorage } from './storage.ts';

/** The choices a person has: follow the device ('auto'), or always light or dark. */
export const colorSchemes = ['auto', 'light', 'dark'] as const satisfies MantineColorScheme[];

export function isColorScheme(value: unknown): value is MantineColorScheme {
  return colorSchemes.some((scheme) => scheme === value);
}

let handleStorage: ((event: StorageEvent) => void) | undefined;

/**
 * Remembers the choice on this device, in the same storage as the other preferences.
 * public/color-scheme.js reads the same key before the first paint, so a dark page never
 * flashes white while the app loads.
 */
export const colorSchemeManager: MantineColorSchemeManager = {
  get: (defaultValue) => {
    const stored = readStorage(storageKeys.colorScheme);
    return isColorScheme(stored) ? stored : defaultValue;
  },
  set: (value) => writeStorage(storageKeys.colorScheme, value),
  // A choice made in another tab applies here too.
  subscribe: (onUpdate) => {
    handleStorage = (event) => {
      if (event.key === storageKeys.colorScheme && isColorScheme(event.newValue)) {
        onUpdate(event.newValue);
      }
    };
    window.addEventListener('storage', handleStorage);
  },
  unsubscribe: () => {
    if (handleStorage !== undefined) window.removeEventListener('storage', handleStorage);
  },
  clear: () => removeStorage(storageKeys.colorScheme),
};
