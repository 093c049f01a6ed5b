import { useEffect, useRef, useState } from 'react';
import { useNavigate } from '@kagami/shared/router';
import { isApiError } from '@kagami/shared/api';
import { paths } from '@kagami/shared/contract';
import { errorText } from '@kagami/shared/i18n';
import { Button, Checkbox, FormField, Grid, HStack, Input, Select, Stack, Text } from '@kagami/shared/ui';
import { ASPECT_RATIOS, RESOLUTIONS, SCENES_MAX, type ContentLanguage } from '@kagami/shared/validation';
import { useDeleteVideoDraft, useSaveVideoDraft, useStudioMutation } from '../../data/queries';
import type { Avatar, LibraryVoice, Voice } from '../../data/types';
import { useStudioTranslation } from '../../components/use-studio-translation';
import { SaveAsTemplate } from '../../components/save-as-template';
import { DocumentScenes } from './document-scenes';
import { editorApi, type TeamDocument } from './editor-api';
import { useBrandKit } from '../../data/brand-kit';
import {
  createBody,
  duplicateScene,
  movedIndex,
  moveScene,
  newKey,
  newScene,
  sceneOfField,
  videoSeconds,
  type EditorVideo,
} from './scene-model';
import { ScenePanel } from './scene-panel';
import { SceneList } from './scene-list';
import { SceneStill } from './scene-still';

type Props = {
  initial: EditorVideo;
  draftId: string | null;
  avatars: Avatar[];
  voices: Voice[];
  library: LibraryVoice[];
  languages: ContentLanguage[];
  /** Told the draft's id once the first autosave made it, so a reload resumes it. */
  onDraft: (id: string) => void;
};

/** How long after the last change the draft is saved. */
const AUTOSAVE_MS = 1200;

/**
 * The editor of a video of several scenes: the scene list, the chosen scene's panel and its still composed by the API,
 * the total length and the minutes it will use; every change saved as a draft of the team; rendered with one click.
 */
export function SceneEditor({ initial, draftId, avatars, voices, library, languages, onDraft }: Props) {
  const { t } = useStudioTranslation();
  const navigate = useNavigate();
  const brandKit = useBrandKit().data;
  const [video, setVideo] = useState(initial);
  const [selected, setSelected] = useState(0);
  const [importing, setImporting] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [saved, setSaved] = useState<'saved' | 'saving' | 'failed' | null>(draftId ? 'saved' : null);
  const saveDraft = useSaveVideoDraft();
  const deleteDraft = useDeleteVideoDraft();
  const create = useStudioMutation(['video'], editorApi.createVideo);
  const draft = useRef(draftId);
  const first = useRef(true);

  // Autosave: each change, a moment after the last one, into the draft (made by the first).
  const body = JSON.stringify(video);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    setSaved('saving');
    const timer = setTimeout(() => {
      const name = video.name.trim() || t('editor.untitled');
      saveDraft.mutateAsync({ id: draft.current ?? undefined, name, body: video as unknown as Record<string, unknown> }).then(
        (made) => {
          if (!draft.current) onDraft(made.id);
          draft.current = made.id;
          setSaved('saved');
        },
        () => setSaved('failed'),
      );
    }, AUTOSAVE_MS);
    return () => clearTimeout(timer);
  }, [body]); // eslint-disable-line react-hooks/exhaustive-deps

  const brand = { color: brandKit?.colors[0], logoId: brandKit?.logo?.uploadId ?? null };
  const defaultAvatar = avatars.find((avatar) => avatar.status === 'ready')?.id ?? null;
  const scenes = video.scenes;
  const scene = scenes[Math.min(selected, scenes.length - 1)]!;
  const setScenes = (next: typeof scenes) => setVideo({ ...video, scenes: next });
  const seconds = videoSeconds(video, (brandKit?.intro?.durationSeconds ?? 0) + (brandKit?.outro?.durationSeconds ?? 0));
  const add = () => {
    if (scenes.length >= SCENES_MAX) return;
    setScenes([...scenes, newScene(scene.avatarId ?? defaultAvatar, scene.language, brand)]);
    setSelected(scenes.length);
  };
  const fromDocument = (document: TeamDocument) => {
    const made = document.pages.map((page) => ({
      ...newScene(scene.avatarId ?? defaultAvatar, scene.language, brand),
      key: newKey(),
      script: page.text.replace(/\s+/g, ' ').trim().slice(0, 1000),
      background: { type: 'slide' as const, uploadId: document.id, page: page.page },
      thumbnail: page.thumbnail,
    }));
    // The one empty scene a new video starts with gives way to the pages.
    const kept = scenes.length === 1 && !scenes[0]!.script.trim() ? [] : scenes;
    setScenes([...kept, ...made].slice(0, SCENES_MAX));
    setSelected(kept.length);
    setImporting(false);
  };
  const render = async () => {
    setError(null);
    if (!video.name.trim()) return setError(t('editor.nameRequired'));
    try {
      const made = await create.mutateAsync(video);
      if (draft.current) await deleteDraft.mutateAsync(draft.current).catch(() => undefined);
      navigate(`${paths.videosProcessing()}?video=${made.id}`);
    } catch (refused) {
      setError(refused);
      const field = isApiError(refused) ? Object.keys(refused.fields ?? {})[0] : undefined;
      const index = field ? sceneOfField(field) : null;
      if (index !== null) setSelected(index);
    }
  };

  /** A refusal said at its field: which scene, and what is wrong there. */
  const refusalText = (refused: unknown) => {
    const [path, field] = (isApiError(refused) && Object.entries(refused.fields ?? {})[0]) || [];
    if (!path || !field) return errorText(t, refused);
    const index = sceneOfField(path);
    const said = t(`common:${field.key}`, field.params);
    return index === null ? said : t('editor.inScene', { number: index + 1, error: said });
  };

  return (
    <Stack gap="5" data-testid="scene-editor">
      <HStack gap="4" wrap="wrap" align="flex-end">
        <FormField label={t('fields.videoName')}>
          <Input
            aria-label={t('fields.videoName')}
            value={video.name}
            onChange={(event) => setVideo({ ...video, name: event.target.value })}
          />
        </FormField>
        <FormField label={t('videoNew.look.format')}>
          <Select
            aria-label={t('videoNew.look.format')}
            value={video.aspectRatio}
            options={ASPECT_RATIOS.map((ratio) => ({ value: ratio, label: t(`videoNew.look.formats.${ratio.replace(':', 'x')}`) }))}
            onChange={(event) => setVideo({ ...video, aspectRatio: event.target.value as EditorVideo['aspectRatio'] })}
          />
        </FormField>
        <FormField label={t('videoNew.look.resolution')}>
          <Select
            aria-label={t('videoNew.look.resolution')}
            value={video.resolution}
            options={RESOLUTIONS.map((resolution) => ({ value: resolution, label: resolution }))}
            onChange={(event) => setVideo({ ...video, resolution: event.target.value as EditorVideo['resolution'] })}
          />
        </FormField>
        <Checkbox.Root checked={video.brand} onCheckedChange={(change) => setVideo({ ...video, brand: change.checked === true })}>
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{t('editor.useBrand')}</Checkbox.Label>
        </Checkbox.Root>
      </HStack>
      <Grid templateColumns={{ base: '1fr', lg: '280px 1fr' }} gap="5" alignItems="start">
        <Stack gap="3">
          <SceneList
            scenes={scenes}
            selected={selected}
            onSelect={setSelected}
            onMove={(from, to) => {
              setScenes(moveScene(scenes, from, to));
              setSelected(movedIndex(selected, from, to));
            }}
            onDuplicate={(index) => {
              if (scenes.length >= SCENES_MAX) return;
              setScenes([...scenes.slice(0, index + 1), duplicateScene(scenes[index]!), ...scenes.slice(index + 1)]);
              setSelected(index + 1);
            }}
            onDelete={(index) => {
              setScenes(scenes.filter((_, at) => at !== index));
              setSelected(Math.max(0, Math.min(selected, scenes.length - 2)));
            }}
          />
          <HStack gap="2" wrap="wrap">
            <Button size="sm" onClick={add} disabled={scenes.length >= SCENES_MAX}>
              {t('editor.addScene')}
            </Button>
            <Button size="sm" color="white" onClick={() => setImporting(true)}>
              {t('editor.fromDocument')}
            </Button>
          </HStack>
        </Stack>
        <Stack gap="4" borderWidth="1px" borderRadius="lg" bg="white" p="4" minW="0">
          {importing ? <DocumentScenes onScenes={fromDocument} onClose={() => setImporting(false)} /> : null}
          <SceneStill video={video} scene={scene} />
          <ScenePanel
            key={scene.key}
            scene={scene}
            index={selected}
            avatars={avatars}
            voices={voices}
            library={library}
            languages={languages}
            onChange={(changed) => setScenes(scenes.map((item) => (item.key === changed.key ? changed : item)))}
          />
        </Stack>
      </Grid>
      {error ? (
        <Text color="danger" role="alert" data-testid="editor-error">
          {typeof error === 'string' ? error : refusalText(error)}
        </Text>
      ) : null}
      <HStack gap="4" wrap="wrap" justify="space-between">
        <Stack gap="0">
          <Text fontWeight="medium" data-testid="editor-total">
            {t('editor.total', { scenes: scenes.length, seconds: Math.round(seconds), minutes: Math.max(1, Math.ceil(seconds / 60)) })}
          </Text>
          <Text fontSize="sm" color="fg.muted" aria-live="polite" data-testid="draft-state">
            {saved ? t(`editor.draft.${saved}`) : ''}
          </Text>
        </Stack>
        <HStack gap="3" wrap="wrap" align="flex-start">
          <SaveAsTemplate
            defaultName={video.name.trim() || t('editor.untitled')}
            body={() => {
              const { name: _name, ...body } = createBody(video);
              return body;
            }}
          />
          <Button size="lg" loading={create.isPending} onClick={() => void render()}>
            {t('videoNew.generate')}
          </Button>
        </HStack>
      </HStack>
    </Stack>
  );
}
