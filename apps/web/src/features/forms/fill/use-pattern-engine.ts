import { useEffect, useState } from 'react';
import { answerAt, hasPatternEngine } from '@kuvert/shared/form-definition';
import type { FormAnswers, FormField } from '@kuvert/shared/form-definition';

/*
 * Forms' patterns are judged by the same linear-time engine as on the server (re2js, about
 * 45 KB gzipped): too much for the first load of the public fill-out page (DESIGN §7), so it
 * is fetched, as a chunk of its own, once a field with a pattern has an answer to judge. Until
 * then that answer is not judged here (the server judges it anyway).
 */

let loading: Promise<void> | undefined;

function loadPatternEngine(): Promise<void> {
  loading ??= import('@kuvert/shared/form-patterns')
    .then(({ installLinearPatterns }) => installLinearPatterns())
    .catch(() => {
      // Offline, or a new deployment: tried again with the next answer.
      loading = undefined;
    });
  return loading;
}

function hasAnsweredPattern(fields: readonly FormField[], answers: FormAnswers): boolean {
  return fields.some((field) => {
    if (field.pattern === null) return false;
    const value = answerAt(answers, field.path);
    return Array.isArray(value) ? value.length > 0 : typeof value === 'string' && value !== '';
  });
}

/** Whether patterns can be judged; loads the engine once a field with one is answered. */
export function usePatternEngine(fields: readonly FormField[], answers: FormAnswers): boolean {
  const [isReady, setIsReady] = useState(hasPatternEngine);
  const isNeeded = !isReady && hasAnsweredPattern(fields, answers);
  useEffect(() => {
    if (!isNeeded) return;
    let isCurrent = true;
    void loadPatternEngine().then(() => {
      if (isCurrent) setIsReady(hasPatternEngine());
    });
    return () => {
      isCurrent = false;
    };
  }, [isNeeded]);
  return isReady;
}
