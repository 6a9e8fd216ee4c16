import { useState } from 'react';
import { Button, Checkbox, Group, Radio, Stack, Switch, Text } from '@mantine/core';
import type { ForwardingScope, ForwardingSettings } from '@kuvert/shared/forwarding';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { ErrorState, LoadingState } from '../../../components/ui/query-status.tsx';
import { translateError } from '../../../lib/errors.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notify.ts';
import { useForwarding, useUpdateForwarding } from '../api/forwarding.ts';

/** Profile → Forwarding: new letters mailed on to the person's own address. */
export function ForwardingSection() {
  const forwardingQuery = useForwarding();
  if (forwardingQuery.isPending) return <LoadingState />;
  if (forwardingQuery.isError) {
    return (
      <ErrorState error={forwardingQuery.error} onRetry={() => void forwardingQuery.refetch()} />
    );
  }
  return <ForwardingForm settings={forwardingQuery.data} />;
}

function ForwardingForm({ settings }: { settings: ForwardingSettings }) {
  const { t } = useTranslation();
  const update = useUpdateForwarding();
  const [enabled, setEnabled] = useState(settings.enabled);
  const [scope, setScope] = useState<ForwardingScope>(settings.scope);
  const [chosen, setChosen] = useState<string[]>(settings.provider_ids);
  const [problem, setProblem] = useState<string | null>(null);

  const save = () => {
    setProblem(null);
    if (enabled && scope === 'chosen' && chosen.length === 0) {
      setProblem(t('forwarding.chooseOne'));
      return;
    }
    update.mutate(
      { enabled, scope, provider_ids: scope === 'chosen' ? chosen : [] },
      {
        onSuccess: (saved) => {
          // The form shows what was saved (a choice of providers is dropped with "all").
          setEnabled(saved.enabled);
          setScope(saved.scope);
          setChosen(saved.provider_ids);
          notify({
            type: 'positive',
            message: saved.enabled ? t('forwarding.savedOn') : t('forwarding.savedOff'),
          });
        },
        onError: (error) => setProblem(translateError(t, error)),
      },
    );
  };

  return (
    <Stack gap="md">
      <Switch
        checked={enabled}
        onChange={(event) => setEnabled(event.currentTarget.checked)}
        label={t('forwarding.switch')}
        description={t('forwarding.switchDescription', { email: settings.email })}
        size="md"
      />
      {enabled ? (
        <Radio.Group
          value={scope}
          onChange={(value) => setScope(value === 'chosen' ? 'chosen' : 'all')}
          label={t('forwarding.scopeLabel')}
        >
          <Stack gap="xs" mt="xs">
            <Radio value="all" label={t('forwarding.scopeAll')} />
            <Radio
              value="chosen"
              label={t('forwarding.scopeChosen')}
              disabled={settings.providers.length === 0}
            />
          </Stack>
        </Radio.Group>
      ) : null}
      {enabled && scope === 'chosen' ? (
        <Checkbox.Group value={chosen} onChange={setChosen} label={t('forwarding.providersLabel')}>
          <Stack gap="xs" mt="xs">
            {settings.providers.map((provider) => (
              <Checkbox key={provider.id} value={provider.id} label={provider.name} />
            ))}
          </Stack>
        </Checkbox.Group>
      ) : null}
      {enabled && settings.providers.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('forwarding.noProviders')}
        </Text>
      ) : null}
      <Text size="sm" c="dimmed">
        {t('forwarding.rules')}
      </Text>
      {problem !== null ? <FormAlert tone="error">{problem}</FormAlert> : null}
      <Group>
        <Button onClick={save} loading={update.isPending}>
          {t('forwarding.save')}
        </Button>
      </Group>
    </Stack>
  );
}
