import { Alert, Anchor, List, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import type { AnswerIssue, FormField } from '@kuvert/shared/form-definition';
import { useTranslation } from '../../../lib/i18n.ts';
import { fieldId, fieldOfIssue } from './form-model.ts';
import { issueMessage } from './form-renderer.tsx';

interface ErrorSummaryProps {
  fields: readonly FormField[];
  issues: readonly AnswerIssue[];
  /** Changes with each try to go on: the summary takes focus again. */
  attempt: number;
}

/**
 * Every problem at the top after a try to go on, each a link to its field; it takes focus so a
 * screen reader reads it at once, and the keyboard goes from here to each field.
 */
export function ErrorSummary({ fields, issues, attempt }: ErrorSummaryProps) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (attempt > 0) box.current?.focus();
  }, [attempt]);
  if (issues.length === 0) return null;
  return (
    <Alert
      ref={box}
      tabIndex={-1}
      color="red"
      variant="light"
      icon={<IconAlertCircle aria-hidden="true" />}
      title={t('forms.fill.summary.title', { count: issues.length })}
      styles={{ title: { fontSize: 'var(--mantine-font-size-md)' } }}
      data-error-summary
    >
      <Text size="sm" mb="xs">
        {t('forms.fill.summary.text')}
      </Text>
      <List size="sm" spacing={4}>
        {issues.map((issue) => {
          const field = fieldOfIssue(fields, issue.path);
          if (field === null) return null;
          const target = fieldId(field.path);
          return (
            <List.Item key={issue.path}>
              <Anchor
                href={`#${target}`}
                size="sm"
                fw={600}
                c="var(--kuvert-color-alert-text, inherit)"
                onClick={(event) => {
                  event.preventDefault();
                  const element = document.getElementById(target);
                  element?.focus();
                }}
              >
                {`${field.label}: ${issueMessage(t, issue)}`}
              </Anchor>
            </List.Item>
          );
        })}
      </List>
    </Alert>
  );
}
