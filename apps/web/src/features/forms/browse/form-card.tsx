import { Anchor, Badge, Button, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconArrowRight, IconRosetteDiscountCheck } from '@tabler/icons-react';
import { useId } from 'react';
import { Link } from 'react-router';
import type { FormProvider, FormSummary } from '@kuvert/shared/forms';
import { ProviderAvatar } from '../../../components/ui/provider-avatar.tsx';
import { paths } from '../../../config/paths.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { labelOfUseCase } from './use-cases.tsx';

/** The provider's logo and name, with the verified mark; links to its page unless not `isLink`. */
export function ProviderLine({
  provider,
  size = 28,
  isLink = true,
}: {
  provider: FormProvider;
  size?: number;
  isLink?: boolean;
}) {
  return (
    <Group gap={8} wrap="nowrap" style={{ minWidth: 0 }}>
      <ProviderAvatar
        providerId={provider.id}
        name={provider.name}
        hasLogo={provider.logo_url !== null}
        size={size}
      />
      {isLink ? (
        <Anchor
          component={Link}
          to={paths.formsProvider(provider.id)}
          size="sm"
          fw={600}
          c="var(--mantine-color-text)"
          truncate
        >
          {provider.name}
        </Anchor>
      ) : (
        <Text size="sm" fw={600} truncate>
          {provider.name}
        </Text>
      )}
      {provider.verified ? <VerifiedMark /> : null}
    </Group>
  );
}

export function VerifiedMark({ size = 16 }: { size?: number }) {
  const { t } = useTranslation();
  return (
    <Tooltip label={t('forms.browse.verified')}>
      <IconRosetteDiscountCheck
        size={size}
        color="var(--kuvert-color-accent)"
        aria-label={t('forms.browse.verified')}
        role="img"
        style={{ flexShrink: 0 }}
      />
    </Tooltip>
  );
}

interface FormCardProps {
  form: FormSummary;
  /** On the provider's own page the provider goes without saying. */
  showProvider?: boolean;
}

/** One form to fill out: whose, what for, and the way in. */
export function FormCard({ form, showProvider = true }: FormCardProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Paper
      component="article"
      aria-labelledby={titleId}
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      h="100%"
      data-form-id={form.id}
    >
      <Stack gap="sm" h="100%">
        {showProvider ? <ProviderLine provider={form.provider} /> : null}
        <Title order={3} fz="lg" lh={1.35} id={titleId} style={{ overflowWrap: 'anywhere' }}>
          {form.title}
        </Title>
        {form.description.trim() !== '' ? (
          <Text size="sm" c="dimmed" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
            {form.description}
          </Text>
        ) : null}
        <Group gap={6} mt="auto" pt={4}>
          {form.use_cases.map((useCase) => (
            <Badge key={useCase} variant="light" color="gray" radius="sm" tt="none" fw={500}>
              {labelOfUseCase(t, useCase)}
            </Badge>
          ))}
        </Group>
        <Group justify="flex-end">
          <Button
            component={Link}
            to={paths.formAdd(form.provider.id, form.id)}
            variant="light"
            rightSection={<IconArrowRight size={16} aria-hidden="true" />}
            aria-label={t('forms.browse.fillOutNamed', { title: form.title })}
          >
            {t('forms.browse.fillOut')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
