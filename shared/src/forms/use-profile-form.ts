import { useAtomValue } from 'jotai';
import { userApi } from '../api';
import { profileAtom, useSessionActions } from '../session';
import { userProfileDefaults, userProfileForm, type UserProfileForm } from '../validation';
import { useApiForm } from './use-api-form';

/** The profile form, filled from the session: saving updates the user, then the session's profile. */
export function useProfileForm(onSaved?: () => void) {
  const profile = useAtomValue(profileAtom);
  const actions = useSessionActions();
  const api = useApiForm<UserProfileForm>(userProfileForm, userProfileDefaults(profile));
  const onSubmit = api.submitWith(async (values) => {
    await userApi.updateProfile(values);
    await actions.refreshProfile();
    onSaved?.();
  });
  return { ...api, onSubmit };
}
