import { useQuery } from '@kagami/shared/query';
import { studioKeys } from '../../data/keys';
import { useTeamId } from '../../data/queries';
import { PICKER_SIZE, studioApi } from '../../data/studio-api';

/** What a video can be made from: the team's ready avatars and voices, and the avatar's languages. */
export function useVideoChoices(avatarId: string) {
  const teamId = useTeamId();
  const avatars = useQuery({
    queryKey: [...studioKeys.kind(teamId, 'avatar'), 'picker'],
    queryFn: () => studioApi.avatars(teamId, 1, PICKER_SIZE),
    enabled: Boolean(teamId),
  });
  const voices = useQuery({
    queryKey: [...studioKeys.kind(teamId, 'voice'), 'picker'],
    queryFn: () => studioApi.voices(teamId, 1, PICKER_SIZE),
    enabled: Boolean(teamId),
  });
  const languages = useQuery({
    queryKey: studioKeys.languages(teamId, avatarId),
    queryFn: () => studioApi.languages(teamId, avatarId),
    enabled: Boolean(teamId && avatarId),
  });
  return { avatars, voices, languages };
}
