import type { CaseFileColor } from '@kuvert/shared/case-files';

/** A file's colour as CSS: shade 6 for marks (bars, dots), 1 or 0 for soft backgrounds. */
export function caseFileColorVar(color: CaseFileColor, shade: 0 | 1 | 6 = 6): string {
  return `var(--mantine-color-${color}-${shade})`;
}

/** Light colours carry a dark check mark; the others a white one. */
export function isLightColor(color: CaseFileColor): boolean {
  return color === 'yellow' || color === 'lime';
}
