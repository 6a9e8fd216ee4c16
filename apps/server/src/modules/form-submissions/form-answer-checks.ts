import type { FastifyInstance } from 'fastify';
import {
  FORM_LIMITS,
  checkAnswers,
  type AnswerIssue,
  type FormAnswers,
} from '@kuvert/shared/forms';
import { findFilesOfOwner, type FileOwner, type FormFileRow } from './form-files.repository.ts';
import {
  answersRefused,
  describeFileTypes,
  filesNamedIn,
  type FilledVersion,
  type NamedFile,
} from './form-versions.ts';

/**
 * The checks a submission passes before anything is written: the answers by the shared rules
 * of the version they were filled against, and every file they name.
 */

/** A file answer that cannot be used, in the shape of the shared rules' issues. */
export function fileIssue(path: string, message: string): AnswerIssue {
  return { path, rule: 'file', i18n: 'forms.validation.file', values: {}, message };
}

/**
 * Every file the answers name must be one the caller sent for this form (their account's, or
 * their token's), not yet part of a submission, not expired, and of a type its field takes.
 */
async function checkFiles(
  app: FastifyInstance,
  owner: FileOwner,
  named: NamedFile[],
): Promise<AnswerIssue[]> {
  if (named.length > FORM_LIMITS.maxFiles) {
    return [
      {
        path: '',
        rule: 'tooManyItems',
        i18n: 'forms.validation.tooManyItems',
        values: { max: String(FORM_LIMITS.maxFiles) },
        message: `At most ${FORM_LIMITS.maxFiles} files can go with one form.`,
      },
    ];
  }
  const rows = await findFilesOfOwner(app.db, owner, [...new Set(named.map((file) => file.id))]);
  const byId = new Map<string, FormFileRow>(rows.map((row) => [row.id, row]));
  const now = app.clock.now().toISOString();
  const seen = new Set<string>();
  const issues: AnswerIssue[] = [];
  for (const { field, path, id } of named) {
    const row = byId.get(id);
    if (!row) {
      issues.push(fileIssue(path, 'No such file was sent for this form; attach it again.'));
    } else if (row.submission_id !== null) {
      issues.push(fileIssue(path, 'This file already went with a submission; attach it again.'));
    } else if (row.expires_at <= now) {
      issues.push(fileIssue(path, 'This file has expired; attach it again.'));
    } else if (!field.accept.includes(row.content_type)) {
      const takes = describeFileTypes(field.accept);
      issues.push(fileIssue(path, `This field takes ${takes}; “${row.filename}” is not one.`));
    } else if (seen.has(id)) {
      issues.push(fileIssue(path, 'This file is already attached to another answer.'));
    }
    seen.add(id);
  }
  return issues;
}

/** The answers by the version's rules, then their files; 422 naming every problem. */
export async function checkSubmission(
  app: FastifyInstance,
  version: FilledVersion,
  data: FormAnswers,
  owner: FileOwner,
): Promise<NamedFile[]> {
  const issues = checkAnswers(version.fields, data);
  const named = filesNamedIn(version.fields, data);
  const fileIssues = await checkFiles(app, owner, named);
  const all = [
    ...issues,
    ...fileIssues.filter((file) => !issues.some((issue) => issue.path === file.path)),
  ];
  if (all.length > 0) throw answersRefused(all);
  return named;
}
