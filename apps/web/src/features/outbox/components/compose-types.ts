import type { ReactNode } from 'react';
import type { Contact } from '@kuvert/shared/contacts';
import type { UploadSummary } from '@kuvert/shared/uploads';
import type { UploadQueue } from '../../../lib/use-pending-uploads.ts';

/** What compose asks of the uploads area (wired in app/, where the areas meet). */
export interface ComposeUploads extends UploadQueue {
  renderPicker?: (props: {
    opened: boolean;
    onClose: () => void;
    onPick: (uploads: UploadSummary[]) => void;
    accountId: string;
    accept: readonly string[];
    maxBytes: number;
    maxCount: number;
    attachedIds: readonly string[];
  }) => ReactNode;
}

/** A search of the address book that picks a contact (from the contacts area). */
export type RenderContactPicker = (props: {
  accountId: string;
  onPick: (contact: Contact) => void;
  label: string;
}) => ReactNode;

export interface SendingAccount {
  id: string;
  name: string;
}
