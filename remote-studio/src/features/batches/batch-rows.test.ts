import { csvRecords } from '@kagami/shared/validation';
import { csvColumnOf, defaultMapping, rowsOf, unmappedVariables } from './batch-rows';

const VARIABLES = ['first_name', 'company', 'title'];

test('a column goes to the variable of its name (spaces and case aside), else to a video column of its name, else nowhere', () => {
  expect(defaultMapping(['First Name', 'company', 'Title', 'avatar_id', 'Voice-ID', 'notes'], VARIABLES)).toEqual({
    'First Name': 'variable:first_name',
    company: 'variable:company',
    // A variable named like a video column wins: the template asked for it.
    Title: 'variable:title',
    avatar_id: 'column:avatar_id',
    'Voice-ID': 'column:voice_id',
    notes: '',
  });
});

test('records become the rows the API takes: values trimmed, empty ones and ignored columns left out', () => {
  const { records } = csvRecords('name;Company;who;hook\n Ada ;Acme;;https://example.com/hook\nGrace;;av-1;\n');
  const mapping = {
    name: 'variable:first_name',
    Company: 'variable:company',
    who: 'column:avatar_id',
    hook: 'column:callback_url',
  } as const;
  expect(rowsOf(records, mapping)).toEqual([
    { variables: { first_name: 'Ada', company: 'Acme' }, callbackUrl: 'https://example.com/hook' },
    { variables: { first_name: 'Grace' }, avatarId: 'av-1' },
  ]);
  expect(rowsOf(records, { ...mapping, Company: '' })[0]!.variables).toEqual({ first_name: 'Ada' });
  expect(unmappedVariables({ ...mapping, Company: '' }, VARIABLES)).toEqual(['company', 'title']);
});

test("a problem's column is said with the CSV column it was read from", () => {
  const mapping = { 'First Name': 'variable:first_name', avatar_id: 'column:avatar_id' } as const;
  expect(csvColumnOf({ row: 1, column: 'first_name', problem: 'missing_value' }, mapping)).toBe('First Name');
  expect(csvColumnOf({ row: 1, column: 'avatar_id', problem: 'not_found' }, mapping)).toBeNull();
  expect(csvColumnOf({ row: 1, column: null, problem: 'over_quota' }, mapping)).toBeNull();
});
