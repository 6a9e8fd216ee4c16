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
  // Someone who asked their system for less motion gets no sliding modals and menus.
  respectReducedMotion: true,
  components: {
    Button: { defaultProps: { radius: 'md' } },
    Paper: { defaultProps: { radius: 'lg' } },
  },
});

/**
 * Mantine's own scheme variables where its defaults fall below WCAG AA (4.5:1 for text).
 * Kuvert's colours by role (borders, tints, badge text) are in src/styles.css.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-body': '#ffffff',
    // Mantine's default "dimmed" grey is below WCAG AA contrast on white; ours is not.
    '--mantine-color-dimmed': '#5c636b',
    // Field errors are small text; Mantine's default red is below 4.5:1 on white.
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {
    // Mantine's dark "dimmed" (dark.2) is 4.0:1 on the dark body; this is 6.2:1.
    '--mantine-color-dimmed': '#a3a3a3',
    // red.8 is 3.4:1 on the dark body.
    '--mantine-color-error': 'var(--mantine-color-red-4)',
    // Links and blue text: kuvert.4 is only 4.3:1 on a dark panel, kuvert.3 is 5.9:1.
    '--mantine-color-anchor': 'var(--mantine-color-kuvert-3)',
    '--mantine-color-kuvert-text': 'var(--mantine-color-kuvert-3)',
    // Grey chips (badges, "open") as soft grey, not near-black pits in the page.
    '--mantine-color-gray-light': 'var(--mantine-color-dark-5)',
    '--mantine-color-gray-light-hover': 'var(--mantine-color-dark-4)',
    // Mantine's dark "light" blue (selected navigation, tinted icons) is near black: a
    // selection must be seen.
    '--mantine-color-kuvert-light':
      'color-mix(in srgb, var(--mantine-color-kuvert-5) 22%, var(--mantine-color-dark-7))',
    '--mantine-color-kuvert-light-hover':
      'color-mix(in srgb, var(--mantine-color-kuvert-5) 30%, var(--mantine-color-dark-7))',
  },
});
