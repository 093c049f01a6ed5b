import { Button, FormField, HStack, Input, Select, Stack, Text, Textarea } from '@kagami/shared/ui';
import { ENTRANCES, SCRIPT_MAX_CHARS, TEXT_ROLES, TRANSITIONS, type ContentLanguage, type TextRole } from '@kagami/shared/validation';
import { PlacementFields } from '../../components/placement-fields';
import { useBackgrounds } from '../../data/queries';
import { useBrandKit } from '../../data/brand-kit';
import type { Avatar, LibraryVoice, Voice } from '../../data/types';
import { useStudioTranslation } from '../../components/use-studio-translation';
import { useDocuments, useTeamDocument } from './editor-api';
import { sceneSeconds, type SceneBackground, type SceneDraft, type SceneElement } from './scene-model';

type Props = {
  scene: SceneDraft;
  index: number;
  avatars: Avatar[];
  voices: Voice[];
  library: LibraryVoice[];
  languages: ContentLanguage[];
  onChange: (scene: SceneDraft) => void;
};

/** The chosen scene: who presents it (or nobody), who speaks what, what is behind, where the presenter stands, what is drawn over it, and how it comes in. */
export function ScenePanel({ scene, index, avatars, voices, library, languages, onChange }: Props) {
  const { t } = useStudioTranslation();
  const set = (change: Partial<SceneDraft>) => onChange({ ...scene, ...change });
  const speaking = library.filter((voice) => voice.language === scene.language);
  const setAvatar = (value: string) => {
    if (value) return set({ avatarId: value });
    // A voice-over speaks with a voice of its own: the language's first built-in one unless one is chosen.
    set({ avatarId: null, voiceId: scene.voiceId || (speaking[0]?.id ?? ''), placement: { position: 'full', scale: 1 } });
  };
  return (
    <Stack gap="4" data-testid="scene-panel" aria-label={t('editor.sceneNumber', { number: index + 1 })}>
      <HStack gap="4" wrap="wrap" align="flex-start">
        <FormField label={t('editor.presenter')}>
          <Select
            aria-label={t('editor.presenter')}
            value={scene.avatarId ?? ''}
            options={[
              ...avatars.filter((a) => a.status === 'ready').map((a) => ({ value: a.id, label: a.name })),
              { value: '', label: t('editor.noPresenter') },
            ]}
            onChange={(event) => setAvatar(event.target.value)}
          />
        </FormField>
        <FormField label={t('videoNew.voice')}>
          <Select
            aria-label={t('videoNew.voice')}
            value={scene.voiceId}
            options={[
              ...(scene.avatarId ? [{ value: '', label: t('videoNew.avatarVoice') }] : []),
              ...speaking.map((voice) => ({ value: voice.id, label: voice.name })),
              ...voices.filter((voice) => voice.status === 'ready').map((voice) => ({ value: voice.id, label: voice.name })),
            ]}
            onChange={(event) => set({ voiceId: event.target.value })}
          />
        </FormField>
        <FormField label={t('editor.language')}>
          <Select
            aria-label={t('editor.language')}
            value={scene.language}
            options={languages.map((language) => ({ value: language, label: t(`languages.${language}`, { defaultValue: language }) }))}
            onChange={(event) => set({ language: event.target.value as ContentLanguage, voiceId: '' })}
          />
        </FormField>
      </HStack>
      <FormField label={t('videoNew.script')}>
        <Textarea
          rows={5}
          aria-label={t('videoNew.script')}
          value={scene.script}
          onChange={(event) => set({ script: event.target.value })}
        />
        <HStack justify="space-between" w="100%">
          <Text fontSize="sm" color="fg.muted" data-testid="scene-length">
            {t('editor.spoken', { seconds: sceneSeconds(scene) })}
          </Text>
          <Text fontSize="sm" color={scene.script.length > SCRIPT_MAX_CHARS ? 'danger' : 'fg.muted'}>
            {t('videoNew.count', { length: scene.script.length, max: SCRIPT_MAX_CHARS })}
          </Text>
        </HStack>
      </FormField>
      <BackgroundFields background={scene.background} onChange={(background, thumbnail) => set({ background, thumbnail })} />
      {scene.avatarId ? <PlacementFields placement={scene.placement} onChange={(placement) => set({ placement })} /> : null}
      <ElementFields elements={scene.elements} onChange={(elements) => set({ elements })} />
      {index > 0 ? (
        <HStack gap="4" wrap="wrap">
          <FormField label={t('editor.transition')}>
            <Select
              aria-label={t('editor.transition')}
              value={scene.transition.type}
              options={TRANSITIONS.map((type) => ({ value: type, label: t(`editor.transitions.${type}`) }))}
              onChange={(event) =>
                set({ transition: { ...scene.transition, type: event.target.value as SceneDraft['transition']['type'] } })
              }
            />
          </FormField>
          {scene.transition.type !== 'cut' ? (
            <FormField label={t('editor.transitionSeconds')}>
              <Select
                aria-label={t('editor.transitionSeconds')}
                value={String(scene.transition.seconds)}
                options={[0.2, 0.3, 0.5, 0.75, 1].map((seconds) => ({ value: String(seconds), label: t('editor.seconds', { seconds }) }))}
                onChange={(event) => set({ transition: { ...scene.transition, seconds: Number(event.target.value) } })}
              />
            </FormField>
          ) : null}
        </HStack>
      ) : null}
    </Stack>
  );
}

/** What is behind the scene: the footage's own, a colour, a library picture or video, or a page of a document. */
function BackgroundFields({
  background,
  onChange,
}: {
  background: SceneBackground;
  onChange: (background: SceneBackground, thumbnail?: string | null) => void;
}) {
  const { t } = useStudioTranslation();
  const library = useBackgrounds();
  const documents = useDocuments();
  const kind = !background
    ? 'footage'
    : background.type === 'color'
      ? 'color'
      : background.type === 'slide'
        ? 'slide'
        : background.uploadId;
  const slide = background?.type === 'slide' ? background : null;
  const document = useTeamDocument(slide?.uploadId ?? null);
  const choose = (value: string) => {
    if (value === 'footage') return onChange(null);
    if (value === 'color') return onChange({ type: 'color', value: '#1E3A5F' });
    if (value === 'slide') {
      const first = documents.data?.find((item) => item.status === 'ready');
      return first ? onChange({ type: 'slide', uploadId: first.id, page: 1 }) : undefined;
    }
    const chosen = library.data?.find((item) => item.id === value);
    if (chosen) onChange({ type: chosen.kind, uploadId: chosen.id });
  };
  const readyDocuments = (documents.data ?? []).filter((item) => item.status === 'ready');
  return (
    <Stack gap="2">
      <FormField label={t('videoNew.look.background')}>
        <Select
          aria-label={t('videoNew.look.background')}
          value={kind}
          options={[
            { value: 'footage', label: t('videoNew.look.footage') },
            { value: 'color', label: t('videoNew.look.color') },
            ...(readyDocuments.length ? [{ value: 'slide', label: t('editor.slide') }] : []),
            ...(library.data ?? []).map((item) => ({
              value: item.id,
              label: t(`videoNew.look.libraryItem.${item.kind}`, { name: item.name }),
            })),
          ]}
          onChange={(event) => choose(event.target.value)}
        />
      </FormField>
      {background?.type === 'color' ? (
        <FormField label={t('videoNew.look.colorValue')}>
          <Input
            type="color"
            w="24"
            p="1"
            aria-label={t('videoNew.look.colorValue')}
            value={background.value}
            onChange={(event) => onChange({ type: 'color', value: event.target.value.toUpperCase() })}
          />
        </FormField>
      ) : null}
      {slide ? (
        <HStack gap="4" wrap="wrap">
          <FormField label={t('editor.document')}>
            <Select
              aria-label={t('editor.document')}
              value={slide.uploadId}
              options={readyDocuments.map((item) => ({ value: item.id, label: item.name }))}
              onChange={(event) => onChange({ type: 'slide', uploadId: event.target.value, page: 1 })}
            />
          </FormField>
          <FormField label={t('editor.page')}>
            <Select
              aria-label={t('editor.page')}
              value={String(slide.page)}
              options={(document.data?.pages ?? []).map((page) => ({ value: String(page.page), label: String(page.page) }))}
              onChange={(event) => {
                const page = Number(event.target.value);
                onChange({ ...slide, page }, document.data?.pages.find((item) => item.page === page)?.thumbnail ?? null);
              }}
            />
          </FormField>
        </HStack>
      ) : null}
    </Stack>
  );
}

/** The text and pictures drawn over the scene, each in its role or place, with its entrance. */
function ElementFields({ elements, onChange }: { elements: SceneElement[]; onChange: (elements: SceneElement[]) => void }) {
  const { t } = useStudioTranslation();
  const library = useBackgrounds();
  const logo = useBrandKit().data?.logo;
  // The team's image backgrounds, and the brand kit's logo (a picture of the team, not a background).
  const backgrounds = (library.data ?? []).filter((item) => item.kind === 'image');
  const pictures = [
    ...(logo && !backgrounds.some((item) => item.id === logo.uploadId) ? [{ id: logo.uploadId, name: t('editor.brandLogo') }] : []),
    ...backgrounds,
  ];
  const replace = (index: number, element: SceneElement) => onChange(elements.map((item, at) => (at === index ? element : item)));
  return (
    <Stack gap="2" borderWidth="1px" borderRadius="md" p="3">
      <Text fontWeight="medium">{t('editor.elements')}</Text>
      {elements.map((element, index) => (
        <HStack key={index} gap="2" align="flex-end" wrap="wrap" data-testid="scene-element">
          {element.type === 'text' ? (
            <>
              <FormField label={t('editor.role')}>
                <Select
                  aria-label={t('editor.role')}
                  value={element.role}
                  options={TEXT_ROLES.map((role) => ({ value: role, label: t(`editor.roles.${role}`) }))}
                  onChange={(event) => replace(index, { ...element, role: event.target.value as TextRole })}
                />
              </FormField>
              <FormField label={t('editor.text')}>
                <Textarea
                  rows={element.role === 'bullets' ? 3 : 1}
                  aria-label={t('editor.text')}
                  value={element.text}
                  onChange={(event) => replace(index, { ...element, text: event.target.value })}
                />
              </FormField>
            </>
          ) : (
            <FormField label={t('editor.picture')}>
              <Select
                aria-label={t('editor.picture')}
                value={element.uploadId}
                options={pictures.map((item) => ({ value: item.id, label: item.name }))}
                onChange={(event) => replace(index, { ...element, uploadId: event.target.value })}
              />
            </FormField>
          )}
          <FormField label={t('editor.entrance')}>
            <Select
              aria-label={t('editor.entrance')}
              value={element.entrance}
              options={ENTRANCES.map((entrance) => ({ value: entrance, label: t(`editor.entrances.${entrance}`) }))}
              onChange={(event) => replace(index, { ...element, entrance: event.target.value as SceneElement['entrance'] })}
            />
          </FormField>
          <Button size="sm" color="white" onClick={() => onChange(elements.filter((_, at) => at !== index))}>
            {t('editor.removeElement')}
          </Button>
        </HStack>
      ))}
      <HStack gap="2" wrap="wrap">
        <Button
          size="sm"
          color="white"
          onClick={() => onChange([...elements, { type: 'text', role: 'title', text: t('editor.newTitle'), entrance: 'fade' }])}
        >
          {t('editor.addText')}
        </Button>
        {pictures.length ? (
          <Button
            size="sm"
            color="white"
            onClick={() =>
              onChange([...elements, { type: 'image', uploadId: pictures[0]!.id, x: 0.86, y: 0.05, width: 0.1, entrance: 'fade' }])
            }
          >
            {t('editor.addPicture')}
          </Button>
        ) : null}
      </HStack>
    </Stack>
  );
}
