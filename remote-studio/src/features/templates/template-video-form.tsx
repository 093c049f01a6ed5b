import { useState, type FormEvent } from 'react';
import { isApiError } from '@kagami/shared/api';
import { paths } from '@kagami/shared/contract';
import { FormError } from '@kagami/shared/forms';
import { validationText } from '@kagami/shared/i18n';
import { useNavigate } from '@kagami/shared/router';
import { Box, Button, FormField, Grid, HStack, Input, Select, Stack, Text } from '@kagami/shared/ui';
import { NAME_MAX_LENGTH, VARIABLE_VALUE_MAX } from '@kagami/shared/validation';
import { LinkButton } from '../../components/link-button';
import { ServerStill } from '../../components/server-still';
import { useStudioTranslation } from '../../components/use-studio-translation';
import { useTeamId } from '../../data/queries';
import { templatesApi, useMakeTemplateVideo, type Template } from '../../data/templates';
import { useVideoChoices } from '../video-new/use-video-choices';
import { filledScript, givenValues, stillRequest } from './template-body';

/** Encoded messages (`key?param=value`, as validationText reads them) by field: a variable's name, or `name`. */
type FieldErrors = Record<string, string>;
const NAME = 'name';

const encoded = (key: string, params: Record<string, string> = {}) => {
  const query = new URLSearchParams(params).toString();
  return `${key}${query ? `?${query}` : ''}`;
};

/** What the form finds wrong before asking: a variable without a default left empty, a value or name too long. */
function checkForm(template: Template, values: Record<string, string>, name: string): FieldErrors {
  const found: FieldErrors = {};
  for (const variable of template.variableDetails) {
    const value = (values[variable.name] ?? '').trim();
    if (!value && variable.default === null) found[variable.name] = 'validation.required';
    else if (value.length > VARIABLE_VALUE_MAX)
      found[variable.name] = encoded('validation.maxLength', { length: String(VARIABLE_VALUE_MAX) });
  }
  if (name.trim().length > NAME_MAX_LENGTH) found[NAME] = encoded('validation.maxLength', { length: String(NAME_MAX_LENGTH) });
  return found;
}

/** The API's field errors on this form's fields (`variables.first_name` -> `first_name`); the rest is not the form's. */
function serverFieldErrors(error: unknown): FieldErrors {
  if (!isApiError(error)) return {};
  const found: FieldErrors = {};
  for (const [path, field] of Object.entries(error.fields ?? {})) {
    const name = path.startsWith('variables.')
      ? path.slice('variables.'.length)
      : [NAME, 'avatar_id', 'voice_id'].includes(path)
        ? path
        : null;
    if (name) found[name] = encoded(field.key, field.params);
  }
  return found;
}

/**
 * A video of a template: a field per variable (its default filled in; required without one), the video's name, and
 * the first scene as the API draws it with the values given. A refusal lands at its field; the values stay.
 */
export function TemplateVideoForm({ template }: { template: Template }) {
  const { t } = useStudioTranslation();
  const teamId = useTeamId();
  const navigate = useNavigate();
  const make = useMakeTemplateVideo(template.id);
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(template.variableDetails.map((variable) => [variable.name, variable.default ?? ''])),
  );
  const [name, setName] = useState('');
  // '' keeps the template's own presenter and voice.
  const [avatarId, setAvatarId] = useState('');
  const [voiceId, setVoiceId] = useState('');
  const { avatars, voices } = useVideoChoices('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<unknown>(null);
  const still = stillRequest(template, values);
  const script = filledScript(template, values);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const found = checkForm(template, values, name);
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      const video = await make.mutateAsync({
        name: name.trim() || undefined,
        variables: givenValues(values),
        avatarId: avatarId || undefined,
        voiceId: voiceId || undefined,
      });
      navigate(`${paths.videosProcessing()}?video=${encodeURIComponent(video.id)}`);
    } catch (error) {
      const atFields = serverFieldErrors(error);
      setErrors(atFields);
      if (!Object.keys(atFields).length) setFormError(error);
    }
  };

  const errorOf = (field: string) => validationText(t, errors[field]);
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={t('templateVideo.title')}>
      <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 1fr) minmax(0, 1fr)' }} gap="6" alignItems="start">
        <Stack gap="4" borderWidth="1px" borderRadius="lg" bg="white" p="5" minW="0">
          <FormError error={formError} />
          <Text fontWeight="semibold">{t('templateVideo.values')}</Text>
          {template.variableDetails.length === 0 ? <Text color="fg.muted">{t('templateVideo.noVariables')}</Text> : null}
          {template.variableDetails.map((variable) => (
            <FormField
              key={variable.name}
              label={variable.name}
              required={variable.default === null}
              error={errorOf(variable.name)}
              helper={variable.default !== null ? t('templateVideo.defaultHelper', { value: variable.default }) : undefined}
            >
              <Input
                value={values[variable.name] ?? ''}
                onChange={(event) => {
                  const value = event.target.value;
                  setValues((old) => ({ ...old, [variable.name]: value }));
                  setErrors(({ [variable.name]: _gone, ...rest }) => rest);
                }}
              />
            </FormField>
          ))}
          <FormField label={t('fields.videoName')} error={errorOf(NAME)} helper={t('templateVideo.nameHelper', { name: template.name })}>
            <Input value={name} onChange={(event) => setName(event.target.value)} />
          </FormField>
          <HStack gap="4" wrap="wrap" align="flex-start">
            <FormField label={t('editor.presenter')} error={errorOf('avatar_id')}>
              <Select
                aria-label={t('editor.presenter')}
                value={avatarId}
                options={[
                  { value: '', label: t('templateVideo.templates') },
                  ...(avatars.data?.items ?? []).filter((a) => a.status === 'ready').map((a) => ({ value: a.id, label: a.name })),
                ]}
                onChange={(event) => setAvatarId(event.target.value)}
              />
            </FormField>
            <FormField label={t('videoNew.voice')} error={errorOf('voice_id')}>
              <Select
                aria-label={t('videoNew.voice')}
                value={voiceId}
                options={[
                  { value: '', label: t('templateVideo.templates') },
                  ...(voices.data?.items ?? [])
                    .filter((voice) => voice.status === 'ready')
                    .map((voice) => ({ value: voice.id, label: voice.name })),
                ]}
                onChange={(event) => setVoiceId(event.target.value)}
              />
            </FormField>
          </HStack>
          <HStack gap="3" wrap="wrap">
            <Button type="submit" size="lg" loading={make.isPending}>
              {t('templateVideo.generate')}
            </Button>
            <LinkButton color="white" to={paths.batchNew(template.id)}>
              {t('templates.startBatch')}
            </LinkButton>
          </HStack>
        </Stack>
        <Stack gap="3" borderWidth="1px" borderRadius="lg" bg="white" p="5" minW="0">
          <ServerStill
            stillKey={JSON.stringify([teamId, still])}
            ask={(signal) => templatesApi.still(teamId, still, signal)}
            alt={t('templateVideo.stillAlt')}
            testId="template-still"
          />
          {script ? (
            <Box>
              <Text fontSize="sm" color="fg.muted">
                {t('templateVideo.script')}
              </Text>
              <Text data-testid="template-script" whiteSpace="pre-wrap" wordBreak="break-word">
                {script}
              </Text>
            </Box>
          ) : null}
        </Stack>
      </Grid>
    </form>
  );
}
