import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n, loadTranslations, setLanguage, translate } from '../../../lib/i18n.ts';
import { addRequestOf, addedMessage } from './add-to-file-summary.ts';
import type { ThingToFile } from './add-to-file-summary.ts';

const letter = (id: string, title: string): ThingToFile => ({
  type: 'letter',
  id,
  title,
  createdAt: '2026-03-02T09:00:00.000Z',
});
const upload = (id: string, title: string): ThingToFile => ({
  ...letter(id, title),
  type: 'upload',
});
const oneItem = { title: 'Claim', date: '2026-03-02' };

describe('adding to a file', () => {
  beforeAll(async () => {
    await initI18n();
    await loadTranslations('app');
  });

  it('asks for one item with all only for several things, with its title and date', () => {
    const things = [letter('l1', 'Claim'), upload('u1', 'Photo'), letter('l2', 'Answer')];
    expect(addRequestOf(things, 'one_item', oneItem)).toEqual({
      letter_ids: ['l1', 'l2'],
      upload_ids: ['u1'],
      mode: 'one_item',
      title: 'Claim',
      date: '2026-03-02',
    });
    expect(addRequestOf([letter('l1', 'Claim')], 'one_item', oneItem)).toEqual({
      letter_ids: ['l1'],
      upload_ids: [],
      mode: 'item_each',
    });
  });

  it('says how many went in and how many were there already, in the page language', async () => {
    const letters = [letter('l1', 'A'), letter('l2', 'B'), letter('l3', 'C')];
    const request = addRequestOf(letters, 'item_each', oneItem);
    const said = (alreadyInFile: number) =>
      addedMessage(
        translate,
        letters,
        request,
        { item_ids: [], already_in_file: alreadyInFile },
        'Car insurance',
      );
    expect(said(0)).toEqual({
      type: 'positive',
      message: 'Added 3 letters to “Car insurance”.',
    });
    expect(said(1).message).toBe('Added 2 letters to “Car insurance”; 1 was in it already.');
    expect(said(3)).toEqual({
      type: 'info',
      message: 'Everything was in “Car insurance” already: nothing added.',
    });

    const mixed = [letter('l1', 'A'), upload('u1', 'B')];
    const oneRequest = addRequestOf(mixed, 'one_item', oneItem);
    const result = { item_ids: ['i1'], already_in_file: 0 };
    expect(addedMessage(translate, mixed, oneRequest, result, 'Flat').message).toBe(
      'Added 1 letter and 1 upload to “Flat” as one item.',
    );
    await setLanguage('de');
    expect(said(1).message).toBe('2 Briefe zu „Car insurance“ hinzugefügt; 1 war schon darin.');
    await setLanguage('en');
  });
});
