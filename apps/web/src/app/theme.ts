import { createTheme } from '@mantine/core';
import type { CSSVariablesResolver, MantineColorsTuple } from '@mantine/core';

// A calm, trustworthy blue; shade 6 (filled buttons) keeps ≥ 4.5:1 against white text.
const kuvertBlue: MantineColorsTuple = [
  '#eef4fb',
  '#d9e6f5',
  '#b1cbeb',
  '#85ade0',
  '#5f93d6',
  '#4682cf',
  '#2a67b1',
  '#1f5596',
  '#17477e',
  '#0b3766',
];

export const theme = createTheme({
  primaryColor: 'kuvert',
  primaryShade: { light: 6, dark: 4 },
  colors: { kuvert: kuvertBlue },
  fontFamily:
    'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    Button: { defaultProps: { radius: 'md' } },
    Paper: { defaultProps: { radius: 'lg' } },
  },
});

// Mantine's default "dimmed" grey is below WCAG AA contrast on white; ours is not.
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c636b',
    // Field errors are small text; Mantine's default red is below 4.5:1 on white.
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    // Red text on a light red badge (overdue, failed): red.9 there is 4.51:1, a rounding
    // away from failing; this one is 5.5:1 and reads the same.
    '--kuvert-color-alert-text': '#b02525',
    '--mantine-color-body': '#ffffff',
  },
  dark: {},
});
