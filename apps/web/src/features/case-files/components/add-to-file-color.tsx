import { VisuallyHidden } from '@mantine/core';
import { caseFileColors } from '@kuvert/shared/case-files';
import type { CaseFileColor } from '@kuvert/shared/case-files';
import { useTranslation } from '../../../lib/i18n.ts';
import classes from './add-to-file-color.module.css';

/** A file's colour as the portal paints it: the palette's middle shade. */
export function fileColorValue(color: CaseFileColor): string {
  return `var(--mantine-color-${color}-6)`;
}

/** The small round mark a file carries wherever it is named; decorative, the title says it. */
export function FileColorDot({ color, size = 10 }: { color: CaseFileColor; size?: number }) {
  return (
    <span
      aria-hidden="true"
      className={classes.dot}
      style={{ width: size, height: size, background: fileColorValue(color) }}
    />
  );
}

interface FileColorPickerProps {
  value: CaseFileColor;
  onChange: (color: CaseFileColor) => void;
  /** Radios of one group share it; unique within the page. */
  name: string;
}

/** The colours as a group of radio buttons: arrow keys move, each named for screen readers. */
export function FileColorPicker({ value, onChange, name }: FileColorPickerProps) {
  const { t } = useTranslation();
  return (
    <fieldset className={classes.fieldset}>
      <legend className={classes.legend}>{t('addToFile.newFile.color')}</legend>
      <div className={classes.swatches}>
        {caseFileColors.map((color) => (
          <label key={color} className={classes.swatch} title={t(`addToFile.colors.${color}`)}>
            <input
              type="radio"
              name={name}
              value={color}
              checked={value === color}
              onChange={() => onChange(color)}
              className={classes.input}
            />
            <span className={classes.mark} style={{ background: fileColorValue(color) }} />
            <VisuallyHidden>{t(`addToFile.colors.${color}`)}</VisuallyHidden>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
