import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PatchProfileRequest, Profile } from '@kuvert/shared/profile';
import { profileEndpoints } from '@kuvert/shared/profile/endpoints';
import { apiCall } from '../../../lib/api-client.ts';
import { setFirstName } from '../../../lib/session.ts';
import { adoptProfileLanguage } from '../../../lib/user-language.ts';
import { profileQueryOptions } from './get-profile.ts';

/** Changes only the fields given; a language left out stays the profile's. */
export function updateProfile(body: PatchProfileRequest): Promise<Profile> {
  return apiCall(profileEndpoints.patch, { body });
}

/** Saving applies the first name right away, and the language when it was changed. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async (profile, body) => {
      queryClient.setQueryData(profileQueryOptions().queryKey, profile);
      setFirstName(profile.first_name);
      if (body.language !== undefined) await adoptProfileLanguage(profile.language);
    },
  });
}
