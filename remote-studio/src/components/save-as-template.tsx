import { useState } from 'react';
import { paths } from '@kagami/shared/contract';
import { errorText, validationText } from '@kagami/shared/i18n';
import { Link as RouterLink } from '@kagami/shared/router';
import { Box, Button, FormField, HStack, Input, Link, notify, Stack, Text } from '@kagami/shared/ui';
import { Modal } from '@kagami/shared/ui-widgets';
import { NAME_MAX_LENGTH } from '@kagami/shared/validation';
import { useCreateTemplate, type TemplateInput } from '../data/templates';
import { useStudioTranslation } from './use-studio-translation';

/** How a template is written in the help texts: a variable, and one with a default. */
export const PLACEHOLDER_EXAMPLES = { example: '{{first_name}}', exampleDefault: '{{first_name|there}}' };

/**
 * "Save as template": a dialog asking the template's name, then saved from one of the team's videos (`videoId`) or
 * from a video body (`body()`, the editor's, without its name). Saved: a notification and a link to Templates.
 */
export function SaveAsTemplate({
  defaultName,
  videoId,
  body,
  disabled,
}: {
  defaultName: string;
  videoId?: string;
  body?: () => Record<string, unknown>;
  disabled?: boolean;
}) {
  const { t } = useStudioTranslation();
  const create = useCreateTemplate();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(defaultName);
  const [invalid, setInvalid] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const start = () => {
    setName(defaultName);
    setInvalid(null);
    create.reset();
    setOpen(true);
  };
  const save = async () => {
    const trimmed = name.trim();
    if (!trimmed) return setInvalid('validation.required');
    if (trimmed.length > NAME_MAX_LENGTH) return setInvalid(`validation.maxLength?length=${NAME_MAX_LENGTH}`);
    setInvalid(null);
    const input: TemplateInput = videoId ? { name: trimmed, fromVideoId: videoId } : { ...body?.(), name: trimmed };
    try {
      const made = await create.mutateAsync(input);
      setOpen(false);
      setSaved(made.name);
      notify({ status: 'success', title: t('saveTemplate.saved', { name: made.name }) });
    } catch {
      // Said in the dialog, which stays open with the name typed.
    }
  };
  return (
    <Stack gap="1">
      <Box>
        <Button size="sm" color="white" onClick={start} disabled={disabled}>
          {t('saveTemplate.button')}
        </Button>
      </Box>
      {saved ? (
        <HStack gap="2" wrap="wrap" role="status" data-testid="template-saved">
          <Text fontSize="sm">{t('saveTemplate.saved', { name: saved })}</Text>
          <Link asChild fontSize="sm" color="brand.700" fontWeight="medium">
            <RouterLink to={paths.templates()}>{t('saveTemplate.open')}</RouterLink>
          </Link>
        </HStack>
      ) : null}
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title={t('saveTemplate.title')}
        submitText={t('saveTemplate.save')}
        submitting={create.isPending}
        onSubmit={() => void save()}
      >
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <Stack gap="3">
            <Text color="fg.muted">{t('saveTemplate.text', PLACEHOLDER_EXAMPLES)}</Text>
            <FormField label={t('templates.name')} error={validationText(t, invalid ?? undefined)}>
              <Input value={name} autoFocus onChange={(event) => setName(event.target.value)} />
            </FormField>
            {create.error ? (
              <Text color="danger" role="alert">
                {errorText(t, create.error)}
              </Text>
            ) : null}
          </Stack>
        </form>
      </Modal>
    </Stack>
  );
}
