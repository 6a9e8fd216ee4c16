import { Anchor, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../lib/i18n.ts';
import { Link } from 'react-router';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { paths } from '../../config/paths.ts';

/** Identity verification onboarding belongs to a later release; say so plainly. */
export function Component() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <PageTitle>{t('verifyIdentity.title')}</PageTitle>
      <Text>{t('verifyIdentity.pending')}</Text>
      <Anchor component={Link} to={paths.login()} fw={600}>
        {t('verifyIdentity.toLogin')}
      </Anchor>
    </Stack>
  );
}
