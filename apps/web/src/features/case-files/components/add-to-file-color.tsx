import type { CaseFileColor } from '@kuvert/shared/case-files';
import { caseFileColorVar } from './case-file-color.ts';

/** The small round mark a file carries where it is named; decorative, its title says it. */
export function FileColorDot({ color, size = 10 }: { color: CaseFileColor; size?: number }) {
  return (
    <span
      aria-hidden="true"
      style={{
        display: 'inline-block',
        flex: 'none',
        width: size,
        height: size,
        borderRadius: '50%',
        background: caseFileColorVar(color),
      }}
    />
  );
}
