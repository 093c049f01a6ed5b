import { useEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate } from '@kagami/shared/router';
import { isApiError } from '@kagami/shared/api';
import { paths } from '@kagami/shared/contract';
import { CheckboxField, FormError, TextField, useApiForm } from '@kagami/shared/forms';
import { validationText } from '@kagami/shared/i18n';
import { Box, Button, FormField, HStack, Link, Select, Stack, Text, Textarea } from '@kagami/shared/ui';
import { RadioGroup } from '@kagami/shared/ui-widgets';
import {
  pauseMark,
  SCRIPT_MAX_CHARS,
  VIDEO_AUDIO,
  videoForm,
  type ContentLanguage,
  type VideoForm as Values,
} from '@kagami/shared/validation';
import { useStudioMutation, useVoiceLibrary } from '../../data/queries';
import { studioApi } from '../../data/studio-api';
import type { Avatar, LibraryVoice, Voice } from '../../data/types';
import { ContentLanguageSelect } from '../../components/content-language-select';
import { useStudioTranslation } from '../../components/use-studio-translation';
import { useUpload } from '../../components/uploads/use-upload';
import { AudioSource } from './audio-source';
import { providerName } from '../../components/provider-name';
import { ScriptPauses } from './script-pauses';
import { VoicePreview } from './voice-preview';
import { DEFAULT_LOOK, VideoLook } from './video-look';

/** The speeds offered (the API takes any from 0.75 to 1.5). */
const SPEEDS = [0.75, 0.9, 1, 1.1, 1.25, 1.5];

/** API errors that belong to one field of this form (SPEC §8: text too long, voice ID missing). A refused script is
 * said above the form, with its reason. */
const FIELD_OF: Record<string, 'script' | 'voiceId'> = {
  text_too_long: 'script',
  voice_id_missing: 'voiceId',
  voice_not_ready: 'voiceId',
  voice_language_mismatch: 'voiceId',
};

type Props = { avatar: Avatar; avatars: Avatar[]; voices: Voice[]; languages: ContentLanguage[] };

/** Video creation: avatar, voice model or uploaded audio, language, script with its count, preview, generate. */
export function VideoForm({ avatar, avatars, voices, languages }: Props) {
  const { t } = useStudioTranslation();
  const navigate = useNavigate();
  const [source, setSource] = useState<'script' | 'audio'>('script');
  const audio = useUpload('video_audio', VIDEO_AUDIO, 'audio');
  const create = useStudioMutation(['video'], studioApi.createVideo);
  const [look, setLook] = useState(DEFAULT_LOOK);
  const { form, formError, setFormError, submitWith } = useApiForm<Values>(videoForm, {
    name: '',
    language: languages.includes(avatar.language) ? avatar.language : (languages[0] ?? 'en'),
    voiceId: '',
    script: '',
    subtitles: false,
    speed: 1,
  });
  const script = form.watch('script');
  const speed = form.watch('speed');
  const scriptBox = useRef<HTMLTextAreaElement | null>(null);
  const scriptField = form.register('script');
  /** Writes a pause mark where the cursor is (or at the end), spaced from the words around it. */
  const insertPause = (seconds: number) => {
    const box = scriptBox.current;
    const at = box ? box.selectionStart : script.length;
    const before = script.slice(0, at).replace(/\s+$/, '');
    const after = script.slice(box ? box.selectionEnd : at).replace(/^\s+/, '');
    const mark = `${before ? ' ' : ''}${pauseMark(seconds)}${after ? ' ' : ''}`;
    form.setValue('script', `${before}${mark}${after}`, { shouldDirty: true });
    requestAnimationFrame(() => {
      box?.focus();
      box?.setSelectionRange(before.length + mark.length, before.length + mark.length);
    });
  };
  const voiceId = form.watch('voiceId');
  const language = form.watch('language');
  const readyVoices = voices.filter((voice) => voice.status === 'ready');
  const allLibrary = useVoiceLibrary().data?.data;
  const library = useMemo(
    () => (allLibrary ?? []).filter((voice) => voice.language === language || voice.language === null),
    [allLibrary, language],
  );
  // The voice the server gives an avatar without a voice of its own: the library's of its face's gender.
  const builtins = library.filter((voice) => voice.language !== null);
  const matching = builtins.find((voice) => voice.gender === (avatar.gender ?? 'female')) ?? builtins[0];
  const libraryLabel = (voice: LibraryVoice, key: 'libraryVoice' | 'matchingLibraryVoice') =>
    voice.language === null
      ? t('videoNew.providerVoice', { name: voice.name, provider: providerName(voice.engine) })
      : t(`videoNew.${key}`, { name: voice.name, gender: t(`voices.library.genders.${voice.gender ?? 'female'}`) });
  const defaultLabel = avatar.defaultVoiceId
    ? t('videoNew.avatarVoice')
    : matching
      ? libraryLabel(matching, 'matchingLibraryVoice')
      : t('videoNew.builtInVoice');

  // A library voice speaks only its own language: another language's choice goes back to the default.
  useEffect(() => {
    if (/^(builtin|provider)-/.test(voiceId) && !library.some((voice) => voice.id === voiceId)) form.setValue('voiceId', '');
  }, [voiceId, library, form]);

  const onSubmit = submitWith(async (values) => {
    if (source === 'script' && !values.script.trim()) {
      form.setError('script', { message: 'validation.required' });
      return;
    }
    if (source === 'audio' && audio.state.phase !== 'done') throw { code: 'upload_required' };
    try {
      const video = await create.mutateAsync({
        name: values.name,
        avatarId: avatar.id,
        language: values.language,
        subtitles: values.subtitles,
        ...look,
        captions: { ...look.captions, burnIn: values.subtitles },
        ...(source === 'script'
          ? { script: values.script, voiceId: values.voiceId || undefined, speed: values.speed }
          : { audioUploadId: audio.state.phase === 'done' ? audio.state.uploadId : undefined }),
      });
      navigate(`${paths.videosProcessing()}?video=${video.id}`);
    } catch (error) {
      const field = isApiError(error) ? FIELD_OF[error.code] : undefined;
      if (!field) throw error;
      form.setError(field, { message: `errors.${(error as { code: string }).code}` });
    }
  });
  const fieldError = (name: 'script' | 'voiceId') => {
    const message = form.formState.errors[name]?.message;
    return validationText(t, typeof message === 'string' ? message : undefined);
  };
  const quotaExceeded = isApiError(formError) && formError.code === 'quota_exceeded';

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('videoNew.title')}>
      <Stack gap="5">
        <FormError error={formError} />
        {quotaExceeded ? (
          <Link asChild color="brand.700" fontWeight="medium">
            <RouterLink to={paths.subscription()}>{t('videoNew.upgrade')}</RouterLink>
          </Link>
        ) : null}
        <FormField label={t('videoNew.avatar')}>
          <Select
            aria-label={t('videoNew.avatar')}
            value={avatar.id}
            options={avatars.filter((a) => a.status === 'ready' || a.id === avatar.id).map((a) => ({ value: a.id, label: a.name }))}
            onChange={(event) => navigate(paths.videosNew(event.target.value))}
          />
        </FormField>
        <TextField form={form} name="name" label={t('fields.videoName')} />
        <ContentLanguageSelect form={form as never} languages={languages} />
        <RadioGroup
          label={t('videoNew.source')}
          value={source}
          onChange={(value) => {
            setSource(value as 'script' | 'audio');
            setFormError(null);
          }}
          options={[
            { value: 'script', label: t('videoNew.sourceScript') },
            { value: 'audio', label: t('videoNew.sourceAudio') },
          ]}
        />
        {source === 'script' ? (
          <>
            <FormField label={t('videoNew.voice')} error={fieldError('voiceId')}>
              <Select
                aria-label={t('videoNew.voice')}
                options={[
                  { value: '', label: defaultLabel },
                  ...library
                    .filter((v) => avatar.defaultVoiceId || v.id !== matching?.id)
                    .map((v) => ({ value: v.id, label: libraryLabel(v, 'libraryVoice') })),
                  ...readyVoices.filter((v) => v.id !== avatar.defaultVoiceId).map((v) => ({ value: v.id, label: v.name })),
                ]}
                {...form.register('voiceId')}
              />
            </FormField>
            <FormField label={t('videoNew.script')} error={fieldError('script')}>
              <Textarea
                rows={8}
                {...scriptField}
                ref={(element) => {
                  scriptField.ref(element);
                  scriptBox.current = element;
                }}
                aria-label={t('videoNew.script')}
              />
              <HStack justify="flex-end" w="100%">
                <Text fontSize="sm" color={script.length > SCRIPT_MAX_CHARS ? 'danger' : 'fg.muted'} data-testid="script-count">
                  {t('videoNew.count', { length: script.length, max: SCRIPT_MAX_CHARS })}
                </Text>
              </HStack>
            </FormField>
            <ScriptPauses script={script} onInsert={insertPause} />
            <FormField label={t('videoNew.speed')}>
              <Select
                aria-label={t('videoNew.speed')}
                options={SPEEDS.map((value) => ({ value: String(value), label: t('videoNew.speedOption', { speed: value }) }))}
                {...form.register('speed', { valueAsNumber: true })}
              />
            </FormField>
            <VoicePreview avatarId={avatar.id} voiceId={voiceId} language={language} script={script} speed={speed} />
          </>
        ) : (
          <AudioSource upload={audio} />
        )}
        <CheckboxField form={form} name="subtitles" label={t('videoNew.subtitles')} />
        <VideoLook avatarId={avatar.id} look={look} onChange={setLook} captions={form.watch('subtitles')} />
        {avatar.status !== 'ready' ? <Text color="fg.muted">{t('videoNew.avatarNotReady')}</Text> : null}
        <Box>
          <Button type="submit" size="lg" loading={form.formState.isSubmitting} disabled={avatar.status !== 'ready'}>
            {t('videoNew.generate')}
          </Button>
        </Box>
      </Stack>
    </form>
  );
}
