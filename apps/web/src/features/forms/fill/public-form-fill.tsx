import { Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconFileOff } from '@tabler/icons-react';
import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import type { FormAnswers } from '@kuvert/shared/form-definition';
import type { FormDetail } from '@kuvert/shared/forms';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { ErrorState, LoadingState } from '../../../components/ui/query-status.tsx';
import { hasErrorCode } from '../../../lib/errors.ts';
import { formatDateTime, useTranslation } from '../../../lib/i18n.ts';
import { getPublicForm } from '../api/public-form.ts';
import { FormHeader } from './form-header.tsx';
import { answersThatFit, fillableForm, withoutFiles } from './form-model.ts';
import type { FillableForm } from './form-model.ts';
import { isTokenUsable, readLocalDraft, removeLocalDrafts } from './local-draft.ts';
import type { LocalFormDraft } from './local-draft.ts';
import { PublicFormSession } from './public-form-session.tsx';

type Loaded =
  | { state: 'loading' }
  | { state: 'failed'; error: unknown }
  | { state: 'ready'; detail: FormDetail };

/**
 * /forms/search/by-provider/{providerId}/fill-out/{formId}: anyone fills out a public form,
 * no login. A draft stays in this browser only; coming back offers to go on with it.
 */
export function PublicFormFill({ providerId, formId }: { providerId: string; formId: string }) {
  const [attempt, setAttempt] = useState(0);
  return (
    <PublicFormLoader
      key={attempt}
      providerId={providerId}
      formId={formId}
      onRetry={() => setAttempt((current) => current + 1)}
    />
  );
}

interface PublicFormLoaderProps {
  providerId: string;
  formId: string;
  onRetry: () => void;
}

function PublicFormLoader({ providerId, formId, onRetry }: PublicFormLoaderProps) {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    getPublicForm(providerId, formId, controller.signal)
      .then((detail) => setLoaded({ state: 'ready', detail }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setLoaded({ state: 'failed', error });
      });
    return () => controller.abort();
  }, [providerId, formId]);

  if (loaded.state === 'loading') return <LoadingState />;
  if (loaded.state === 'failed') {
    return <LoadFailure error={loaded.error} onRetry={onRetry} />;
  }
  return <PublicFormReady detail={loaded.detail} />;
}

/** Why a form cannot be filled out at all, or null for a failure worth a retry. */
function goneReason(error: unknown): 'withdrawn' | 'outdated' | 'notFound' | null {
  if (hasErrorCode(error, 'FORM_UNPUBLISHED')) return 'withdrawn';
  if (hasErrorCode(error, 'FORM_VERSION_UNSUPPORTED')) return 'outdated';
  return hasErrorCode(error, 'NOT_FOUND') ? 'notFound' : null;
}

function LoadFailure({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const gone = goneReason(error);
  if (gone === null) {
    return (
      <Stack gap="lg">
        <PageTitle>{t('forms.fill.public.loadFailed')}</PageTitle>
        <ErrorState error={error} onRetry={onRetry} />
      </Stack>
    );
  }
  return (
    <Stack align="center" gap="sm" py={48} px="md" ta="center" data-form-gone={gone}>
      <ThemeIcon variant="light" size={64} radius="xl" aria-hidden="true">
        <IconFileOff size={32} />
      </ThemeIcon>
      <PageTitle>{t(`forms.fill.public.${gone}.title`)}</PageTitle>
      <Text c="dimmed" maw={440}>
        {t(`forms.fill.public.${gone}.text`)}
      </Text>
    </Stack>
  );
}

function PublicFormReady({ detail }: { detail: FormDetail }) {
  const { t } = useTranslation();
  const form = useMemo(() => fillableForm(detail.schema, detail.ui_schema), [detail]);
  const [saved] = useState(() => readLocalDraft(detail.id));
  const [start, setStart] = useState<{ draft: LocalFormDraft | null } | null>(() =>
    saved === null || Object.keys(saved.answers).length === 0 ? { draft: null } : null,
  );
  // The title first, the fields a moment later in slices React can interrupt: one render of
  // every field at once kept a phone's main thread busy (Lighthouse's blocking time).
  const isBodyShown = useDeferredValue(true, false);

  if (form === null) {
    return (
      <Stack gap="lg">
        <FormHeader detail={detail} />
        <Text role="alert">{t('forms.fill.unreadable')}</Text>
      </Stack>
    );
  }
  return (
    <Stack gap="lg" maw={760}>
      <FormHeader detail={detail} />
      {!isBodyShown ? null : start === null && saved !== null ? (
        <Paper withBorder radius="lg" p="lg" role="region" aria-labelledby="local-draft-title">
          <Stack gap="sm" align="flex-start">
            <Title order={2} fz="lg" id="local-draft-title">
              {t('forms.fill.local.title')}
            </Title>
            <Text size="sm">
              {t('forms.fill.local.text', { time: formatDateTime(saved.savedAt) })}
            </Text>
            <Group gap="sm">
              <Button onClick={() => setStart({ draft: saved })}>
                {t('forms.fill.local.continue')}
              </Button>
              <Button
                variant="default"
                onClick={() => {
                  removeLocalDrafts(detail.id);
                  setStart({ draft: null });
                }}
              >
                {t('forms.fill.local.startOver')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      ) : (
        <PublicFormSession
          detail={detail}
          form={form}
          {...resumeFrom(form, detail, start?.draft ?? null)}
        />
      )}
    </Stack>
  );
}

/** What a draft of this browser gives back: answers that still fit, files while usable. */
function resumeFrom(form: FillableForm, detail: FormDetail, draft: LocalFormDraft | null) {
  if (draft === null) {
    return { initialAnswers: {}, draft: null, isOlderVersion: false, filesDropped: false };
  }
  const fitting: FormAnswers = answersThatFit(form.fields, draft.answers);
  const canKeepFiles = isTokenUsable(draft.token);
  const answers = canKeepFiles ? fitting : withoutFiles(form.fields, fitting);
  return {
    initialAnswers: answers,
    draft: canKeepFiles ? draft : { ...draft, files: [], token: null },
    isOlderVersion: draft.formVersion !== detail.version,
    filesDropped: !canKeepFiles && draft.files.length > 0,
  };
}
