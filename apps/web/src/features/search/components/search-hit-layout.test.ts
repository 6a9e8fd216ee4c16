// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { letterHit, uploadHit } from '../search-test-hits.ts';
import { layOutSearchHits } from './search-hit-layout.ts';

describe('search hits in the letter list', () => {
  it('keeps the order of the search: uploads before the letter they precede, or at the end', () => {
    const layout = layOutSearchHits([
      uploadHit('u1'),
      uploadHit('u2'),
      letterHit('l1'),
      letterHit('l2'),
      uploadHit('u3'),
      letterHit('l3'),
      uploadHit('u4'),
    ]);
    expect(layout.letterHits.map((hit) => hit.letter.id)).toEqual(['l1', 'l2', 'l3']);
    expect(
      [...layout.uploadsBefore].map(([letterId, hits]) => [
        letterId,
        hits.map((hit) => hit.upload.id),
      ]),
    ).toEqual([
      ['l1', ['u1', 'u2']],
      ['l3', ['u3']],
    ]);
    expect(layout.uploadsAfter.map((hit) => hit.upload.id)).toEqual(['u4']);
  });

  it('puts every upload at the end when no letter was found', () => {
    const layout = layOutSearchHits([uploadHit('u1'), uploadHit('u2')]);
    expect(layout.letterHits).toEqual([]);
    expect(layout.uploadsAfter.map((hit) => hit.upload.id)).toEqual(['u1', 'u2']);
  });
});
