// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { buildNeighboursQuery } from '../api/get-letter-neighbours.ts';
import { letterListOf, letterListState } from './letter-list-state.ts';

describe('the list a letter was opened from', () => {
  it('travels in the navigation state and comes back as it went', () => {
    const list = { view: 'folder', folderId: 'f1' } as const;
    expect(letterListOf(letterListState(list))).toEqual(list);
    expect(letterListOf(letterListState({ view: 'inbox', providerId: 'p1' }))).toEqual({
      view: 'inbox',
      providerId: 'p1',
    });
  });

  it('is unknown for a letter opened from a link, a reload of old state or another page', () => {
    expect(letterListOf(null)).toBeUndefined();
    expect(letterListOf({ letterList: { view: 'everything' } })).toBeUndefined();
    expect(letterListOf({ from: '/profile' })).toBeUndefined();
  });

  it('asks the server for the neighbours in that list, or in the letter’s own without one', () => {
    expect(buildNeighboursQuery(undefined)).toBe('');
    expect(buildNeighboursQuery({ view: 'unread' })).toBe('view=unread');
    expect(buildNeighboursQuery({ view: 'inbox', providerId: 'p 1' })).toBe(
      'view=inbox&provider_id=p+1',
    );
    expect(buildNeighboursQuery({ view: 'folder', folderId: 'f1' })).toBe(
      'view=folder&folder_id=f1',
    );
  });
});
