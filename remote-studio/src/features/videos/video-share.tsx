import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@kagami/shared/query';
import { errorText } from '@kagami/shared/i18n';
import { Button, Checkbox, FormField, HStack, Input, LoadState, Stack, Text, Textarea, notify } from '@kagami/shared/ui';
import { Modal } from '@kagami/shared/ui-widgets';
import { studioKeys } from '../../data/keys';
import { useTeamId } from '../../data/queries';
import { studioApi } from '../../data/studio-api';
import type { Share, Video } from '../../data/types';
import { useStudioTranslation } from '../../components/use-studio-translation';

/** Copies a text, saying so (or that the browser refused). */
function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useStudioTranslation();
  return (
    <Button
      size="sm"
      color="white"
      aria-label={label}
      onClick={() =>
        navigator.clipboard.writeText(text).then(
          () => notify({ status: 'success', title: t('videos.share.copied') }),
          () => notify({ status: 'error', title: t('videos.share.copyFailed') }),
        )
      }
    >
      {t('videos.share.copy')}
    </Button>
  );
}

/**
 * A ready video's public page: turned on with or without a download button, its link and embed snippet to copy, how
 * often it was seen, and turned off (the link then opens nothing).
 */
export function VideoShare({ video }: { video: Video }) {
  const { t } = useStudioTranslation();
  const teamId = useTeamId();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [allowDownload, setAllowDownload] = useState(false);
  const queryKey = studioKeys.share(teamId, video.id);
  const share = useQuery({ queryKey, queryFn: () => studioApi.share(teamId, video.id), enabled: open && Boolean(teamId) });
  const saved = (answer: Share) => queryClient.setQueryData(queryKey, answer);
  const turnOn = useMutation({ mutationFn: (download: boolean) => studioApi.setShare(teamId, video.id, download), onSuccess: saved });
  const turnOff = useMutation({
    mutationFn: () => studioApi.unshare(teamId, video.id),
    onSuccess: () => saved({ shared: false }),
  });
  const failure = turnOn.error ?? turnOff.error;
  const current = share.data;
  return (
    <>
      <Button size="sm" color="white" onClick={() => setOpen(true)} aria-label={`${t('videos.share.open')} ${video.name}`}>
        {t('videos.share.open')}
      </Button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        kind="success"
        title={t('videos.share.title', { name: video.name })}
        submitText={t('common:buttons.close')}
      >
        <LoadState loading={share.isPending} error={share.error} onRetry={() => void share.refetch()}>
          {current?.shared ? (
            <Stack gap="4" data-testid="share-on">
              <Text>{t('videos.share.onText', { views: current.views })}</Text>
              <FormField label={t('videos.share.link')}>
                <HStack w="100%">
                  <Input readOnly value={current.url} aria-label={t('videos.share.link')} />
                  <CopyButton text={current.url} label={t('videos.share.copyLink')} />
                </HStack>
              </FormField>
              <FormField label={t('videos.share.embed')}>
                <Stack w="100%" gap="2">
                  <Textarea readOnly rows={3} value={current.embedHtml} aria-label={t('videos.share.embed')} />
                  <HStack>
                    <CopyButton text={current.embedHtml} label={t('videos.share.copyEmbed')} />
                  </HStack>
                </Stack>
              </FormField>
              <Checkbox.Root
                checked={current.allowDownload}
                onCheckedChange={(change) => turnOn.mutate(change.checked === true)}
                disabled={turnOn.isPending}
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{t('videos.share.allowDownload')}</Checkbox.Label>
              </Checkbox.Root>
              <HStack>
                <Button size="sm" danger loading={turnOff.isPending} onClick={() => turnOff.mutate()}>
                  {t('videos.share.turnOff')}
                </Button>
              </HStack>
            </Stack>
          ) : (
            <Stack gap="4" data-testid="share-off">
              <Text>{t('videos.share.offText')}</Text>
              <Checkbox.Root checked={allowDownload} onCheckedChange={(change) => setAllowDownload(change.checked === true)}>
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{t('videos.share.allowDownload')}</Checkbox.Label>
              </Checkbox.Root>
              <HStack>
                <Button size="sm" loading={turnOn.isPending} onClick={() => turnOn.mutate(allowDownload)}>
                  {t('videos.share.turnOn')}
                </Button>
              </HStack>
            </Stack>
          )}
        </LoadState>
        {failure ? (
          <Text color="danger" role="alert" mt="3">
            {errorText(t, failure)}
          </Text>
        ) : null}
      </Modal>
    </>
  );
}
