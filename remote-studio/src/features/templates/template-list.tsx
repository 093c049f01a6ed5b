import { useState } from 'react';
import { paths } from '@kagami/shared/contract';
import { DATE_AND_TIME, dateTimeFormat, errorText, validationText } from '@kagami/shared/i18n';
import { Badge, Box, Button, EmptyState, FormField, HStack, Input, LoadState, notify, Stack, Text } from '@kagami/shared/ui';
import { Modal } from '@kagami/shared/ui-widgets';
import { NAME_MAX_LENGTH } from '@kagami/shared/validation';
import { ConfirmDelete } from '../../components/confirm-delete';
import { LinkButton } from '../../components/link-button';
import { PLACEHOLDER_EXAMPLES } from '../../components/save-as-template';
import { sceneEditorPath } from '../../components/scene-editor-path';
import { useStudioTranslation } from '../../components/use-studio-translation';
import { renamed, useCreateTemplate, useDeleteTemplate, useSaveTemplate, useTemplates, type Template } from '../../data/templates';

/** A name asked in a dialog (rename): checked as the API checks names; a refusal keeps the dialog open with the reason. */
function RenameTemplate({ template }: { template: Template }) {
  const { t } = useStudioTranslation();
  const save = useSaveTemplate();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(template.name);
  const [invalid, setInvalid] = useState<string | null>(null);
  const submit = async () => {
    const trimmed = name.trim();
    if (!trimmed) return setInvalid('validation.required');
    if (trimmed.length > NAME_MAX_LENGTH) return setInvalid(`validation.maxLength?length=${NAME_MAX_LENGTH}`);
    setInvalid(null);
    try {
      const saved = await save.mutateAsync({ id: template.id, input: renamed(template, trimmed) });
      setOpen(false);
      notify({ status: 'success', title: t('templates.renamed', { name: saved.name }) });
    } catch {
      // Said in the dialog.
    }
  };
  return (
    <>
      <Button
        size="sm"
        color="white"
        aria-label={`${t('templates.rename')} ${template.name}`}
        onClick={() => {
          setName(template.name);
          setInvalid(null);
          save.reset();
          setOpen(true);
        }}
      >
        {t('templates.rename')}
      </Button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title={t('templates.renameTitle', { name: template.name })}
        submitText={t('common:buttons.save')}
        submitting={save.isPending}
        onSubmit={() => void submit()}
      >
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <Stack gap="3">
            <FormField label={t('templates.name')} error={validationText(t, invalid ?? undefined)}>
              <Input value={name} autoFocus onChange={(event) => setName(event.target.value)} />
            </FormField>
            {save.error ? (
              <Text color="danger" role="alert">
                {errorText(t, save.error)}
              </Text>
            ) : null}
          </Stack>
        </form>
      </Modal>
    </>
  );
}

/** One template: its name, variables, scenes and when it changed, and what can be done with it. */
function TemplateCard({ template }: { template: Template }) {
  const { t, i18n } = useStudioTranslation();
  const duplicate = useCreateTemplate();
  const remove = useDeleteTemplate();
  const copy = async () => {
    const name = t('templates.copyName', { name: template.name }).slice(0, NAME_MAX_LENGTH);
    try {
      const made = await duplicate.mutateAsync(renamed(template, name));
      notify({ status: 'success', title: t('templates.duplicated', { name: made.name }) });
    } catch (error) {
      notify({ status: 'error', title: errorText(t, error) });
    }
  };
  return (
    <Stack as="article" aria-label={template.name} gap="3" borderWidth="1px" borderRadius="lg" bg="white" p="4" data-testid="template-card">
      <Stack gap="1">
        <Text fontWeight="semibold" fontSize="lg" wordBreak="break-word">
          {template.name}
        </Text>
        <Text fontSize="sm" color="fg.muted">
          {t('templates.scenes', { number: template.sceneCount })} ·{' '}
          {t('templates.updated', { when: dateTimeFormat(i18n.resolvedLanguage, DATE_AND_TIME).format(new Date(template.updatedAt)) })}
        </Text>
      </Stack>
      {template.variables.length ? (
        <HStack gap="2" wrap="wrap" aria-label={t('templates.variables')} role="list">
          {template.variables.map((name) => (
            <Badge key={name} role="listitem" colorPalette="teal" variant="subtle" fontFamily="mono">
              {name}
            </Badge>
          ))}
        </HStack>
      ) : (
        <Text fontSize="sm" color="fg.muted">
          {t('templates.noVariables')}
        </Text>
      )}
      <HStack gap="2" wrap="wrap">
        <LinkButton size="sm" to={paths.templateVideo(template.id)}>
          {t('templates.makeVideo')}
        </LinkButton>
        <LinkButton size="sm" color="secondary" to={paths.batchNew(template.id)}>
          {t('templates.startBatch')}
        </LinkButton>
        <RenameTemplate template={template} />
        <Button
          size="sm"
          color="white"
          loading={duplicate.isPending}
          onClick={() => void copy()}
          aria-label={`${t('templates.duplicate')} ${template.name}`}
        >
          {t('templates.duplicate')}
        </Button>
        <ConfirmDelete name={template.name} title={t('templates.deleteTitle')} onDelete={() => remove.mutateAsync(template.id)}>
          <Text>{t('templates.deleteText', { name: template.name })}</Text>
        </ConfirmDelete>
      </HStack>
    </Stack>
  );
}

/** The team's templates, newest first; none yet: how to make one. */
export function TemplateList() {
  const { t } = useStudioTranslation();
  const templates = useTemplates();
  return (
    <LoadState loading={templates.isPending} error={templates.error} onRetry={() => void templates.refetch()}>
      {templates.data?.length === 0 ? (
        <EmptyState.Root borderWidth="1px" borderRadius="lg" bg="white" data-testid="templates-empty">
          <EmptyState.Content>
            <EmptyState.Title as="h2">{t('templates.emptyTitle')}</EmptyState.Title>
            <EmptyState.Description>{t('templates.emptyText', PLACEHOLDER_EXAMPLES)}</EmptyState.Description>
            <HStack gap="2" wrap="wrap" justify="center">
              <LinkButton to={paths.videos()}>{t('templates.toVideos')}</LinkButton>
              <LinkButton color="white" to={sceneEditorPath()}>
                {t('templates.toEditor')}
              </LinkButton>
            </HStack>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : templates.data ? (
        <Box as="section" aria-label={t('templates.listLabel')}>
          <Stack gap="3">
            {templates.data.map((template) => (
              <TemplateCard key={template.id} template={template} />
            ))}
          </Stack>
        </Box>
      ) : null}
    </LoadState>
  );
}
