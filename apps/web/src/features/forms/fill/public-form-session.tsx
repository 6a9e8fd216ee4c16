import { Alert, Paper, Text, TextInput } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { checkAnswer } from '@kuvert/shared/form-definition';
import type { FormAnswers, FormField } from '@kuvert/shared/form-definition';
import type {
  FormDetail,
  FormFile,
  FormUploadToken,
  PublicFormReceipt,
} from '@kuvert/shared/forms';
import { getLanguage, useTranslation } from '../../../lib/i18n.ts';
import { createUploadToken, submitPublicForm, uploadPublicFormFile } from '../api/public-form.ts';
import type { FormFileSupport } from './fields/file-field.tsx';
import { describeFileError, describeSubmitError } from './fill-errors.ts';
import { FormFill } from './form-fill.tsx';
import { answersForDraft } from './form-model.ts';
import type { FillableForm } from './form-model.ts';
import { issueMessage } from './form-renderer.tsx';
import { FormSent } from './form-sent.tsx';
import { PublicReceiptDownload } from './public-receipt-download.tsx';
import { isTokenUsable, removeLocalDrafts, writeLocalDraft } from './local-draft.ts';
import type { LocalFormDraft } from './local-draft.ts';
import { useFormAnswers } from './use-form-answers.ts';

interface PublicFormSessionProps {
  detail: FormDetail;
  form: FillableForm;
  initialAnswers: FormAnswers;
  draft: LocalFormDraft | null;
  isOlderVersion: boolean;
  filesDropped: boolean;
}

/** The receipt address is checked by the same e-mail rule as any e-mail field. */
const RECEIPT_FIELD: FormField = {
  path: 'receipt_email',
  key: 'receipt_email',
  kind: 'email',
  label: '',
  help: null,
  placeholder: null,
  required: false,
  widget: null,
  options: [],
  minLength: null,
  maxLength: 254,
  pattern: null,
  minimum: null,
  maximum: null,
  minItems: null,
  maxItems: null,
  uniqueItems: false,
  itemKind: null,
  mustBeTrue: false,
  prefill: null,
  accept: [],
};

/** Saved a moment after the last change. */
const SAVE_DELAY_MS = 400;

/** A visitor filling out a public form: a draft in this browser, files through a token. */
export function PublicFormSession({
  detail,
  form,
  initialAnswers,
  draft,
  isOlderVersion,
  filesDropped,
}: PublicFormSessionProps) {
  const { t } = useTranslation();
  const fill = useFormAnswers(form, initialAnswers);
  const [files, setFiles] = useState<ReadonlyMap<string, FormFile>>(
    () => new Map((draft?.files ?? []).map((file) => [file.id, file])),
  );
  const token = useRef<FormUploadToken | null>(draft?.token ?? null);
  const [receiptEmail, setReceiptEmail] = useState(draft?.receiptEmail ?? '');
  const [receiptError, setReceiptError] = useState<string | null>(null);
  const [receipt, setReceipt] = useState<PublicFormReceipt | null>(null);
  const isFirst = useRef(true);

  // Whatever is typed is kept in this browser (and only here), a moment after typing stops.
  const { answers } = fill;
  useEffect(() => {
    if (isFirst.current) {
      isFirst.current = false;
      return;
    }
    if (receipt !== null) return;
    const timer = setTimeout(() => {
      const kept = answersForDraft(form.fields, answers);
      writeLocalDraft(detail.id, {
        formVersion: detail.version,
        answers: kept,
        files: [...files.values()],
        token: token.current,
        receiptEmail,
        savedAt: new Date().toISOString(),
      });
    }, SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [answers, files, receiptEmail, receipt, form.fields, detail.id, detail.version]);

  const upload = useCallback(
    async (file: File): Promise<FormFile> => {
      if (!isTokenUsable(token.current)) token.current = await createUploadToken(detail.id);
      const current = token.current;
      if (current === null) throw new Error('no upload token');
      const kept = await uploadPublicFormFile(detail.id, current.token, file);
      setFiles((before) => new Map([...before, [kept.id, kept]]));
      return kept;
    },
    [detail.id],
  );
  const fileSupport = useMemo<FormFileSupport>(
    () => ({
      filesById: files,
      upload,
      describeError: (error, filename) => describeFileError(t, error, filename),
    }),
    [files, upload, t],
  );

  if (receipt !== null) {
    return (
      <FormSent reference={receipt.reference} submittedAt={receipt.submitted_at}>
        <Text>
          {receipt.receipt_emailed
            ? t('forms.fill.sent.emailed', { email: receiptEmail.trim() })
            : t('forms.fill.sent.keepReference')}
        </Text>
        <PublicReceiptDownload receiptUrl={receipt.receipt_url} />
      </FormSent>
    );
  }

  const checkReceipt = () => {
    const issue = checkAnswer(RECEIPT_FIELD, receiptEmail.trim())[0];
    setReceiptError(issue ? issueMessage(t, issue) : null);
    if (issue) document.getElementById('form-receipt-email')?.focus();
    return issue === undefined;
  };

  return (
    <>
      {isOlderVersion || filesDropped ? (
        <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden="true" />}>
          {[
            isOlderVersion ? t('forms.fill.local.changed') : null,
            filesDropped ? t('forms.fill.local.filesExpired') : null,
          ]
            .filter((line) => line !== null)
            .join(' ')}
        </Alert>
      ) : null}
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <FormFill
          form={form}
          fill={fill}
          files={fileSupport}
          reviewExtra={
            <TextInput
              id="form-receipt-email"
              type="email"
              autoComplete="email"
              label={t('forms.fill.receipt.label')}
              description={t('forms.fill.receipt.help')}
              value={receiptEmail}
              maxLength={254}
              error={receiptError ?? undefined}
              onChange={(event) => {
                setReceiptEmail(event.currentTarget.value);
                if (receiptError !== null) setReceiptError(null);
              }}
            />
          }
          checkReviewExtra={checkReceipt}
          onSubmit={async (data) => {
            const email = receiptEmail.trim();
            const usable = isTokenUsable(token.current, Date.now() - 60_000);
            const sent = await submitPublicForm(detail.id, {
              form_version: detail.version,
              data,
              language: getLanguage(),
              ...(email === '' ? {} : { receipt_email: email }),
              ...(usable && token.current ? { token: token.current.token } : {}),
            });
            removeLocalDrafts(detail.id);
            setReceipt(sent);
          }}
          describeError={(error) => describeSubmitError(t, error)}
        />
      </Paper>
      <Text size="xs" c="dimmed">
        {t('forms.fill.local.note')}
      </Text>
    </>
  );
}
