// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { sortFoldersByName } from './folder-order.ts';

const named = (...names: string[]) => names.map((name, index) => ({ id: String(index), name }));

describe('sortFoldersByName', () => {
  it('files umlauts with their letter in German and numbers by value', () => {
    const sorted = sortFoldersByName(
      named('Steuern', 'Ärzte', 'zahnarzt', 'Auto', 'Ordner 10', 'Ordner 9', 'Öl'),
      'de',
    );
    expect(sorted.map((folder) => folder.name)).toEqual([
      'Ärzte',
      'Auto',
      'Öl',
      'Ordner 9',
      'Ordner 10',
      'Steuern',
      'zahnarzt',
    ]);
  });

  it('follows the language: Swedish puts Ä after Z', () => {
    expect(sortFoldersByName(named('Ärzte', 'Zebra', 'Auto'), 'sv').map((f) => f.name)).toEqual([
      'Auto',
      'Zebra',
      'Ärzte',
    ]);
  });
});
