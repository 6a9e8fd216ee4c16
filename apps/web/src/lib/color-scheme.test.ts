import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { colorSchemeManager, colorSchemes } from './color-scheme.ts';
import { storageKeys } from './storage.ts';

describe('colorSchemeManager', () => {
  afterEach(() => localStorage.clear());

  it('follows the device until a choice is stored, then remembers it', () => {
    expect(colorSchemeManager.get('auto')).toBe('auto');
    colorSchemeManager.set('dark');
    expect(localStorage.getItem(storageKeys.colorScheme)).toBe('dark');
    expect(colorSchemeManager.get('auto')).toBe('dark');
  });

  it('ignores a stored value that is not a scheme', () => {
    localStorage.setItem(storageKeys.colorScheme, 'purple');
    expect(colorSchemeManager.get('auto')).toBe('auto');
  });
});

describe('public/color-scheme.js', () => {
  // It runs before the app (and so cannot import it): it must read what the app writes.
  const script = readFileSync(
    path.join(import.meta.dirname, '../../public/color-scheme.js'),
    'utf8',
  );

  it('reads the same storage key and values as the app', () => {
    expect(script).toContain(`'${storageKeys.colorScheme}'`);
    for (const scheme of colorSchemes.filter((value) => value !== 'auto')) {
      expect(script).toContain(`'${scheme}'`);
    }
  });
});
