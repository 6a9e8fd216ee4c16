import { useCallback, useMemo, useState } from 'react';
import { withAnswer } from '@kuvert/shared/form-definition';
import type { AnswerIssue, FormAnswers } from '@kuvert/shared/form-definition';
import { fieldOfIssue, issuesByPath, visibleIssues } from './form-model.ts';
import type { FillableForm } from './form-model.ts';
import { usePatternEngine } from './use-pattern-engine.ts';

/**
 * The answers being typed and which of their problems to show: a field's once it was changed
 * and left (from then on live, as the person types), every field's after a try to go on, and
 * what the server refused until that field changes.
 */
export function useFormAnswers(form: FillableForm, initialAnswers: FormAnswers) {
  const [answers, setAnswers] = useState<FormAnswers>(initialAnswers);
  const [changedPaths, setChangedPaths] = useState<ReadonlySet<string>>(new Set());
  const [checkedPaths, setCheckedPaths] = useState<ReadonlySet<string>>(new Set());
  const [isCheckingAll, setIsCheckingAll] = useState(false);
  const [refused, setRefused] = useState<ReadonlyMap<string, AnswerIssue>>(new Map());
  /** Counts replacements: the fields are mounted afresh with the new answers. */
  const [revision, setRevision] = useState(0);

  const isPatternEngineReady = usePatternEngine(form.fields, answers);
  const issues = useMemo(
    () => issuesByPath(form.fields, answers),
    // Judged again once the pattern engine is there: patterns were passed over before.
    // oxlint-disable-next-line react-hooks/exhaustive-deps
    [form.fields, answers, isPatternEngineReady],
  );
  const shown = useMemo(() => {
    const visible = visibleIssues(issues, checkedPaths, isCheckingAll);
    for (const [path, issue] of refused) if (!visible.has(path)) visible.set(path, issue);
    return visible;
  }, [issues, checkedPaths, isCheckingAll, refused]);

  /** One field's answer changed. */
  const change = useCallback((path: string, value: unknown) => {
    setAnswers((current) => withAnswer(current, path, value));
    setChangedPaths((paths) => (paths.has(path) ? paths : new Set([...paths, path])));
    setRefused((before) => {
      if (![...before.keys()].some((key) => key === path || key.startsWith(`${path}.`))) {
        return before;
      }
      return new Map([...before].filter(([key]) => key !== path && !key.startsWith(`${path}.`)));
    });
  }, []);

  /** A field was left: from now on its problems show (once something was typed into it). */
  const leave = useCallback(
    (path: string) => {
      if (!changedPaths.has(path) || checkedPaths.has(path)) return;
      setCheckedPaths(new Set([...checkedPaths, path]));
    },
    [changedPaths, checkedPaths],
  );

  /** Before going on: every problem shows; returns them in the order of the fields. */
  const checkAll = useCallback((): AnswerIssue[] => {
    setIsCheckingAll(true);
    return orderedIssues(form, issues);
  }, [form, issues]);

  /** The server refused some answers: they show until changed. */
  const refuse = useCallback((found: ReadonlyMap<string, AnswerIssue>) => {
    setRefused(found);
    setIsCheckingAll(true);
  }, []);

  /** The answers from elsewhere (a draft loaded again, another version): a fresh start. */
  const replace = useCallback((next: FormAnswers) => {
    setAnswers(next);
    setChangedPaths(new Set());
    setCheckedPaths(new Set());
    setIsCheckingAll(false);
    setRefused(new Map());
    setRevision((current) => current + 1);
  }, []);

  return {
    answers,
    revision,
    /** Problems to show now, by path. */
    shown,
    /** Problems to show now, in the order of the fields. */
    shownInOrder: orderedIssues(form, shown),
    change,
    leave,
    checkAll,
    refuse,
    replace,
  };
}

function orderedIssues(form: FillableForm, issues: ReadonlyMap<string, AnswerIssue>) {
  const position = (issue: AnswerIssue) => {
    const field = fieldOfIssue(form.fields, issue.path);
    return field === null ? form.fields.length : form.fields.indexOf(field);
  };
  return [...issues.values()].toSorted((a, b) => position(a) - position(b));
}
