// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { hasPatternEngine } from '@kuvert/shared/form-definition';
import { fillableForm, issuesByPath } from './form-model.ts';

/*
 * The browser judges patterns with the server's linear-time engine, loaded on demand (it is too
 * large for the public page's first load): before it is there, a pattern is passed over, never
 * judged by the browser's backtracking RegExp.
 */

const form = fillableForm(
  {
    type: 'object',
    properties: {
      postcode: { type: 'string', title: 'Postcode', pattern: '[0-9]{5}' },
      code: { type: 'string', title: 'Code', pattern: '(a|a)*' },
    },
  },
  {},
);

const rulesOf = (answers: Record<string, string>) =>
  [...issuesByPath(form?.fields ?? [], answers).values()].map((issue) => [issue.path, issue.rule]);

describe('patterns in the browser', () => {
  it('are passed over until the engine is loaded, then judged by it, in linear time', async () => {
    expect(form).not.toBeNull();
    expect(hasPatternEngine()).toBe(false);
    expect(rulesOf({ postcode: 'abc' })).toEqual([]);

    const { installLinearPatterns } = await import('@kuvert/shared/form-patterns');
    installLinearPatterns();
    expect(rulesOf({ postcode: 'abc' })).toEqual([['postcode', 'pattern']]);
    expect(rulesOf({ postcode: '50667' })).toEqual([]);
    const started = performance.now();
    // 2^40 paths for a backtracking engine.
    expect(rulesOf({ code: `${'a'.repeat(40)}!` })).toEqual([['code', 'pattern']]);
    expect(performance.now() - started).toBeLessThan(500);
  });
});
