import { paths } from '@kagami/shared/contract';
import { Alert, Box, Button, HStack, LazyImage, LoadState, Stack, Text } from '@kagami/shared/ui';
import type { Avatar } from '../../data/types';
import { useStudioItem } from '../../data/queries';
import { useAssetSource } from '../../components/asset-source';
import { LinkButton } from '../../components/link-button';
import { StatusBadge } from '../../components/status-badge';
import { useStudioTranslation } from '../../components/use-studio-translation';
import { AvatarStageProgress } from '../../components/avatar-stage';

function Preview({ avatar }: { avatar: Avatar }) {
  const preview = useAssetSource(avatar.preview);
  return preview ? (
    <Box maxW="sm">
      <LazyImage src={preview} alt={avatar.name} height="240px" />
    </Box>
  ) : null;
}

/**
 * Follows a new avatar until it is ready (preview, make a video) or failed (why, try again); while it
 * is made, the stage it is on and how far it is. Laid out as ItemProgress, whose bar has no stages.
 */
export function AvatarProcessing({ avatarId, onStartOver }: { avatarId: string; onStartOver: () => void }) {
  const { t } = useStudioTranslation();
  const item = useStudioItem('avatar', avatarId);
  const avatar = item.data;
  return (
    <LoadState loading={item.isPending} error={item.isError ? item.error : null} onRetry={() => void item.refetch()}>
      {avatar ? (
        <Stack gap="4" data-testid="avatar-processing">
          <HStack justify="space-between" wrap="wrap">
            <Text fontWeight="semibold" fontSize="lg">
              {avatar.name}
            </Text>
            <StatusBadge status={avatar.status} reason={avatar.reason} />
          </HStack>
          {avatar.status === 'in_progress' ? (
            <Stack gap="2">
              <AvatarStageProgress stage={avatar.stage} progress={avatar.progress} />
              <Alert.Root status="info">
                <Alert.Indicator />
                <Alert.Title>{t('avatarNew.processing')}</Alert.Title>
              </Alert.Root>
            </Stack>
          ) : null}
          {avatar.status === 'ready' ? <Preview avatar={avatar} /> : null}
          {avatar.status === 'ready' && !avatar.defaultVoiceId ? (
            <Alert.Root status="info" data-testid="no-voice">
              <Alert.Indicator />
              <Alert.Title>{t('avatarNew.noVoice')}</Alert.Title>
            </Alert.Root>
          ) : null}
          <HStack gap="2">
            {avatar.status === 'ready' ? <LinkButton to={paths.videosNew(avatar.id)}>{t('avatars.createVideo')}</LinkButton> : null}
            {avatar.status === 'failed' ? <Button onClick={onStartOver}>{t('avatarNew.tryAgain')}</Button> : null}
            <LinkButton color="white" to={paths.avatars()}>
              {t('avatarNew.toAvatars')}
            </LinkButton>
          </HStack>
        </Stack>
      ) : null}
    </LoadState>
  );
}
