import { Anchor, Paper, Skeleton, Stack } from '@mantine/core';
import { IconMailQuestion } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { hasInAppHistory } from '../../components/layouts/back-link.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { ErrorState } from '../../components/ui/query-status.tsx';
import { paths } from '../../config/paths.ts';
import { InvoicePanel } from '../../features/invoices/components/invoice-panel.tsx';
import { useLetter } from '../../features/letters/api/get-letter.ts';
import { LetterView } from '../../features/letters/components/letter-view.tsx';
import { hasErrorCode } from '../../lib/errors.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { useSelectedAccount } from '../../lib/selected-account.ts';
import { useMoveTargets } from './use-move-targets.ts';

/** A received or sent letter; `listHref` is where "back" goes when there is no history. */
export function LetterPage({ listHref }: { listHref: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const letterQuery = useLetter(id);
  const { canWrite } = useSelectedAccount();
  const folders = useMoveTargets();

  const goBack = () => {
    if (hasInAppHistory()) void navigate(-1);
    else void navigate(listHref);
  };

  if (letterQuery.isPending) {
    return (
      <Stack gap="lg" maw={920} mx="auto" role="status" aria-label={t('common.loading')}>
        <Paper withBorder p="xl" radius="lg">
          <Stack gap="md">
            <Skeleton height={48} width={240} />
            <Skeleton height={28} width="70%" />
            <Skeleton height={14} />
            <Skeleton height={14} />
            <Skeleton height={14} width="60%" />
          </Stack>
        </Paper>
      </Stack>
    );
  }
  if (letterQuery.isError) {
    if (hasErrorCode(letterQuery.error, 'NOT_FOUND')) {
      return (
        <Stack gap="lg">
          <PageTitle>{t('pages.letter')}</PageTitle>
          <EmptyState
            icon={<IconMailQuestion size={32} />}
            title={t('letters.notFound.title')}
            text={t('letters.notFound.text')}
            action={
              <Anchor component={Link} to={listHref} fw={600}>
                {t('letters.notFound.back')}
              </Anchor>
            }
          />
        </Stack>
      );
    }
    return <ErrorState error={letterQuery.error} onRetry={() => void letterQuery.refetch()} />;
  }
  const letter = letterQuery.data;
  const isInvoice = letter.kind === 'invoice' && letter.direction === 'inbound';
  return (
    <LetterView
      key={letter.id}
      letter={letter}
      invoicePanel={isInvoice ? <InvoicePanel letterId={letter.id} /> : null}
      canWrite={canWrite}
      folders={folders}
      onBack={goBack}
      onOpenSent={(letterId) => void navigate(paths.sentLetter(letterId))}
    />
  );
}
