import { useEffect, useState } from 'react';
import { useQueryClient } from '@kagami/shared/query';
import { errorText } from '@kagami/shared/i18n';
import { Button, FormField, HStack, Select, Spinner, Stack, Text } from '@kagami/shared/ui';
import { acceptOf, DOCUMENT } from '@kagami/shared/validation';
import { useTeamId } from '../../data/queries';
import { UploadPanel } from '../../components/uploads/upload-panel';
import { useUpload } from '../../components/uploads/use-upload';
import { useStudioTranslation } from '../../components/use-studio-translation';
import { useDocuments, useTeamDocument, type TeamDocument } from './editor-api';

/**
 * "One scene per page": a document of the team's (or a PDF uploaded now), once its pages are rendered, becomes a scene
 * for every page, each page behind its scene and its text offered as the script.
 */
export function DocumentScenes({ onScenes, onClose }: { onScenes: (document: TeamDocument) => void; onClose: () => void }) {
  const { t } = useStudioTranslation();
  const teamId = useTeamId();
  const queryClient = useQueryClient();
  const documents = useDocuments();
  const upload = useUpload('document', DOCUMENT, 'document');
  const [chosen, setChosen] = useState<string | null>(null);
  const uploaded = upload.state.phase === 'done' ? upload.state.uploadId : null;
  useEffect(() => {
    if (!uploaded) return;
    setChosen(uploaded);
    void queryClient.invalidateQueries({ queryKey: ['studio', teamId, 'documents'] });
  }, [uploaded, teamId, queryClient]);
  const document = useTeamDocument(chosen);
  const ready = (documents.data ?? []).filter((item) => item.status === 'ready');
  return (
    <Stack gap="3" borderWidth="1px" borderRadius="md" p="4" bg="white" data-testid="document-scenes">
      <Text fontWeight="medium">{t('editor.fromDocument')}</Text>
      {ready.length ? (
        <FormField label={t('editor.document')}>
          <Select
            aria-label={t('editor.document')}
            value={chosen ?? ''}
            placeholder={t('editor.chooseDocument')}
            options={ready.map((item) => ({
              value: item.id,
              label: t('editor.documentPages', { name: item.name, pages: item.pageCount }),
            }))}
            onChange={(event) => setChosen(event.target.value || null)}
          />
        </FormField>
      ) : null}
      <UploadPanel upload={upload} accept={acceptOf(DOCUMENT, 'document')} prompt={t('editor.pdfPrompt')} hint={t('editor.pdfHint')} />
      {document.data?.status === 'in_progress' ? (
        <HStack gap="2">
          <Spinner size="sm" />
          <Text>{t('editor.renderingPages')}</Text>
        </HStack>
      ) : null}
      {document.data?.status === 'failed' ? (
        <Text color="danger" role="alert">
          {errorText(t, { code: document.data.reason ?? 'pdf_unreadable' })}
        </Text>
      ) : null}
      {document.isError ? (
        <Text color="danger" role="alert">
          {errorText(t, document.error)}
        </Text>
      ) : null}
      <HStack gap="2">
        <Button disabled={document.data?.status !== 'ready'} onClick={() => document.data && onScenes(document.data)}>
          {t('editor.scenePerPage', { pages: document.data?.pageCount ?? 0 })}
        </Button>
        <Button color="white" onClick={onClose}>
          {t('editor.cancel')}
        </Button>
      </HStack>
    </Stack>
  );
}
