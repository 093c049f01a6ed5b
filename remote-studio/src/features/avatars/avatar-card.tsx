import { useState } from 'react';
import { paths } from '@kagami/shared/contract';
import { Box, Card, HStack, LazyImage, Stack, Text } from '@kagami/shared/ui';
import { RadioGroup } from '@kagami/shared/ui-widgets';
import type { Avatar } from '../../data/types';
import { studioApi } from '../../data/studio-api';
import { useStudioMutation } from '../../data/queries';
import { useAssetSource } from '../../components/asset-source';
import { ConfirmDelete } from '../../components/confirm-delete';
import { useLanguageName } from '../../components/language-name';
import { LinkButton } from '../../components/link-button';
import { StatusBadge } from '../../components/status-badge';
import { useStudioTranslation } from '../../components/use-studio-translation';
import { AvatarStageProgress } from '../../components/avatar-stage';

export function AvatarCard({ avatar }: { avatar: Avatar }) {
  const { t } = useStudioTranslation();
  const languageName = useLanguageName();
  const [withVoice, setWithVoice] = useState('both');
  const preview = useAssetSource(avatar.preview);
  const remove = useStudioMutation(['avatar', 'voice'], (teamId, withDefaultVoice: boolean) =>
    studioApi.deleteAvatar(teamId, avatar.id, withDefaultVoice && Boolean(avatar.defaultVoiceId)),
  );
  return (
    <Card.Root as="article" aria-label={avatar.name} overflow="hidden" data-testid="avatar-card">
      {preview ? <LazyImage src={preview} alt={avatar.name} height="180px" /> : <Box h="180px" bg="gray.100" />}
      <Card.Body gap="2" p="4">
        <Text fontWeight="semibold" truncate>
          {avatar.name}
        </Text>
        <Text fontSize="sm" color="fg.muted">
          {languageName(avatar.language)}
        </Text>
        <StatusBadge status={avatar.status} reason={avatar.reason} />
        {avatar.status === 'in_progress' ? <AvatarStageProgress stage={avatar.stage} progress={avatar.progress} /> : null}
      </Card.Body>
      <Card.Footer p="4" pt="0">
        <HStack justify="space-between" w="100%">
          {avatar.status === 'ready' ? (
            <LinkButton size="sm" to={paths.videosNew(avatar.id)}>
              {t('avatars.createVideo')}
            </LinkButton>
          ) : (
            <span />
          )}
          <ConfirmDelete name={avatar.name} title={t('avatars.deleteTitle')} onDelete={() => remove.mutateAsync(withVoice === 'both')}>
            {avatar.defaultVoiceId ? (
              <Stack gap="3">
                <Text>{t('avatars.deleteWithVoice', { name: avatar.name })}</Text>
                <RadioGroup
                  label={t('avatars.deleteChoice')}
                  value={withVoice}
                  onChange={setWithVoice}
                  options={[
                    { value: 'both', label: t('avatars.deleteBoth') },
                    { value: 'avatar', label: t('avatars.deleteAvatarOnly') },
                  ]}
                />
              </Stack>
            ) : null}
          </ConfirmDelete>
        </HStack>
      </Card.Footer>
    </Card.Root>
  );
}
