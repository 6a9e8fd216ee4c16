import { Button, Paper, Stack } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useNavigate, useParams } from 'react-router';
import type { Contact } from '@kuvert/shared/contacts';
import { BackLink } from '../../components/layouts/back-link.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { ErrorState, LoadingState } from '../../components/ui/query-status.tsx';
import { paths } from '../../config/paths.ts';
import { useContact } from '../../features/contacts/api/get-contact.ts';
import { useTrashContact } from '../../features/contacts/api/trash-contact.ts';
import { useUpdateContact } from '../../features/contacts/api/update-contact.ts';
import {
  ContactForm,
  type ProviderChoice,
} from '../../features/contacts/components/contact-form.tsx';
import { contactTitle, formValuesOf } from '../../features/contacts/hooks/contact-fields.ts';
import { useProviders } from '../../features/providers/api/get-providers.ts';
import { useRestoreContact } from '../../features/trash/api/restore-contact.ts';
import { translateError } from '../../lib/errors.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { notify } from '../../lib/notify.ts';
import { useCan } from '../../lib/selected-account.ts';

export function Component() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const contact = useContact(id);
  return (
    <Stack gap="lg" maw={760}>
      <BackLink fallbackHref={paths.addressBook()} label={t('pages.addressBook')} />
      <PageTitle>{contact.data ? contactTitle(contact.data) : t('pages.contactEdit')}</PageTitle>
      {contact.data ? <EditContact contact={contact.data} /> : null}
      {contact.isPending ? <LoadingState /> : null}
      {contact.isError ? (
        <ErrorState error={contact.error} onRetry={() => void contact.refetch()} />
      ) : null}
    </Stack>
  );
}

function EditContact({ contact }: { contact: Contact }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canWrite = useCan(contact.account_id, 'organize');
  const known = useProviders(contact.account_id).data?.providers ?? [];
  const update = useUpdateContact(contact.id);
  const trash = useTrashContact();
  const restore = useRestoreContact();
  const { digital } = contact;
  // A provider saved earlier stays choosable even when no letter of theirs is left.
  const providers: ProviderChoice[] =
    digital?.kind === 'provider' && !known.some((provider) => provider.id === digital.provider_id)
      ? [...known, { id: digital.provider_id, name: digital.provider_name }]
      : known;
  const name = contactTitle(contact);

  const moveToTrash = () =>
    trash.mutate(contact.id, {
      onSuccess: () => {
        const handle = notify({
          type: 'positive',
          message: t('contacts.trashed', { name }),
          action: {
            label: t('contacts.undo'),
            onClick: () => {
              handle.dismiss();
              restore.mutate(contact.id, {
                onSuccess: () =>
                  notify({ type: 'positive', message: t('contacts.restored', { name }) }),
                onError: (error) => notify({ type: 'negative', message: translateError(t, error) }),
              });
            },
          },
        });
        void navigate(paths.addressBook());
      },
      onError: (error) => notify({ type: 'negative', message: translateError(t, error) }),
    });

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="lg">
      <ContactForm
        key={contact.id}
        initialValues={formValuesOf(contact)}
        providers={providers}
        submitLabel={t('contacts.form.save')}
        isPending={update.isPending}
        error={update.error}
        readOnly={!canWrite}
        onSubmit={(input) =>
          update.mutate(
            { contact: input },
            {
              onSuccess: (saved) => {
                notify({
                  type: 'positive',
                  message: t('contacts.saved', { name: contactTitle(saved) }),
                });
                void navigate(paths.addressBook());
              },
            },
          )
        }
        onCancel={() => void navigate(paths.addressBook())}
        extraActions={
          canWrite ? (
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={16} aria-hidden="true" />}
              loading={trash.isPending}
              onClick={moveToTrash}
            >
              {t('contacts.delete')}
            </Button>
          ) : null
        }
      />
    </Paper>
  );
}
