import { useState } from 'react';
import { FormError, useApiForm } from '@kagami/shared/forms';
import { validationText } from '@kagami/shared/i18n';
import { Box, Button, HStack, LazyImage, Section, Stack, Text } from '@kagami/shared/ui';
import { BACKGROUND_VIDEO, brandKitForm, FONT, PICTURE, type BrandKitForm } from '@kagami/shared/validation';
import { useAssetSource } from '../../components/asset-source';
import { useStudioTranslation } from '../../components/use-studio-translation';
import { useSaveBrandKit, type BrandKit } from '../../data/brand-kit';
import { BrandColors } from './brand-colors';
import { KitUpload } from './kit-upload';

const formOf = (kit: BrandKit): BrandKitForm => ({
  colors: kit.colors,
  logoUploadId: kit.logo?.uploadId ?? null,
  headingFontUploadId: kit.headingFont?.uploadId ?? null,
  bodyFontUploadId: kit.bodyFont?.uploadId ?? null,
  introUploadId: kit.intro?.uploadId ?? null,
  outroUploadId: kit.outro?.uploadId ?? null,
});

type FileField = 'logoUploadId' | 'headingFontUploadId' | 'bodyFontUploadId' | 'introUploadId' | 'outroUploadId';

/** What the kit's files are shown as: the saved kit's, or what was just uploaded (a name; a picture of the chosen file). */
type Picture = { preview: string | null; name: string | null; seconds?: number } | null;
type Shown = { logo: Picture; headingFont: string | null; bodyFont: string | null; intro: Picture; outro: Picture };
const pictureOf = (file: { preview: string | null } | null): Picture => (file ? { preview: file.preview, name: null } : null);
const clipOf = (clip: BrandKit['intro']): Picture => (clip ? { preview: clip.preview, name: null, seconds: clip.durationSeconds } : null);
const shownOf = (kit: BrandKit): Shown => ({
  logo: pictureOf(kit.logo),
  headingFont: kit.headingFont?.name ?? null,
  bodyFont: kit.bodyFont?.name ?? null,
  intro: clipOf(kit.intro),
  outro: clipOf(kit.outro),
});

/** An intro's or outro's still and how long it plays, or the name of the file just uploaded. */
function ClipShown({ clip, testId }: { clip: Picture; testId: string }) {
  const { t } = useStudioTranslation();
  const source = useAssetSource(clip?.preview ?? null);
  if (!clip) return null;
  return (
    <Stack gap="1" data-testid={testId}>
      {source ? (
        <Box maxW="12rem">
          <LazyImage src={source} alt={t('brandKit.clips.alt')} height="6rem" />
        </Box>
      ) : null}
      {clip.name ? <Text>{clip.name}</Text> : null}
      {clip.seconds !== undefined ? <Text color="fg.muted">{t('brandKit.clips.plays', { seconds: clip.seconds })}</Text> : null}
    </Stack>
  );
}

/** The brand kit's form: colours, logo, fonts, intro and outro, saved whole; refusals below their fields, in the user's language. */
export function BrandKitEditor({ kit }: { kit: BrandKit }) {
  const { t } = useStudioTranslation();
  const save = useSaveBrandKit();
  const { form, formError, submitWith } = useApiForm<BrandKitForm>(brandKitForm, formOf(kit));
  const [shown, setShown] = useState<Shown>(() => shownOf(kit));
  const [saved, setSaved] = useState(false);
  const logoSource = useAssetSource(shown.logo?.preview ?? null);
  const errorOf = (name: FileField) => {
    const message = form.getFieldState(name, form.formState).error?.message;
    return validationText(t, typeof message === 'string' ? message : undefined);
  };
  const setFile = (name: FileField, uploadId: string | null) => {
    form.clearErrors(name);
    form.setValue(name, uploadId, { shouldDirty: true });
    setSaved(false);
  };
  const onSubmit = submitWith(async (values) => {
    setSaved(false);
    const answer = await save.mutateAsync(values);
    form.reset(formOf(answer));
    setShown(shownOf(answer));
    setSaved(true);
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('brandKit.title')}>
      <Stack gap="6">
        <FormError error={formError} />
        <Section title={t('brandKit.colors.title')}>
          <Stack gap="3">
            <Text color="fg.muted">{t('brandKit.colors.description')}</Text>
            <BrandColors form={form} />
          </Stack>
        </Section>
        <Section title={t('brandKit.logo.title')}>
          <KitUpload
            label={t('brandKit.logo.label')}
            purpose="image"
            limits={PICTURE}
            kind="image"
            error={errorOf('logoUploadId')}
            current={
              shown.logo ? (
                <Stack gap="1" data-testid="brand-logo">
                  {logoSource ? (
                    <Box maxW="12rem">
                      <LazyImage src={logoSource} alt={t('brandKit.logo.alt')} height="6rem" />
                    </Box>
                  ) : null}
                  {shown.logo.name ? <Text>{shown.logo.name}</Text> : null}
                </Stack>
              ) : null
            }
            onUploaded={(uploadId, file) => {
              setFile('logoUploadId', uploadId);
              setShown((old) => ({ ...old, logo: { preview: null, name: file.name } }));
            }}
            onClear={() => {
              setFile('logoUploadId', null);
              setShown((old) => ({ ...old, logo: null }));
            }}
          />
        </Section>
        <Section title={t('brandKit.fonts.title')}>
          <Stack gap="4">
            <Text color="fg.muted">{t('brandKit.fonts.description')}</Text>
            {(['headingFont', 'bodyFont'] as const).map((font) => (
              <KitUpload
                key={font}
                label={t(`brandKit.fonts.${font}`)}
                purpose="font"
                limits={FONT}
                kind="font"
                error={errorOf(`${font}UploadId`)}
                current={shown[font] ? <Text data-testid={`brand-${font}`}>{shown[font]}</Text> : null}
                onUploaded={(uploadId, file) => {
                  setFile(`${font}UploadId`, uploadId);
                  setShown((old) => ({ ...old, [font]: file.name }));
                }}
                onClear={() => {
                  setFile(`${font}UploadId`, null);
                  setShown((old) => ({ ...old, [font]: null }));
                }}
              />
            ))}
          </Stack>
        </Section>
        <Section title={t('brandKit.clips.title')}>
          <Stack gap="4">
            <Text color="fg.muted">{t('brandKit.clips.description')}</Text>
            {(['intro', 'outro'] as const).map((clip) => (
              <KitUpload
                key={clip}
                label={t(`brandKit.clips.${clip}`)}
                purpose="background_video"
                limits={BACKGROUND_VIDEO}
                kind="video"
                error={errorOf(`${clip}UploadId`)}
                current={shown[clip] ? <ClipShown clip={shown[clip]} testId={`brand-${clip}`} /> : null}
                onUploaded={(uploadId, file) => {
                  setFile(`${clip}UploadId`, uploadId);
                  setShown((old) => ({ ...old, [clip]: { preview: null, name: file.name } }));
                }}
                onClear={() => {
                  setFile(`${clip}UploadId`, null);
                  setShown((old) => ({ ...old, [clip]: null }));
                }}
              />
            ))}
          </Stack>
        </Section>
        <HStack gap="3" wrap="wrap">
          <Button type="submit" loading={form.formState.isSubmitting}>
            {t('brandKit.save')}
          </Button>
          {saved && !form.formState.isDirty ? (
            <Text color="fg.muted" role="status">
              {t('brandKit.saved')}
            </Text>
          ) : null}
        </HStack>
      </Stack>
    </form>
  );
}
