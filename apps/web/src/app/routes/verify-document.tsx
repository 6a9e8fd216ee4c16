import { Stack } from '@mantine/core';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { VerifyDocumentView } from '../../features/verification/components/verify-document-view.tsx';
import { useTranslation } from '../../lib/i18n.ts';

/** Public: anyone with a document may check it, logged in or not (DESIGN §8). */
export function Component() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" maw={760} mx="auto">
      <PageTitle>{t('verification.title')}</PageTitle>
      <VerifyDocumentView />
    </Stack>
  );
}
