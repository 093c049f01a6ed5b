import { errorText, DATE_AND_TIME, dateTimeFormat } from '@kagami/shared/i18n';
import { Box, HStack, Spinner, Stack, Text } from '@kagami/shared/ui';
import { useDeleteVideoDraft, useVideoDrafts } from '../../data/queries';
import { ConfirmDelete } from '../../components/confirm-delete';
import { LinkButton } from '../../components/link-button';
import { sceneEditorPath } from '../../components/scene-editor-path';
import { useStudioTranslation } from '../../components/use-studio-translation';

/** The team's drafts of videos of several scenes, newest first, each resumed in the editor or deleted. */
export function DraftList() {
  const { t, i18n } = useStudioTranslation();
  const drafts = useVideoDrafts();
  const remove = useDeleteVideoDraft();
  if (drafts.isPending) return <Spinner size="sm" aria-label={t('drafts.loading')} />;
  if (drafts.isError) {
    return (
      <Text color="danger" role="alert">
        {errorText(t, drafts.error)}
      </Text>
    );
  }
  if (!drafts.data.length) return null;
  return (
    <Stack gap="2" as="section" aria-label={t('drafts.title')} data-testid="draft-list">
      <Text fontWeight="medium">{t('drafts.title')}</Text>
      {drafts.data.map((draft) => (
        <HStack key={draft.id} gap="3" borderWidth="1px" borderRadius="md" bg="white" p="3" wrap="wrap" data-testid="draft-row">
          <Box flex="1" minW="0">
            <Text fontWeight="medium" truncate>
              {draft.name}
            </Text>
            <Text fontSize="sm" color="fg.muted">
              {t('drafts.summary', {
                scenes: draft.sceneCount,
                when: dateTimeFormat(i18n.resolvedLanguage, DATE_AND_TIME).format(new Date(draft.updatedAt)),
              })}
            </Text>
          </Box>
          <LinkButton size="sm" to={sceneEditorPath(draft.id)}>
            {t('drafts.resume')}
          </LinkButton>
          <ConfirmDelete name={draft.name} title={t('drafts.deleteTitle')} onDelete={() => remove.mutateAsync(draft.id)} />
        </HStack>
      ))}
    </Stack>
  );
}
