import { useMemo, useRef, useState } from 'react';
import { isApiError } from '@kagami/shared/api';
import { paths } from '@kagami/shared/contract';
import { FormError } from '@kagami/shared/forms';
import { numberFormat } from '@kagami/shared/i18n';
import { useNavigate } from '@kagami/shared/router';
import { Alert, Box, Button, FormField, HStack, Select, Stack, Table, Text, Textarea } from '@kagami/shared/ui';
import { BATCH_COLUMNS, BATCH_ROWS_MAX, csvRecords } from '@kagami/shared/validation';
import { useStudioTranslation } from '../../components/use-studio-translation';
import { refusedRows, useCheckBatch, useStartBatch, type BatchCheck, type BatchProblem } from '../../data/batches';
import type { Template } from '../../data/templates';
import { blocking, csvColumnOf, defaultMapping, rowsOf, unmappedVariables, type Mapping, type Target } from './batch-rows';

/** The most problems listed at once (a CSV of 1,000 bad rows says the first ones). */
const PROBLEMS_SHOWN = 200;

/** What a check (or a refusal) said of the rows as they were then: `key` is those rows. */
type Report = { key: string; problems: BatchProblem[]; estimate: Pick<BatchCheck, 'estimateSeconds' | 'secondsLeft'> | null };

const readFile = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(file);
  });

/** Every problem of the check, by row and column, in the user's language. */
function ProblemTable({ problems, mapping }: { problems: BatchProblem[]; mapping: Mapping }) {
  const { t } = useStudioTranslation();
  const columnText = (problem: BatchProblem) => {
    if (!problem.column) return t('batchNew.wholeRow');
    const csv = csvColumnOf(problem, mapping);
    return csv ? `${csv} → ${problem.column}` : problem.column;
  };
  return (
    <Stack gap="2">
      <Text fontWeight="medium">{t('batchNew.problemsCount', { number: problems.length })}</Text>
      <Table.ScrollArea borderWidth="1px" borderRadius="md" bg="white">
        <Table.Root size="sm" aria-label={t('batchNew.problems')} data-stacked>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('batchNew.row')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('batchNew.problemColumn')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('batchNew.problem')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {problems.slice(0, PROBLEMS_SHOWN).map((problem, index) => (
              <Table.Row key={`${problem.row}-${problem.column}-${problem.problem}-${index}`} data-testid="batch-problem">
                <Table.Cell>
                  {t('batchNew.row')} {problem.row}
                </Table.Cell>
                <Table.Cell data-label={t('batchNew.problemColumn')} fontFamily="mono">
                  {columnText(problem)}
                </Table.Cell>
                <Table.Cell data-label={t('batchNew.problem')} color={problem.problem === 'over_quota' ? 'orange.700' : 'danger'}>
                  {t(`batchNew.kinds.${problem.problem}`, { column: problem.column ?? '' })}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    </Stack>
  );
}

/**
 * A batch of the template from a CSV pasted or chosen (read in the browser): its columns mapped to the variables and
 * the videos' own columns, checked by the API (every problem by row and column, the minutes against those left), then
 * started; the batch's page follows it.
 */
export function BatchStart({ template }: { template: Template }) {
  const { t, i18n } = useStudioTranslation();
  const navigate = useNavigate();
  const check = useCheckBatch(template.id);
  const start = useStartBatch(template.id);
  const file = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [fileFailed, setFileFailed] = useState(false);
  const [chosen, setChosen] = useState<{ key: string; mapping: Mapping }>({ key: '', mapping: {} });
  const [report, setReport] = useState<Report | null>(null);
  const [failure, setFailure] = useState<unknown>(null);

  const parsed = useMemo(() => (text.trim() ? csvRecords(text) : { columns: [], records: [] }), [text]);
  const columnsKey = JSON.stringify(parsed.columns);
  const mapping = chosen.key === columnsKey ? chosen.mapping : defaultMapping(parsed.columns, template.variables);
  const rows = useMemo(() => rowsOf(parsed.records, mapping), [parsed.records, mapping]);
  const rowsKey = JSON.stringify(rows);
  const tooMany = rows.length > BATCH_ROWS_MAX;
  const usable = rows.length > 0 && !tooMany;
  const current = report?.key === rowsKey ? report : null;
  const canStart = Boolean(current?.estimate) && blocking(current!.problems).length === 0 && usable;
  const missing = unmappedVariables(
    mapping,
    template.variableDetails.filter((variable) => variable.default === null).map((variable) => variable.name),
  );
  const minutes = (seconds: number) => numberFormat(i18n.resolvedLanguage).format(Math.max(0, Math.ceil(seconds / 60)));

  const targets = [
    { value: '', label: t('batchNew.targets.ignore') },
    ...template.variables.map((name) => ({ value: `variable:${name}`, label: t('batchNew.targets.variable', { name }) })),
    ...BATCH_COLUMNS.map((column) => ({ value: `column:${column}`, label: t(`batchNew.targets.${column}`) })),
  ];

  const runCheck = async () => {
    setFailure(null);
    try {
      const answer = await check.mutateAsync(rows);
      setReport({ key: rowsKey, problems: answer.problems, estimate: answer });
    } catch (error) {
      setFailure(error);
    }
  };
  const runStart = async () => {
    setFailure(null);
    try {
      const batch = await start.mutateAsync(rows);
      navigate(paths.batch(batch.id));
    } catch (error) {
      const refused = refusedRows(error);
      if (refused.length) setReport({ key: rowsKey, problems: refused, estimate: null });
      setFailure(error);
    }
  };
  // A refused batch says how many rows are wrong.
  const refusedCount =
    isApiError(failure) && failure.code === 'batch_rows_invalid' ? new Set(refusedRows(failure).map((problem) => problem.row)).size : null;

  return (
    <Stack gap="5">
      <Stack gap="3" borderWidth="1px" borderRadius="lg" bg="white" p="5">
        <FormField label={t('batchNew.csv')} helper={t('batchNew.csvHelper')}>
          <Textarea
            value={text}
            rows={6}
            fontFamily="mono"
            fontSize="sm"
            placeholder={['first_name,title', 'Ada,Welcome Ada'].join('\n')}
            onChange={(event) => setText(event.target.value)}
          />
        </FormField>
        <HStack gap="3" wrap="wrap">
          <Button size="sm" color="secondary" onClick={() => file.current?.click()}>
            {t('batchNew.file')}
          </Button>
          <input
            ref={file}
            type="file"
            accept=".csv,text/csv"
            hidden
            aria-label={t('batchNew.fileLabel')}
            onChange={(event) => {
              const chosenFile = event.target.files?.[0];
              event.target.value = '';
              if (!chosenFile) return;
              setFileFailed(false);
              readFile(chosenFile).then(setText, () => setFileFailed(true));
            }}
          />
          {text.trim() ? (
            <Text fontSize="sm" color="fg.muted" data-testid="csv-summary">
              {t('batchNew.parsed', { rows: rows.length, columns: parsed.columns.length })}
            </Text>
          ) : null}
        </HStack>
        {fileFailed ? (
          <Text color="danger" role="alert">
            {t('batchNew.fileFailed')}
          </Text>
        ) : null}
        {!text.trim() ? <Text color="fg.muted">{t('batchNew.noRows')}</Text> : null}
        {tooMany ? (
          <Text color="danger" role="alert">
            {t('batchNew.tooMany', { max: numberFormat(i18n.resolvedLanguage).format(BATCH_ROWS_MAX), rows: rows.length })}
          </Text>
        ) : null}
        <Text fontSize="sm" color="fg.muted">
          {t('batchNew.variablesHint', { names: template.variables.join(', ') || '—' })}
        </Text>
      </Stack>

      {parsed.columns.length ? (
        <Stack gap="2">
          <Text fontWeight="semibold">{t('batchNew.mapping')}</Text>
          <Table.ScrollArea borderWidth="1px" borderRadius="lg" bg="white">
            <Table.Root size="sm" aria-label={t('batchNew.mappingLabel')} data-stacked>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('batchNew.column')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('batchNew.target')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('batchNew.sample')}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {parsed.columns.map((column, index) => (
                  <Table.Row key={`${column}-${index}`}>
                    <Table.Cell fontFamily="mono">{column || '—'}</Table.Cell>
                    <Table.Cell data-label={t('batchNew.target')}>
                      <Box minW="12rem">
                        <Select
                          aria-label={t('batchNew.targetOf', { column })}
                          value={mapping[column] ?? ''}
                          options={targets}
                          onChange={(event) =>
                            setChosen({ key: columnsKey, mapping: { ...mapping, [column]: event.target.value as Target } })
                          }
                        />
                      </Box>
                    </Table.Cell>
                    <Table.Cell data-label={t('batchNew.sample')} wordBreak="break-word">
                      {parsed.records[0]?.[column] ?? ''}
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
          {missing.length ? (
            <Text color="orange.700" fontSize="sm">
              {t('batchNew.unmapped', { names: missing.join(', ') })}
            </Text>
          ) : null}
        </Stack>
      ) : null}

      {refusedCount !== null ? (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{t('batchNew.refused', { rows: refusedCount })}</Alert.Title>
        </Alert.Root>
      ) : (
        <FormError error={failure} />
      )}
      <HStack gap="3" wrap="wrap">
        <Button color="secondary" onClick={() => void runCheck()} loading={check.isPending} disabled={!usable}>
          {t('batchNew.check')}
        </Button>
        <Button onClick={() => void runStart()} loading={start.isPending} disabled={!canStart}>
          {t('batchNew.start')}
        </Button>
      </HStack>
      {report && !current && usable ? <Text color="fg.muted">{t('batchNew.changed')}</Text> : null}

      {current ? (
        <Stack gap="3" data-testid="batch-check">
          {current.estimate ? (
            <Text>
              {t('batchNew.estimate', {
                minutes: minutes(current.estimate.estimateSeconds),
                rows: rows.length,
                left: numberFormat(i18n.resolvedLanguage).format(Math.floor(current.estimate.secondsLeft / 60)),
              })}
            </Text>
          ) : null}
          {current.problems.length === 0 ? (
            <Alert.Root status="success" role="status">
              <Alert.Indicator />
              <Alert.Title>{t('batchNew.allGood')}</Alert.Title>
            </Alert.Root>
          ) : (
            <>
              {blocking(current.problems).length === 0 ? (
                <Alert.Root status="warning" role="status">
                  <Alert.Indicator />
                  <Alert.Title>{t('batchNew.overQuotaOnly')}</Alert.Title>
                </Alert.Root>
              ) : current.problems.some((problem) => problem.problem === 'over_quota') ? (
                <Text color="fg.muted">{t('batchNew.warnings')}</Text>
              ) : null}
              <ProblemTable problems={current.problems} mapping={mapping} />
            </>
          )}
        </Stack>
      ) : null}
    </Stack>
  );
}
