import { paths } from '@kagami/shared/contract';
import { Alert, Box, Button, HStack, LazyImage } from '@kagami/shared/ui';
import type { Avatar } from '../../data/types';
import { useAssetSource } from '../../components/asset-source';
import { LinkButton } from '../../components/link-button';
import { ItemProgress } from '../../components/item-progress';
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

/** Follows a new avatar until it is ready (preview, make a video) or failed (why, try again); while it is made, its stage. */
export function AvatarProcessing({ avatarId, onStartOver }: { avatarId: string; onStartOver: () => void }) {
  const { t } = useStudioTranslation();
  return (
    <ItemProgress
      kind="avatar"
      id={avatarId}
      note={t('avatarNew.processing')}
      testId="avatar-processing"
      progress={(avatar) => <AvatarStageProgress stage={avatar.stage} progress={avatar.progress} />}
    >
      {(avatar) => (
        <>
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
        </>
      )}
    </ItemProgress>
  );
}
