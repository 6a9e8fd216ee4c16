import { Avatar } from '@mantine/core';
import { useState } from 'react';
import { providerEndpoints } from '@kuvert/shared/providers/endpoints';
import { apiUrl } from '../../lib/api-client.ts';

interface ProviderAvatarProps {
  providerId: string;
  name: string;
  hasLogo: boolean;
  size?: number;
}

/** Initials of a provider's name: "Stadtwerke München" → "SM". */
export function providerInitials(name: string): string {
  const words = name.split(/\s+/u).filter((word) => /\p{L}|\p{N}/u.test(word));
  const letters = words.slice(0, 2).map((word) => Array.from(word)[0] ?? '');
  return letters.join('').toUpperCase();
}

/** The provider's logo, or its initials when it has none or the image fails. Decorative. */
export function ProviderAvatar({ providerId, name, hasLogo, size = 40 }: ProviderAvatarProps) {
  const [hasFailed, setHasFailed] = useState(false);
  const showLogo = hasLogo && !hasFailed;
  return (
    <Avatar
      size={size}
      radius="md"
      color="kuvert"
      variant="light"
      aria-hidden="true"
      src={showLogo ? apiUrl(providerEndpoints.logo, { params: { id: providerId } }) : null}
      imageProps={{ onError: () => setHasFailed(true), loading: 'lazy', alt: '' }}
      style={{
        flexShrink: 0,
        border: '1px solid var(--kuvert-color-border-subtle)',
        // Logos are made for white; initials take the dark scheme's tint.
        background: showLogo ? '#fff' : 'var(--kuvert-color-initials-bg)',
      }}
    >
      {providerInitials(name)}
    </Avatar>
  );
}
