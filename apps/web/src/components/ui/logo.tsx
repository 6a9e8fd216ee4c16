import { Group, Text } from '@mantine/core';

interface LogoProps {
  size?: 'sm' | 'md' | 'lg';
}

const iconSizes = { sm: 26, md: 30, lg: 40 } as const;
const textSizes = { sm: 'lg', md: 'xl', lg: '1.75rem' } as const;

/** The envelope mark and the wordmark; decorative, the surrounding link names it. */
export function Logo({ size = 'md' }: LogoProps) {
  const iconSize = iconSizes[size];
  return (
    <Group gap={8} wrap="nowrap" aria-hidden="true">
      <svg width={iconSize} height={iconSize} viewBox="0 0 32 32" focusable="false">
        <rect width="32" height="32" rx="8" fill="var(--mantine-color-kuvert-6)" />
        <rect
          x="6"
          y="9"
          width="20"
          height="14"
          rx="2.5"
          fill="none"
          stroke="#fff"
          strokeWidth="2"
        />
        <path
          d="M7 10.5l9 6.5 9-6.5"
          fill="none"
          stroke="#fff"
          strokeWidth="2"
          strokeLinejoin="round"
          strokeLinecap="round"
        />
      </svg>
      <Text
        component="span"
        fw={700}
        fz={textSizes[size]}
        c="var(--kuvert-color-brand-text)"
        style={{ letterSpacing: '-0.02em' }}
      >
        Kuvert
      </Text>
    </Group>
  );
}
