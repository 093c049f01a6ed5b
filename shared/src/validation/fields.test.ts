import * as v from 'valibot';
import { employeeCountField, jobRoleField } from './fields';

const messageOf = (schema: v.GenericSchema, value: unknown) => v.safeParse(schema, value).issues?.[0]?.message;

test.each([
  ['number of employees', employeeCountField, '2-10'],
  ['role', jobRoleField, 'STUDENT'],
])('%s: missing is required, a value outside the choices says so', (_name, schema, valid) => {
  expect(messageOf(schema, valid)).toBeUndefined();
  expect(messageOf(schema, undefined)).toBe('validation.required');
  expect(messageOf(schema, '')).toBe('validation.required');
  expect(messageOf(schema, '3-7')).toBe('validation.notAChoice');
});
