import type { Engine } from '../../db/migrations/context.ts';
import type { SearchIndexWriter } from '../../plugins/search-index.ts';
import { searchRepositoryFor, uploadSearchRepositoryFor } from './search.repository.ts';

/** The engine's index of letters and uploads, for `app.searchIndex` (plugins/search-index.ts). */
export function searchIndexWriterFor(engine: Engine): SearchIndexWriter {
  const letters = searchRepositoryFor(engine);
  const uploads = uploadSearchRepositoryFor(engine);
  return {
    indexLetter: (db, letterId) => letters.indexLetter(db, letterId),
    indexLetters: (db, letterIds) => letters.indexLetters(db, letterIds),
    indexUpload: (db, uploadId) => uploads.indexUpload(db, uploadId),
    async rebuild(db) {
      const letterCount = await letters.rebuild(db);
      const uploadCount = await uploads.rebuild(db);
      return { letters: letterCount, uploads: uploadCount };
    },
  };
}
