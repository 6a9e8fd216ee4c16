import { Paper, Stack } from '@mantine/core';
import { useNavigate } from 'react-router';
import { BackLink } from '../../components/layouts/back-link.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { paths } from '../../config/paths.ts';
import { useCreateContact } from '../../features/contacts/api/create-contact.ts';
import { ContactForm } from '../../features/contacts/components/contact-form.tsx';
import { contactTitle, emptyContactForm } from '../../features/contacts/hooks/contact-fields.ts';
import { useProviders } from '../../features/providers/api/get-providers.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { notify } from '../../lib/notify.ts';
import { useSelectedAccount } from '../../lib/selected-account.ts';

export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { accountId } = useSelectedAccount();
  const providers = useProviders(accountId).data?.providers ?? [];
  const create = useCreateContact();
  return (
    <Stack gap="lg" maw={760}>
      <BackLink fallbackHref={paths.addressBook()} label={t('pages.addressBook')} />
      <PageTitle>{t('pages.contactCreate')}</PageTitle>
      <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="lg">
        {accountId === null ? null : (
          <ContactForm
            initialValues={emptyContactForm}
            providers={providers}
            submitLabel={t('contacts.form.create')}
            isPending={create.isPending}
            error={create.error}
            onSubmit={(contact) =>
              create.mutate(
                { account_id: accountId, contact },
                {
                  onSuccess: (created) => {
                    notify({
                      type: 'positive',
                      message: t('contacts.created', { name: contactTitle(created) }),
                    });
                    void navigate(paths.addressBook());
                  },
                },
              )
            }
            onCancel={() => void navigate(paths.addressBook())}
          />
        )}
      </Paper>
    </Stack>
  );
}
