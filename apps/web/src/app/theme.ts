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
  // White text on shade 6 is 5.7:1 in both schemes; lighter shades fail it in the dark.
  primaryShade: { light: 6, dark: 6 },
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

/**
 * Colours by role, one value per scheme, each at least 4.5:1 for text (3:1 for borders that
 * matter) on the surface it sits on. Components use these (or Mantine's own scheme-aware
 * variables) instead of a fixed shade, so both schemes stay readable.
 *
 * - surface-muted: panels and hovered rows on a surface (the surface itself is Mantine's
 *   --mantine-color-body; the page behind it is in src/styles.css);
 * - border, border-subtle: lines between rows and around lists;
 * - quiet-text: secondary text and icons that must still read clearly (not "dimmed");
 * - alert, invoice, success, notice text: words on the light red, orange, teal and yellow
 *   badges and alerts (Mantine's shade 9 is a rounding away from failing on some of them).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-body': '#ffffff',
    // Mantine's default "dimmed" grey is below WCAG AA contrast on white; ours is not.
    '--mantine-color-dimmed': '#5c636b',
    // Field errors are small text; Mantine's default red is below 4.5:1 on white.
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--kuvert-color-surface-muted': 'var(--mantine-color-gray-0)',
    '--kuvert-color-border': 'var(--mantine-color-gray-3)',
    '--kuvert-color-border-subtle': 'var(--mantine-color-gray-2)',
    '--kuvert-color-quiet-text': 'var(--mantine-color-gray-8)',
    // Red text on a light red badge (overdue, failed): red.9 there is 4.51:1; this is 5.5:1.
    '--kuvert-color-alert-text': '#b02525',
    '--kuvert-color-invoice-text': '#a33d0b',
    '--kuvert-color-success-text': '#0b5e45',
    '--kuvert-color-notice-text': '#6b4500',
  },
  dark: {
    '--mantine-color-body': 'var(--mantine-color-dark-7)',
    // Mantine's dark "dimmed" (dark.2) is 4.0:1 on the dark body.
    '--mantine-color-dimmed': '#a3a3a3',
    '--mantine-color-error': 'var(--mantine-color-red-4)',
    // Links and blue text: kuvert.3 is 6.7:1 on the body, kuvert.4 only 4.3:1 on a panel.
    '--mantine-color-anchor': 'var(--mantine-color-kuvert-3)',
    '--mantine-color-kuvert-text': 'var(--mantine-color-kuvert-3)',
    '--kuvert-color-surface-muted': 'var(--mantine-color-dark-6)',
    '--kuvert-color-border': 'var(--mantine-color-dark-4)',
    '--kuvert-color-border-subtle': 'var(--mantine-color-dark-5)',
    '--kuvert-color-quiet-text': 'var(--mantine-color-dark-0)',
    '--kuvert-color-alert-text': 'var(--mantine-color-red-2)',
    '--kuvert-color-invoice-text': 'var(--mantine-color-orange-2)',
    '--kuvert-color-success-text': 'var(--mantine-color-teal-2)',
    '--kuvert-color-notice-text': 'var(--mantine-color-yellow-2)',
  },
});
