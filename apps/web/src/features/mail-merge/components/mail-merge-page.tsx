import { Alert, Anchor, Button, Group, Paper, Progress, Stack, Stepper, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconSend } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { MailMergeDefinition } from '@kuvert/shared/mail-merge';
import { DEFAULT_COUNTRY, type CountryCode } from '@kuvert/shared/postal';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { paths } from '../../../config/paths.ts';
import { hasErrorCode, translateError } from '../../../lib/errors.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import {
  useCsvInspection,
  useMailMerges,
  usePreviewMailMerge,
  useStartMailMerge,
} from '../api/mail-merges.ts';
import { autoMapFields, autoMapPlaceholders } from './auto-mapping.ts';
import { ConfirmSendDialog } from './confirm-send-dialog.tsx';
import { CsvStep, type CsvChoice } from './csv-step.tsx';
import { MappingStep, type MappingState } from './mapping-step.tsx';
import { MergeProgress } from './merge-progress.tsx';
import type { CsvUploader, RenderUploadPicker } from './mail-merge-types.ts';
import { PreviewStep } from './preview-step.tsx';
import { isSourceReady, SourceStep, type SourceState } from './source-step.tsx';
import { DRAFT_KEY, placeholdersOf, readDraft, useStepHeadingFocus } from './wizard-state.ts';

const MERGE_PARAM = 'merge';

export interface MailMergePageProps {
  accountId: string;
  canWrite: boolean;
  uploader: CsvUploader;
  renderUploadPicker: RenderUploadPicker;
}

/**
 * The mail merge (DESIGN §8): source → recipients CSV → mapping → preview → send, then the
 * merge's live progress and each row's result. A running merge is found again after a reload.
 */
export function MailMergePage({
  accountId,
  canWrite,
  uploader,
  renderUploadPicker,
}: MailMergePageProps) {
  const { t } = useTranslation();
  const isNarrow = useMediaQuery('(max-width: 47.99em)') === true;
  const [searchParams, setSearchParams] = useSearchParams();
  const mergeId = searchParams.get(MERGE_PARAM);
  const [step, setStep] = useState(0);
  const [source, setSource] = useState<SourceState>(readDraft);
  const [csvChoice, setCsvChoice] = useState<CsvChoice | null>(null);
  // What the person chose; whatever they left alone is matched by the column names.
  const [fieldChoice, setFieldChoice] = useState<{ key: string; fields: MappingState['fields'] }>({
    key: '',
    fields: {},
  });
  const [placeholderChoice, setPlaceholderChoice] = useState<Record<string, number | null>>({});
  const [defaultCountry, setDefaultCountry] = useState<CountryCode>(DEFAULT_COUNTRY);
  const [isConfirming, setIsConfirming] = useState(false);
  const stepHeading = useStepHeadingFocus(mergeId === null ? step : 4);
  const merges = useMailMerges(accountId);
  const preview = usePreviewMailMerge();
  const start = useStartMailMerge();

  useEffect(() => {
    try {
      sessionStorage.setItem(
        DRAFT_KEY,
        JSON.stringify({ subject: source.subject, body: source.body }),
      );
    } catch {
      // Private mode without storage: the draft lives as long as the page.
    }
  }, [source.subject, source.body]);

  // After a reload (or coming back later), a merge still sending is shown again.
  const lookedForRunning = useRef(false);
  useEffect(() => {
    if (lookedForRunning.current || mergeId !== null || merges.data === undefined) return;
    lookedForRunning.current = true;
    const running = merges.data.items.find((merge) => merge.status === 'running');
    if (running) setSearchParams({ [MERGE_PARAM]: running.id }, { replace: true });
  }, [mergeId, merges.data, setSearchParams]);

  const inspection = useCsvInspection(
    csvChoice === null
      ? null
      : {
          account_id: accountId,
          upload_id: csvChoice.upload.id,
          ...(csvChoice.encoding === null ? {} : { encoding: csvChoice.encoding }),
          ...(csvChoice.delimiter === null ? {} : { delimiter: csvChoice.delimiter }),
        },
  );
  const inspected = inspection.isError ? undefined : inspection.data;
  const columns = useMemo(() => inspected?.columns ?? [], [inspected]);
  const placeholders = useMemo(() => placeholdersOf(source), [source]);

  // A new CSV (or one read differently) is matched by its headers again.
  const columnsKey = `${csvChoice?.upload.id ?? ''}\n${columns.join('\n')}`;
  const fields = useMemo(
    () => (fieldChoice.key === columnsKey ? fieldChoice.fields : autoMapFields(columns)),
    [fieldChoice, columnsKey, columns],
  );
  const mapping: MappingState = useMemo(() => {
    const chosen: Record<string, number> = {};
    const open: string[] = [];
    for (const name of placeholders) {
      const choice = placeholderChoice[name];
      if (choice === undefined) open.push(name);
      else if (choice !== null && choice < columns.length) chosen[name] = choice;
    }
    return {
      fields,
      placeholders: { ...autoMapPlaceholders(open, columns, {}), ...chosen },
      default_country: defaultCountry,
    };
  }, [fields, placeholders, placeholderChoice, columns, defaultCountry]);
  const changeMapping = (next: MappingState) => {
    setFieldChoice({ key: columnsKey, fields: next.fields });
    setDefaultCountry(next.default_country);
    setPlaceholderChoice(
      Object.fromEntries(placeholders.map((name) => [name, next.placeholders[name] ?? null])),
    );
  };

  const definition: MailMergeDefinition | null =
    csvChoice === null || inspected === undefined
      ? null
      : {
          account_id: accountId,
          csv: {
            upload_id: csvChoice.upload.id,
            encoding: inspected.encoding,
            delimiter: inspected.delimiter,
          },
          source:
            source.kind === 'document' && source.document
              ? {
                  kind: 'document',
                  upload_id: source.document.id,
                  subject: source.subject,
                  body: source.body,
                }
              : { kind: 'template', subject: source.subject, body: source.body },
          mapping,
        };

  const goTo = (next: number) => {
    setStep(next);
    if (next === 3 && definition !== null) preview.mutate(definition);
  };

  const canGoOn = [
    isSourceReady(source),
    inspected !== undefined && !inspection.isFetching,
    mapping.fields.name !== undefined,
    false,
  ];
  const unmapped = placeholders.filter((name) => mapping.placeholders[name] === undefined);
  const send = () => {
    if (definition === null) return;
    start.mutate(definition, {
      onSuccess: (merge) => {
        sessionStorage.removeItem(DRAFT_KEY);
        setIsConfirming(false);
        setSearchParams({ [MERGE_PARAM]: merge.id });
        void merges.refetch();
      },
    });
  };
  const startAnother = () => {
    setSearchParams({}, { replace: false });
    setStep(0);
    setCsvChoice(null);
    setSource(readDraft());
    preview.reset();
    start.reset();
  };

  const stepLabels = [
    t('mailMerge.steps.source'),
    t('mailMerge.steps.csv'),
    t('mailMerge.steps.mapping'),
    t('mailMerge.steps.preview'),
    t('mailMerge.steps.send'),
  ];
  const shownStep = mergeId === null ? step : 4;

  return (
    <Stack gap="lg" maw={1100} mx="auto" w="100%">
      <PageTitle>{t('mailMerge.title')}</PageTitle>
      <Text c="dimmed">{t('mailMerge.intro')}</Text>
      <Anchor component={Link} to={paths.mailMerges()} w="fit-content">
        {t('mailMerge.history.link')}
      </Anchor>
      {!canWrite ? (
        <Alert color="yellow" variant="light">
          {t('mailMerge.viewerHint')}
        </Alert>
      ) : null}
      {isNarrow ? (
        <Progress
          value={((shownStep + 1) / stepLabels.length) * 100}
          size="sm"
          aria-label={t('mailMerge.steps.label')}
        />
      ) : (
        <Stepper
          active={shownStep}
          size="sm"
          iconSize={34}
          allowNextStepsSelect={false}
          onStepClick={(next) => {
            if (mergeId === null && next < step) goTo(next);
          }}
        >
          {stepLabels.map((label) => (
            <Stepper.Step key={label} label={label} />
          ))}
        </Stepper>
      )}
      <Paper
        withBorder
        p={{ base: 'md', sm: 'xl' }}
        component="section"
        aria-label={stepLabels[shownStep]}
      >
        <Stack gap="md">
          <Text fw={700} fz="lg" component="h2" m={0} ref={stepHeading} tabIndex={-1}>
            {t('mailMerge.steps.heading', {
              number: shownStep + 1,
              label: stepLabels[shownStep] ?? '',
            })}
          </Text>
          {shownStep === 0 ? (
            <SourceStep
              accountId={accountId}
              source={source}
              onChange={setSource}
              columns={columns}
              renderUploadPicker={renderUploadPicker}
            />
          ) : null}
          {shownStep === 1 ? (
            <CsvStep
              accountId={accountId}
              choice={csvChoice}
              onChoose={setCsvChoice}
              inspection={inspected}
              inspectionError={inspection.isError ? inspection.error : null}
              isInspecting={inspection.isFetching}
              uploader={uploader}
              renderUploadPicker={renderUploadPicker}
            />
          ) : null}
          {shownStep === 2 ? (
            <MappingStep
              columns={columns}
              placeholders={placeholders}
              mapping={mapping}
              onChange={changeMapping}
            />
          ) : null}
          {shownStep === 3 ? (
            <>
              {preview.isError ? (
                <Alert color="red" variant="light" role="alert">
                  {translateError(t, preview.error)}
                </Alert>
              ) : null}
              {preview.data ? (
                <PreviewStep preview={preview.data} rowCount={inspected?.row_count ?? 0} />
              ) : preview.isPending ? (
                <Text role="status">{t('mailMerge.preview.loading')}</Text>
              ) : null}
              {start.isError ? (
                <Alert color="red" variant="light" role="alert">
                  {translateError(t, start.error)}{' '}
                  {hasErrorCode(start.error, 'SENDER_ADDRESS_MISSING') ? (
                    <Anchor component={Link} to={paths.profile()}>
                      {t('mailMerge.preview.toProfile')}
                    </Anchor>
                  ) : null}
                </Alert>
              ) : null}
            </>
          ) : null}
          {shownStep === 4 && mergeId !== null ? (
            <MergeProgress mergeId={mergeId} onStartAnother={startAnother} />
          ) : null}
          {shownStep < 4 ? (
            <Group justify="space-between" gap="sm">
              <Button variant="default" disabled={step === 0} onClick={() => goTo(step - 1)}>
                {t('mailMerge.back')}
              </Button>
              {step < 3 ? (
                <Button disabled={!canGoOn[step]} onClick={() => goTo(step + 1)}>
                  {t('mailMerge.next')}
                </Button>
              ) : (
                <Button
                  leftSection={<IconSend size={18} aria-hidden />}
                  disabled={!canWrite || unmapped.length > 0 || preview.data === undefined}
                  onClick={() => setIsConfirming(true)}
                >
                  {t('mailMerge.confirm.open')}
                </Button>
              )}
            </Group>
          ) : null}
        </Stack>
      </Paper>
      {preview.data ? (
        <ConfirmSendDialog
          opened={isConfirming && shownStep === 3}
          counts={preview.data.counts}
          isSending={start.isPending}
          onClose={() => setIsConfirming(false)}
          onConfirm={send}
        />
      ) : null}
    </Stack>
  );
}
