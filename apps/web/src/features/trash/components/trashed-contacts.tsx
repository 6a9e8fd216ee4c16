import { useState } from 'react';
import type { TrashedContact } from '@kuvert/shared/contacts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { formatListDate } from '../../../lib/dates.ts';
import { translateError } from '../../../lib/errors.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notify.ts';
import { useSelectedAccount } from '../../../lib/selected-account.ts';
import { useDeleteContactForever } from '../api/delete-contact-forever.ts';
import { useTrash } from '../api/get-trash.ts';
import { TrashedItem, TrashedList } from './trashed-list.tsx';
import { useRestoreContact } from '../api/restore-contact.ts';

const nameOf = (contact: TrashedContact) => contact.name || contact.organisation;

/** Address-book contacts in the trash, each with Restore and Delete forever. */
export function TrashedContacts() {
  const { t } = useTranslation();
  const { accountId, canWrite } = useSelectedAccount();
  const contacts = useTrash(accountId).data?.contacts ?? [];
  const restore = useRestoreContact();
  const deleteForever = useDeleteContactForever();
  const [toDelete, setToDelete] = useState<TrashedContact | null>(null);

  if (contacts.length === 0) return null;

  const onError = (error: unknown) =>
    notify({ type: 'negative', message: translateError(t, error) });
  const restoreContact = (contact: TrashedContact) =>
    restore.mutate(contact.id, {
      onSuccess: () =>
        notify({
          type: 'positive',
          message: t('trash.contacts.restored', { name: nameOf(contact) }),
        }),
      onError,
    });
  const confirmDelete = () => {
    if (toDelete === null) return;
    deleteForever.mutate(toDelete.id, {
      onSuccess: () => {
        notify({
          type: 'positive',
          message: t('trash.contacts.deletedForever', { name: nameOf(toDelete) }),
        });
        setToDelete(null);
      },
      onError,
    });
  };

  return (
    <TrashedList
      id="trashed-contacts"
      title={t('trash.contacts.title')}
      dialog={
        <ConfirmDialog
          opened={toDelete !== null}
          title={t('trash.contacts.deleteForeverConfirm.title', {
            name: toDelete ? nameOf(toDelete) : '',
          })}
          message={t('trash.contacts.deleteForeverConfirm.message')}
          confirmLabel={t('trash.contacts.deleteForever')}
          cancelLabel={t('dialog.cancel')}
          isDestructive
          isPending={deleteForever.isPending}
          onConfirm={confirmDelete}
          onClose={() => setToDelete(null)}
        />
      }
    >
      {contacts.map((contact) => (
        <TrashedItem
          key={contact.id}
          name={nameOf(contact)}
          details={t('trash.contacts.trashedOn', { date: formatListDate(contact.trashed_at) })}
          canWrite={canWrite}
          isRestoring={restore.isPending && restore.variables === contact.id}
          restore={{
            label: t('trash.contacts.restore'),
            ariaLabel: t('trash.contacts.restoreLabel', { name: nameOf(contact) }),
            onClick: () => restoreContact(contact),
          }}
          deleteForever={{
            label: t('trash.contacts.deleteForever'),
            ariaLabel: t('trash.contacts.deleteForeverLabel', { name: nameOf(contact) }),
            onClick: () => setToDelete(contact),
          }}
        />
      ))}
    </TrashedList>
  );
}
