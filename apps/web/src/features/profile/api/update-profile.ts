import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileSchema } from '@kuvert/shared/profile';
import type { Profile, UpdateProfileRequest } from '@kuvert/shared/profile';
import { apiRequest } from '../../../lib/http.ts';
import { setLanguage } from '../../../lib/i18n.ts';
import { setFirstName } from '../../../lib/session.ts';
import { profileQueryOptions } from './get-profile.ts';

export function updateProfile(body: UpdateProfileRequest): Promise<Profile> {
  return apiRequest('/api/profile', { method: 'PUT', body, schema: profileSchema });
}

/** Saving also applies the new language and first name right away. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async (profile) => {
      queryClient.setQueryData(profileQueryOptions().queryKey, profile);
      setFirstName(profile.first_name);
      await setLanguage(profile.language);
    },
  });
}
