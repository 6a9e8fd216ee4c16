// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { providerInitials } from './provider-avatar.tsx';

describe('providerInitials', () => {
  it.each([
    ['Stadtwerke München', 'SM'],
    ['AOK', 'A'],
    ['Finanzamt Berlin-Mitte Nord', 'FB'],
    ['  ÖBB  Personenverkehr ', 'ÖP'],
    ['& Co', 'C'],
  ])('%s → %s', (name, initials) => {
    expect(providerInitials(name)).toBe(initials);
  });
});
