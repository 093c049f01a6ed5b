import { FormError, TextField, useApiForm } from '@kagami/shared/forms';
import { useMutation, useQuery, useQueryClient } from '@kagami/shared/query';
import { Box, Button, HStack, LoadState, Section, Stack, Table, Text } from '@kagami/shared/ui';
import { pronunciationForm, type PronunciationForm } from '@kagami/shared/validation';
import { useTeamId } from '../../data/queries';
import { studioKeys } from '../../data/keys';
import { studioApi } from '../../data/studio-api';
import { ConfirmDelete } from '../../components/confirm-delete';
import { ItemTable } from '../../components/item-table';
import { useStudioTranslation } from '../../components/use-studio-translation';

/** The team's pronunciation list: words its videos and previews say as written here, with a form to add or change one. */
export function PronunciationList() {
  const { t } = useStudioTranslation();
  const teamId = useTeamId();
  const queryClient = useQueryClient();
  const queryKey = studioKeys.pronunciations(teamId);
  const list = useQuery({ queryKey, queryFn: () => studioApi.pronunciations(teamId), enabled: Boolean(teamId) });
  const refresh = () => queryClient.invalidateQueries({ queryKey });
  const save = useMutation({ mutationFn: (input: PronunciationForm) => studioApi.savePronunciation(teamId, input), onSuccess: refresh });
  const remove = useMutation({ mutationFn: (id: string) => studioApi.deletePronunciation(teamId, id), onSuccess: refresh });
  const { form, formError, submitWith } = useApiForm<PronunciationForm>(pronunciationForm, { word: '', sayAs: '' });
  const onSubmit = submitWith(async (values) => {
    await save.mutateAsync(values);
    form.reset({ word: '', sayAs: '' });
  });
  const words = list.data ?? [];

  return (
    <Section title={t('voices.pronunciations.title')}>
      <Stack gap="4">
        <Text color="fg.muted">{t('voices.pronunciations.description')}</Text>
        <form onSubmit={onSubmit} noValidate aria-label={t('voices.pronunciations.add')}>
          <Stack gap="3">
            <FormError error={formError} />
            <HStack gap="3" align="flex-start" wrap="wrap">
              <Box flex="1" minW="12rem">
                <TextField form={form} name="word" label={t('voices.pronunciations.word')} />
              </Box>
              <Box flex="1" minW="12rem">
                <TextField
                  form={form}
                  name="sayAs"
                  label={t('voices.pronunciations.sayAs')}
                  helper={t('voices.pronunciations.sayAsHelp')}
                />
              </Box>
            </HStack>
            <Box>
              <Button type="submit" color="secondary" loading={form.formState.isSubmitting}>
                {t('voices.pronunciations.add')}
              </Button>
            </Box>
          </Stack>
        </form>
        <LoadState loading={list.isPending} error={list.error} onRetry={() => void list.refetch()}>
          {words.length === 0 ? (
            <Text color="fg.muted" data-testid="pronunciations-empty">
              {t('voices.pronunciations.empty')}
            </Text>
          ) : (
            <ItemTable
              label={t('voices.pronunciations.title')}
              columns={[t('voices.pronunciations.word'), t('voices.pronunciations.sayAs')]}
            >
              {words.map((entry) => (
                <Table.Row key={entry.id} data-testid="pronunciation-row">
                  <Table.Cell fontWeight="medium">{entry.word}</Table.Cell>
                  <Table.Cell data-label={t('voices.pronunciations.sayAs')}>{entry.sayAs}</Table.Cell>
                  <Table.Cell textAlign="end">
                    <ConfirmDelete
                      name={entry.word}
                      title={t('voices.pronunciations.deleteTitle')}
                      onDelete={() => remove.mutateAsync(entry.id)}
                    />
                  </Table.Cell>
                </Table.Row>
              ))}
            </ItemTable>
          )}
        </LoadState>
      </Stack>
    </Section>
  );
}
