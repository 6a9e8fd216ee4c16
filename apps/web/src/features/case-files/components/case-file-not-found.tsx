import { Anchor, Stack } from '@mantine/core';
import { IconBriefcaseOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { paths } from '../../../config/paths.ts';
import { useTranslation } from '../../../lib/i18n.ts';

/**
 * A file or item that is gone, in the trash, another mailbox's or mistyped: the same answer
 * for all (the server does not tell them apart either).
 */
export function CaseFileNotFound({ kind }: { kind: 'file' | 'item' }) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <PageTitle>{kind === 'file' ? t('pages.file') : t('pages.fileItem')}</PageTitle>
      <EmptyState
        icon={<IconBriefcaseOff size={32} />}
        title={t(`caseFiles.notFound.${kind}.title`)}
        text={t(`caseFiles.notFound.${kind}.text`)}
        action={
          <Anchor component={Link} to={paths.files()} fw={600}>
            {t('caseFiles.notFound.back')}
          </Anchor>
        }
      />
    </Stack>
  );
}
