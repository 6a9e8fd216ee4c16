import { Stack, Text } from '@mantine/core';
import type { FormDetail } from '@kuvert/shared/forms';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

/** The form's title (the page's h1), who asks, and what it is for. */
export function FormHeader({
  detail,
}: {
  detail: Pick<FormDetail, 'title' | 'description' | 'provider'>;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap={6}>
      <PageTitle>{detail.title}</PageTitle>
      <Text size="sm" c="dimmed">
        {t('forms.fill.from', { provider: detail.provider.name })}
      </Text>
      {detail.description === '' ? null : (
        <Text style={{ whiteSpace: 'pre-wrap' }} maw={720}>
          {detail.description}
        </Text>
      )}
    </Stack>
  );
}
