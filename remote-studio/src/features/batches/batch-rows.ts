// A CSV's columns mapped to what they give a batch's rows (a variable of the template, the video's title, avatar,
// voice or callback, or nothing), and its records made into the rows the API takes. Pure functions.
import { BATCH_COLUMNS } from '@kagami/shared/validation';
import type { BatchProblem, BatchRowInput } from '../../data/batches';

export type BatchColumn = (typeof BATCH_COLUMNS)[number];
/** What a CSV column gives: `variable:<name>`, `column:<title|avatar_id|…>`, or '' (ignored). */
export type Target = `variable:${string}` | `column:${BatchColumn}` | '';
export type Mapping = Record<string, Target>;

/** `First Name` reads as `first_name`. */
const normalised = (column: string) =>
  column
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

/** Each column to the variable or video column of its name (a variable first), or ignored. */
export function defaultMapping(columns: string[], variables: string[]): Mapping {
  return Object.fromEntries(
    columns.map((column) => {
      const name = normalised(column);
      const target: Target = variables.includes(name)
        ? `variable:${name}`
        : (BATCH_COLUMNS as readonly string[]).includes(name)
          ? `column:${name as BatchColumn}`
          : '';
      return [column, target];
    }),
  );
}

const ROW_FIELDS: Record<BatchColumn, keyof Omit<BatchRowInput, 'variables'>> = {
  title: 'title',
  avatar_id: 'avatarId',
  voice_id: 'voiceId',
  callback_url: 'callbackUrl',
};

/**
 * The rows of the records as the batch call takes them. An empty value is left out: a variable with a default then
 * takes its default, one without is named as missing by the check.
 */
export function rowsOf(records: Record<string, string>[], mapping: Mapping): BatchRowInput[] {
  return records.map((record) => {
    const row: BatchRowInput = { variables: {} };
    for (const [column, target] of Object.entries(mapping)) {
      const value = (record[column] ?? '').trim();
      if (!target || !value) continue;
      if (target.startsWith('variable:')) row.variables[target.slice('variable:'.length)] = value;
      else row[ROW_FIELDS[target.slice('column:'.length) as BatchColumn]] = value;
    }
    return row;
  });
}

/** The variables no column gives. */
export const unmappedVariables = (mapping: Mapping, variables: string[]) =>
  variables.filter((name) => !Object.values(mapping).includes(`variable:${name}`));

/** The CSV column a problem's column (a variable's or a video column's name) was read from, if another name. */
export function csvColumnOf(problem: BatchProblem, mapping: Mapping): string | null {
  if (!problem.column) return null;
  const wanted = [`variable:${problem.column}`, `column:${problem.column}`];
  const found = Object.entries(mapping).find(([, target]) => wanted.includes(target))?.[0];
  return found && found !== problem.column ? found : null;
}

/** Problems that keep a batch from starting (a row over the plan's minutes only warns). */
export const blocking = (problems: BatchProblem[]) => problems.filter((problem) => problem.problem !== 'over_quota');
