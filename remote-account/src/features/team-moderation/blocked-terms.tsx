import { useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { teamApi, teamKeys } from '@kagami/shared/api';
import { errorText } from '@kagami/shared/i18n';
import { useMutation, useQuery, useQueryClient } from '@kagami/shared/query';
import { profileAtom } from '@kagami/shared/session';
import { BLOCKED_TERM_MAX_CHARS, BLOCKED_TERMS_MAX } from '@kagami/shared/validation';
import { Button, FormField, HStack, LoadState, notify, Section, Stack, Text, Textarea } from '@kagami/shared/ui';
import { useAccountTranslation } from '../../components/use-account-translation';

const termsOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/**
 * Blocked words: words and phrases no script of this team may contain (checked before every video and voice preview,
 * beside the service's own list). Owners edit the list, one term a line; members read it.
 */
export function BlockedTermsSection() {
  const team = useAtomValue(profileAtom)?.currentTeam;
  const { t } = useAccountTranslation();
  if (!team) return null;
  return (
    <Section title={t('moderation.title')}>
      <BlockedTerms teamId={team.id} canEdit={team.role === 'owner'} />
    </Section>
  );
}

function BlockedTerms({ teamId, canEdit }: { teamId: string; canEdit: boolean }) {
  const { t } = useAccountTranslation();
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: teamKeys.moderation(teamId), queryFn: () => teamApi.moderation(teamId) });
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (list.data) setText(list.data.blockedTerms.join('\n'));
  }, [list.data]);
  const save = useMutation({
    mutationFn: (terms: string[]) => teamApi.setModeration(teamId, terms),
    onSuccess: (saved) => {
      queryClient.setQueryData(teamKeys.moderation(teamId), saved);
      notify({ status: 'success', title: t('moderation.saved', { terms: saved.blockedTerms.length }) });
    },
    onError: (error) => setProblem(errorText(t, error)),
  });
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const terms = termsOf(text);
    const long = terms.find((term) => term.length > BLOCKED_TERM_MAX_CHARS);
    if (terms.length > BLOCKED_TERMS_MAX) return setProblem(t('common:errors.blocked_terms_full', { max: BLOCKED_TERMS_MAX }));
    if (long) return setProblem(t('common:errors.blocked_term_too_long', { max: BLOCKED_TERM_MAX_CHARS }));
    setProblem(null);
    save.mutate(terms);
  };
  const terms = list.data?.blockedTerms ?? [];
  return (
    <LoadState loading={list.isPending} error={list.error} onRetry={() => void list.refetch()}>
      <Stack gap="3" data-testid="blocked-terms">
        <Text fontSize="sm" color="gray.600">
          {t('moderation.explain')}
        </Text>
        {canEdit ? (
          <form onSubmit={submit} noValidate>
            <Stack gap="3">
              <FormField
                label={t('moderation.label')}
                helper={t('moderation.helper', { max: BLOCKED_TERMS_MAX })}
                error={problem ?? undefined}
              >
                <Textarea
                  rows={5}
                  value={text}
                  onChange={(event) => setText(event.target.value)}
                  aria-invalid={Boolean(problem) || undefined}
                />
              </FormField>
              <HStack>
                <Button type="submit" color="secondary" loading={save.isPending}>
                  {t('moderation.save')}
                </Button>
              </HStack>
            </Stack>
          </form>
        ) : terms.length ? (
          <Text>{terms.join(t('moderation.separator'))}</Text>
        ) : (
          <Text color="gray.600">{t('moderation.none')}</Text>
        )}
      </Stack>
    </LoadState>
  );
}
