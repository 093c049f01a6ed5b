import { useState } from 'react';
import { errorText } from '@kagami/shared/i18n';
import { Button, HStack, notify } from '@kagami/shared/ui';
import { Modal } from '@kagami/shared/ui-widgets';
import type { Video } from '../../data/types';
import { AssetPlayer } from '../../components/asset-player';
import { downloadAsset, fileNameOf } from '../../components/download';
import { useStudioTranslation } from '../../components/use-studio-translation';
import { VideoShare } from './video-share';

/** A ready video in the player, with its poster and its captions track. */
export function VideoPlayer({ video }: { video: Video }) {
  const { t } = useStudioTranslation();
  if (!video.download) return null;
  const captions = video.captions.vtt ? { path: video.captions.vtt, label: t('videos.captionsLabel'), language: video.language } : null;
  return (
    <AssetPlayer path={video.download} kind="video" type="video/mp4" label={video.name} poster={video.thumbnail} captions={captions} />
  );
}

/** Play (unless the view already shows the player) and download a ready video. */
export function VideoActions({ video, playable = true }: { video: Video; playable?: boolean }) {
  const { t } = useStudioTranslation();
  const [playing, setPlaying] = useState(false);
  const [saving, setSaving] = useState(false);
  if (!video.downloadable || !video.download) return null;
  const path = video.download;
  const download = async () => {
    setSaving(true);
    try {
      await downloadAsset(path, fileNameOf(video.name, 'mp4'));
    } catch (error) {
      notify({ status: 'error', title: errorText(t, error) });
    } finally {
      setSaving(false);
    }
  };
  return (
    <HStack gap="2">
      {playable ? (
        <Button size="sm" color="secondary" onClick={() => setPlaying(true)} aria-label={`${t('videos.play')} ${video.name}`}>
          {t('videos.play')}
        </Button>
      ) : null}
      <Button size="sm" onClick={() => void download()} loading={saving} aria-label={`${t('videos.download')} ${video.name}`}>
        {t('videos.download')}
      </Button>
      <VideoShare video={video} />
      <Modal
        open={playing}
        onClose={() => setPlaying(false)}
        kind="success"
        title={video.name}
        submitText={t('common:buttons.close')}
        size="md"
      >
        {playing ? <VideoPlayer video={video} /> : null}
      </Modal>
    </HStack>
  );
}
