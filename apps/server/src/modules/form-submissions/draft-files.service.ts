import type { DraftFilesSource } from '../forms/form-draft-files.ts';
import { findFormFilesOfAccount } from './form-files.repository.ts';

/** The files of a form draft's answers, for the forms area (modules/forms/form-draft-files.ts). */
export const draftFilesSource: DraftFilesSource = {
  async find(db, accountId, formId, ids) {
    const files = await findFormFilesOfAccount(db, accountId, formId, ids);
    return files.map((file) => ({ ...file, size: Number(file.size) }));
  },
};
