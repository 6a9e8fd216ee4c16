import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconChecklist, IconSend } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import type { FormAnswers } from '@kuvert/shared/form-definition';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { ApiError } from '../../../lib/http.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { ErrorSummary } from './error-summary.tsx';
import type { FormFileSupport } from './fields/file-field.tsx';
import { answersToSend, fieldId, serverIssues } from './form-model.ts';
import type { FillableForm } from './form-model.ts';
import { FormRenderer } from './form-renderer.tsx';
import { ReviewAnswers } from './review-answers.tsx';
import type { useFormAnswers } from './use-form-answers.ts';

export type FormAnswersState = ReturnType<typeof useFormAnswers>;

interface FormFillProps {
  form: FillableForm;
  fill: FormAnswersState;
  files: FormFileSupport;
  /** Shown on the review step before sending (the public page's receipt address). */
  reviewExtra?: ReactNode;
  /** Checks what `reviewExtra` asks for; false keeps the person on the review step. */
  checkReviewExtra?: () => boolean;
  /** Sends the answers; throws what the server said. */
  onSubmit: (data: FormAnswers) => Promise<void>;
  /** What to say when sending failed for another reason than the answers. */
  describeError: (error: unknown) => ReactNode;
  /** Nothing can be changed or sent (a conflict waits for the person's choice, say). */
  isLocked?: boolean;
}

/**
 * Filling out, then checking every answer, then sending. Going on with problems left lists
 * them at the top; answers the server refuses come back to the form the same way.
 */
export function FormFill({
  form,
  fill,
  files,
  reviewExtra,
  checkReviewExtra,
  onSubmit,
  describeError,
  isLocked = false,
}: FormFillProps) {
  const { t } = useTranslation();
  const [step, setStep] = useState<'edit' | 'review'>('edit');
  const [attempt, setAttempt] = useState(0);
  const [isSending, setIsSending] = useState(false);
  const [problem, setProblem] = useState<ReactNode>(null);
  /** The field to focus once the form shows again ("Change" on the review step). */
  const focusPath = useRef<string | null>(null);
  const reviewHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (step === 'review') reviewHeading.current?.focus();
  }, [step]);
  useEffect(() => {
    if (step !== 'edit' || focusPath.current === null) return;
    const element = document.getElementById(fieldId(focusPath.current));
    focusPath.current = null;
    element?.focus();
  }, [step]);

  const review = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setAttempt((current) => current + 1);
    if (fill.checkAll().length > 0) return;
    setProblem(null);
    setStep('review');
  };

  const send = async () => {
    if (checkReviewExtra && !checkReviewExtra()) return;
    setProblem(null);
    setIsSending(true);
    try {
      await onSubmit(answersToSend(form.fields, fill.answers));
    } catch (error) {
      const refused =
        error instanceof ApiError && error.code === 'VALIDATION_FAILED'
          ? serverIssues(error.fieldIssues)
          : new Map();
      if (refused.size > 0) {
        fill.refuse(refused);
        setStep('edit');
        setAttempt((current) => current + 1);
      } else {
        setProblem(describeError(error));
      }
    } finally {
      setIsSending(false);
    }
  };

  if (step === 'review') {
    return (
      <Stack gap="lg">
        <div>
          <Title order={2} ref={reviewHeading} tabIndex={-1} fz="xl">
            {t('forms.fill.review.title')}
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            {t('forms.fill.review.text')}
          </Text>
        </div>
        <ReviewAnswers
          form={form}
          answers={fill.answers}
          filesById={files.filesById}
          onEdit={(path) => {
            focusPath.current = path;
            setStep('edit');
          }}
        />
        {reviewExtra}
        {problem === null ? null : <FormAlert tone="error">{problem}</FormAlert>}
        <Group justify="space-between" gap="sm">
          <Button
            variant="default"
            leftSection={<IconArrowLeft size={18} aria-hidden="true" />}
            onClick={() => setStep('edit')}
            disabled={isSending}
          >
            {t('forms.fill.review.back')}
          </Button>
          <Button
            leftSection={<IconSend size={18} aria-hidden="true" />}
            loading={isSending}
            disabled={isLocked}
            onClick={() => void send()}
          >
            {t('forms.fill.submit')}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <form noValidate onSubmit={review} aria-label={t('forms.fill.formLabel')}>
      <Stack gap="lg">
        <ErrorSummary
          fields={form.fields}
          issues={attempt > 0 ? fill.shownInOrder : []}
          attempt={attempt}
        />
        <Text size="sm" c="dimmed">
          {t('forms.fill.requiredNote')}
        </Text>
        <div key={fill.revision}>
          <FormRenderer
            form={form}
            answers={fill.answers}
            issues={fill.shown}
            onChange={fill.change}
            onLeave={fill.leave}
            files={files}
            disabled={isLocked}
          />
        </div>
        <Group justify="flex-end">
          <Button
            type="submit"
            rightSection={<IconChecklist size={18} aria-hidden="true" />}
            disabled={isLocked}
          >
            {t('forms.fill.toReview')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
