import { Box, Text, VisuallyHidden } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useId } from 'react';
import { caseFileColors } from '@kuvert/shared/case-files';
import type { CaseFileColor } from '@kuvert/shared/case-files';
import { useTranslation } from '../../../lib/i18n.ts';
import { caseFileColorVar, isLightColor } from './case-file-color.ts';
import classes from './case-file-color-picker.module.css';

interface CaseFileColorPickerProps {
  value: CaseFileColor;
  onChange: (color: CaseFileColor) => void;
  disabled?: boolean;
}

/**
 * The file's colour as a row of swatches: native radio buttons (arrow keys move, the name is
 * read out), each drawn as its colour; the chosen one's name is written beside the label.
 */
export function CaseFileColorPicker({
  value,
  onChange,
  disabled = false,
}: CaseFileColorPickerProps) {
  const { t } = useTranslation();
  const name = useId();
  return (
    <fieldset style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }} disabled={disabled}>
      <Text component="legend" size="sm" fw={500} className={classes.legend}>
        {t('caseFiles.form.color')}{' '}
        <Text span size="sm" c="dimmed" aria-hidden="true">
          · {t(`caseFiles.colors.${value}`)}
        </Text>
      </Text>
      <div className={classes.options}>
        {caseFileColors.map((color) => (
          <label key={color} className={classes.option}>
            <input
              type="radio"
              name={name}
              value={color}
              checked={value === color}
              onChange={() => onChange(color)}
              className={classes.input}
            />
            <Box
              component="span"
              className={classes.swatch}
              __vars={{ '--swatch': caseFileColorVar(color) }}
              data-light={isLightColor(color) || undefined}
              aria-hidden="true"
            >
              {value === color ? <IconCheck size={18} stroke={3} /> : null}
            </Box>
            <VisuallyHidden>{t(`caseFiles.colors.${color}`)}</VisuallyHidden>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
