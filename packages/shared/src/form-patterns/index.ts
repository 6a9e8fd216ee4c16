import { RE2JS } from 're2js';
import { installPatternEngine } from '../form-definition/pattern.ts';

/**
 * The linear-time engine for forms' patterns (re2js, about 150 KB): the server installs it at
 * start, the web imports this module on demand (see `form-definition/pattern.ts`).
 */
export function installLinearPatterns(): void {
  installPatternEngine(RE2JS);
}
