import { Button, Group } from '@mantine/core';
import { IconMailFast, IconPencilPlus, IconSend } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { paths } from '../../config/paths.ts';
import { DraftsSection } from '../../features/outbox/components/drafts-section.tsx';
import { useTranslation } from '../../lib/i18n.ts';
import { useSelectedAccount } from '../../lib/selected-account.ts';
import { LetterListPage } from '../mailbox/letter-list-page.tsx';

/** Sent letters, each recipient's status live, and the drafts above them. */
export function Component() {
  const { t } = useTranslation();
  const { accountId, can } = useSelectedAccount();
  const canWrite = can('send');
  return (
    <LetterListPage
      title={t('pages.outbox')}
      filter={{ view: 'outbox' }}
      headerActions={
        <Group gap="sm">
          <Button
            component={Link}
            to={paths.mailMerges()}
            variant="default"
            leftSection={<IconMailFast size={18} aria-hidden="true" />}
          >
            {t('mailMerge.history.link')}
          </Button>
          {canWrite ? (
            <Button
              component={Link}
              to={paths.compose()}
              leftSection={<IconPencilPlus size={18} aria-hidden="true" />}
            >
              {t('outbox.newLetter')}
            </Button>
          ) : null}
        </Group>
      }
      aside={<DraftsSection accountId={accountId} canWrite={canWrite} />}
      emptyState={
        <EmptyState
          icon={<IconSend size={32} />}
          title={t('letters.empty.outbox.title')}
          text={t('letters.empty.outbox.text')}
          action={
            canWrite ? (
              <Button component={Link} to={paths.compose()} variant="light">
                {t('outbox.newLetter')}
              </Button>
            ) : undefined
          }
        />
      }
    />
  );
}
