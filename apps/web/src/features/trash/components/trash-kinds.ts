import {
  IconAddressBook,
  IconBriefcase,
  IconFileDescription,
  IconFolder,
  IconMail,
  IconUpload,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import type { TrashEntry, TrashKind, TrashOrigin } from '@kuvert/shared/trash';
import { paths } from '../../../config/paths.ts';
import type { TFunction } from '../../../lib/i18n.ts';

interface KindLook {
  icon: ComponentType<{ size?: number; stroke?: number }>;
  color: string;
}

/** Each kind's icon (the one its area has in the navigation) and tint. */
export const kindLooks: Record<TrashKind, KindLook> = {
  letter: { icon: IconMail, color: 'blue' },
  upload: { icon: IconUpload, color: 'teal' },
  folder: { icon: IconFolder, color: 'yellow' },
  contact: { icon: IconAddressBook, color: 'grape' },
  case_file: { icon: IconBriefcase, color: 'orange' },
  case_file_item: { icon: IconFileDescription, color: 'indigo' },
};

/** Where a trashed thing can be opened: letters (to read) and uploads (to look at). */
export function entryHref(entry: TrashEntry): string | null {
  if (entry.kind === 'letter') {
    return entry.origin.kind === 'outbox' ? paths.sentLetter(entry.id) : paths.letter(entry.id);
  }
  if (entry.kind === 'upload') return paths.upload(entry.id);
  return null;
}

/** The place an entry goes back to, as a link: a folder or file of its own, else the list. */
export function originOf(t: TFunction, origin: TrashOrigin): { label: string; href: string } {
  switch (origin.kind) {
    case 'inbox':
      return { label: t('trash.origins.inbox'), href: paths.inbox() };
    case 'outbox':
      return { label: t('trash.origins.outbox'), href: paths.outbox() };
    case 'folder':
      return origin.id === null
        ? { label: t('trash.origins.folders'), href: paths.folders() }
        : { label: origin.name ?? '', href: paths.folder(origin.id) };
    case 'uploads':
      return { label: t('trash.origins.uploads'), href: paths.uploads() };
    case 'address_book':
      return { label: t('trash.origins.address_book'), href: paths.addressBook() };
    case 'files':
      return { label: t('trash.origins.files'), href: paths.files() };
    case 'case_file':
      return origin.id === null
        ? { label: t('trash.origins.files'), href: paths.files() }
        : { label: origin.name ?? '', href: paths.file(origin.id) };
  }
}
