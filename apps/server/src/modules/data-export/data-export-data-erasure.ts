import type { PersonalDataEraser } from '../../personal-data/personal-data-erasers.ts';
import { deleteDataExportsOfUser } from './data-export.repository.ts';

/** The person's exports go, and their ZIP parts leave the store after the purge commits. */
export const dataExportErasure: PersonalDataEraser = {
  name: 'data-exports',
  columns: ['data_exports.user_id'],
  erase: deleteDataExportsOfUser,
};
