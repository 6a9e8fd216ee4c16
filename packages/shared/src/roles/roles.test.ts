import { describe, expect, it } from 'vitest';
import { accountRoles } from '../accounts/index.ts';
import { accountActions, can, type AccountAction } from './index.ts';

// The whole policy as a reader checks it: a row per action, a column per role (kept aligned).
// prettier-ignore
const table: Record<AccountAction, { owner: boolean; member: boolean; viewer: boolean }> = {
  read:                    { owner: true, member: true,  viewer: true  },
  organize:                { owner: true, member: true,  viewer: false },
  'delete-forever':        { owner: true, member: true,  viewer: false },
  upload:                  { owner: true, member: true,  viewer: false },
  'manage-others-uploads': { owner: true, member: false, viewer: false },
  send:                    { owner: true, member: true,  viewer: false },
  'fill-in-forms':         { owner: true, member: true,  viewer: false },
  pay:                     { owner: true, member: true,  viewer: false },
  sign:                    { owner: true, member: true,  viewer: false },
  'manage-members':        { owner: true, member: false, viewer: false },
};

describe('the role policy', () => {
  it('has a row for every action', () => {
    expect(Object.keys(table).toSorted()).toEqual([...accountActions].toSorted());
  });

  for (const action of accountActions) {
    for (const role of accountRoles) {
      const expected = table[action][role];
      it(`${expected ? 'lets' : 'does not let'} a ${role} ${action}`, () => {
        expect(can(role, action)).toBe(expected);
      });
    }
  }
});
