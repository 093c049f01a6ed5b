import { useMemo } from 'react';
import { paths } from '@kagami/shared/contract';
import { Alert, Box, Button, HStack, LazyImage, LoadState, Stack, Text } from '@kagami/shared/ui';
import { useStudioItem } from '../../data/queries';
import { useStudioEvents } from '../../data/use-studio-events';
import { assetSource } from '../../components/asset-source';
import { LinkButton } from '../../components/link-button';
import { StatusBadge } from '../../components/status-badge';
import { useStudioTranslation } from '../../components/use-studio-translation';

/** Follows a new avatar live until it is ready (preview, make a video) or failed (why, try again). */
export function AvatarProcessing({ avatarId, onStartOver }: { avatarId: string; onStartOver: () => void }) {
  const { t } = useStudioTranslation();
  const avatar = useStudioItem('avatar', avatarId);
  useStudioEvents();
  const data = avatar.data;
  const preview = useMemo(() => (data?.preview ? assetSource(data.preview) : null), [data?.preview]);
  return (
    <LoadState loading={avatar.isPending} error={avatar.isError ? avatar.error : null} onRetry={() => void avatar.refetch()}>
      {data ? (
        <Stack gap="4" data-testid="avatar-processing">
          <HStack justify="space-between">
            <Text fontWeight="semibold" fontSize="lg">
              {data.name}
            </Text>
            <StatusBadge status={data.status} reason={data.reason} />
          </HStack>
          {data.status === 'in_progress' ? (
            <Alert.Root status="info">
              <Alert.Indicator />
              <Alert.Title>{t('avatarNew.processing')}</Alert.Title>
            </Alert.Root>
          ) : null}
          {data.status === 'ready' && preview ? (
            <Box maxW="sm">
              <LazyImage src={preview} alt={data.name} height="240px" />
            </Box>
          ) : null}
          <HStack gap="2">
            {data.status === 'ready' ? <LinkButton to={paths.videosNew(data.id)}>{t('avatars.createVideo')}</LinkButton> : null}
            {data.status === 'failed' ? <Button onClick={onStartOver}>{t('avatarNew.tryAgain')}</Button> : null}
            <LinkButton color="white" to={paths.avatars()}>
              {t('avatarNew.toAvatars')}
            </LinkButton>
          </HStack>
        </Stack>
      ) : null}
    </LoadState>
  );
}
