import { memo, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@kagami/shared/query';
import { errorText } from '@kagami/shared/i18n';
import { Box, Button, FormField, HStack, Input, Select, Stack, Text } from '@kagami/shared/ui';
import { RadioGroup } from '@kagami/shared/ui-widgets';
import {
  acceptOf,
  ASPECT_RATIOS,
  BACKGROUND_IMAGE,
  BACKGROUND_VIDEO,
  CAPTION_POSITIONS,
  CAPTION_SIZES,
  RESOLUTIONS,
} from '@kagami/shared/validation';
import { studioKeys } from '../../data/keys';
import { useBackgrounds, useTeamId } from '../../data/queries';
import { studioApi, type CaptionLook, type LookInput } from '../../data/studio-api';
import { useStudioTranslation } from '../../components/use-studio-translation';
import { PlacementFields } from '../../components/placement-fields';
import { ServerStill } from '../../components/server-still';
import { UploadPanel } from '../../components/uploads/upload-panel';
import { useUpload } from '../../components/uploads/use-upload';

export const DEFAULT_LOOK: LookInput = {
  aspectRatio: '16:9',
  resolution: '720p',
  background: null,
  placement: { position: 'full', scale: 1 },
  captions: { burnIn: false, style: { size: 'medium', position: 'bottom', color: '#FFFFFF', boxColor: '#000000' } },
};

/** The background select's value: the footage's own, a colour, or a library background's id. */
const backgroundChoice = (background: LookInput['background']) =>
  !background ? 'footage' : background.type === 'color' ? 'color' : background.uploadId;

/**
 * How the video looks: its format and resolution, what stands behind the presenter (a colour, or a picture or video of
 * the team's library, to which a new one can be uploaded), where the presenter stands, and how captions look; with
 * the layout composed by the server from the avatar's preview, before anything is rendered. Memoized: the form around
 * it renders again as its own state settles (the form library's first ready state), and the look need not follow.
 */
export const VideoLook = memo(function VideoLook({
  avatarId,
  look,
  onChange,
  captions,
}: {
  avatarId: string;
  look: LookInput;
  onChange: (look: LookInput) => void;
  captions: boolean;
}) {
  const { t } = useStudioTranslation();
  const teamId = useTeamId();
  const queryClient = useQueryClient();
  const library = useBackgrounds();
  const [uploading, setUploading] = useState(false);
  const [adding, setAdding] = useState<'image' | 'video'>('image');
  const [addError, setAddError] = useState<unknown>(null);
  const imageUpload = useUpload('background_image', BACKGROUND_IMAGE, 'image');
  const videoUpload = useUpload('background_video', BACKGROUND_VIDEO, 'video');
  const upload = adding === 'image' ? imageUpload : videoUpload;
  const set = (change: Partial<LookInput>) => onChange({ ...look, ...change });

  // A finished upload joins the library (once) and becomes the background.
  const finished = upload.state.phase === 'done' ? upload.state.uploadId : null;
  const added = useRef<string | null>(null);
  useEffect(() => {
    if (!finished || added.current === finished) return;
    added.current = finished;
    studioApi.addBackground(teamId, finished).then(
      async (background) => {
        await queryClient.invalidateQueries({ queryKey: studioKeys.backgrounds(teamId) });
        upload.reset();
        setUploading(false);
        onChange({ ...look, background: { type: background.kind, uploadId: background.id } });
      },
      (error: unknown) => setAddError(error),
    );
  }, [finished, teamId, queryClient, upload, look, onChange]);

  const chooseBackground = (value: string) => {
    setAddError(null);
    if (value === 'footage') return set({ background: null, placement: { position: 'full', scale: look.placement.scale } });
    if (value === 'color') return set({ background: { type: 'color', value: '#1E3A5F' } });
    const chosen = library.data?.find((item) => item.id === value);
    if (chosen) set({ background: { type: chosen.kind, uploadId: chosen.id } });
  };
  const needsBackground = look.placement.position !== 'full';

  return (
    <Stack gap="4" borderWidth="1px" borderRadius="md" p="4" data-testid="video-look">
      <Text fontWeight="medium">{t('videoNew.look.title')}</Text>
      <HStack gap="4" wrap="wrap" align="flex-start">
        <FormField label={t('videoNew.look.format')}>
          <Select
            aria-label={t('videoNew.look.format')}
            value={look.aspectRatio}
            options={ASPECT_RATIOS.map((ratio) => ({ value: ratio, label: t(`videoNew.look.formats.${ratio.replace(':', 'x')}`) }))}
            onChange={(event) => set({ aspectRatio: event.target.value as LookInput['aspectRatio'] })}
          />
        </FormField>
        <FormField label={t('videoNew.look.resolution')}>
          <Select
            aria-label={t('videoNew.look.resolution')}
            value={look.resolution}
            options={RESOLUTIONS.map((resolution) => ({ value: resolution, label: resolution }))}
            onChange={(event) => set({ resolution: event.target.value as LookInput['resolution'] })}
          />
        </FormField>
      </HStack>
      <FormField
        label={t('videoNew.look.background')}
        helper={needsBackground && !look.background ? t('videoNew.look.needsBackground') : undefined}
      >
        <Select
          aria-label={t('videoNew.look.background')}
          value={backgroundChoice(look.background)}
          options={[
            { value: 'footage', label: t('videoNew.look.footage') },
            { value: 'color', label: t('videoNew.look.color') },
            ...(library.data ?? []).map((item) => ({
              value: item.id,
              label: t(`videoNew.look.libraryItem.${item.kind}`, { name: item.name }),
            })),
          ]}
          onChange={(event) => chooseBackground(event.target.value)}
        />
      </FormField>
      {look.background?.type === 'color' ? (
        <FormField label={t('videoNew.look.colorValue')}>
          <Input
            type="color"
            w="24"
            p="1"
            aria-label={t('videoNew.look.colorValue')}
            value={look.background.value}
            onChange={(event) => set({ background: { type: 'color', value: event.target.value.toUpperCase() } })}
          />
        </FormField>
      ) : null}
      {!uploading ? (
        <Box>
          <Button size="sm" color="white" onClick={() => setUploading(true)}>
            {t('videoNew.look.addBackground')}
          </Button>
        </Box>
      ) : (
        <Stack gap="2">
          <RadioGroup
            label={t('videoNew.look.addBackground')}
            value={adding}
            onChange={(value) => setAdding(value as 'image' | 'video')}
            options={[
              { value: 'image', label: t('videoNew.look.addImage') },
              { value: 'video', label: t('videoNew.look.addVideo') },
            ]}
          />
          <UploadPanel
            upload={upload}
            accept={adding === 'image' ? acceptOf(BACKGROUND_IMAGE, 'image') : acceptOf(BACKGROUND_VIDEO, 'video')}
            prompt={t(adding === 'image' ? 'videoNew.look.imagePrompt' : 'videoNew.look.videoPrompt')}
            hint={t(adding === 'image' ? 'videoNew.look.imageHint' : 'videoNew.look.videoHint')}
          />
          {addError ? (
            <Text color="danger" role="alert">
              {errorText(t, addError)}
            </Text>
          ) : null}
        </Stack>
      )}
      <PlacementFields placement={look.placement} onChange={(placement) => set({ placement })} />
      {captions ? (
        <CaptionStyleFields
          style={look.captions.style}
          onChange={(style) => set({ captions: { ...look.captions, style: { ...look.captions.style, ...style } } })}
        />
      ) : null}
      <LayoutPreview avatarId={avatarId} look={look} />
    </Stack>
  );
});

/** Burned-in captions' size, position, text colour, and a box of a colour behind the words or an outline. */
function CaptionStyleFields({ style, onChange }: { style: CaptionLook; onChange: (style: Partial<CaptionLook>) => void }) {
  const { t } = useStudioTranslation();
  const choice = (key: 'size' | 'position', label: string, options: { value: string; label: string }[]) => (
    <FormField label={label}>
      <Select
        aria-label={label}
        value={style[key]}
        options={options}
        onChange={(event) => onChange({ [key]: event.target.value } as Partial<CaptionLook>)}
      />
    </FormField>
  );
  const colour = (label: string, value: string, change: (value: string) => void) => (
    <FormField label={label}>
      <Input type="color" w="24" p="1" aria-label={label} value={value} onChange={(event) => change(event.target.value.toUpperCase())} />
    </FormField>
  );
  return (
    <HStack gap="4" wrap="wrap" align="flex-start">
      {choice(
        'size',
        t('videoNew.look.captionSize'),
        CAPTION_SIZES.map((size) => ({ value: size, label: t(`videoNew.look.captionSizes.${size}`) })),
      )}
      {choice(
        'position',
        t('videoNew.look.captionPosition'),
        CAPTION_POSITIONS.map((position) => ({ value: position, label: t(`videoNew.look.captionPositions.${position}`) })),
      )}
      {colour(t('videoNew.look.captionColor'), style.color, (color) => onChange({ color }))}
      <FormField label={t('videoNew.look.captionBackdrop')}>
        <Select
          aria-label={t('videoNew.look.captionBackdrop')}
          value={style.boxColor === null ? 'outline' : 'box'}
          options={[
            { value: 'box', label: t('videoNew.look.captionBox') },
            { value: 'outline', label: t('videoNew.look.captionOutline') },
          ]}
          onChange={(event) => onChange({ boxColor: event.target.value === 'box' ? '#000000' : null })}
        />
      </FormField>
      {style.boxColor !== null ? colour(t('videoNew.look.captionBoxColor'), style.boxColor, (boxColor) => onChange({ boxColor })) : null}
    </HStack>
  );
}

/** The server's still of the layout, none while a presenter beside the content has nothing behind them. */
function LayoutPreview({ avatarId, look }: { avatarId: string; look: LookInput }) {
  const { t } = useStudioTranslation();
  const teamId = useTeamId();
  const bare = look.placement.position !== 'full' && !look.background;
  return (
    <ServerStill
      stillKey={JSON.stringify([teamId, avatarId, look])}
      ask={bare ? null : (signal) => studioApi.layoutPreview(teamId, { avatarId, ...look }, signal)}
      alt={t('videoNew.look.previewAlt')}
      testId="layout-preview"
    />
  );
}
