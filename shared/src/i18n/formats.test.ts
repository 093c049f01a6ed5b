import { DATE_AND_TIME, dateTimeFormat, numberFormat } from './formats';

const when = new Date('2026-12-20T09:05:07Z');

test('a formatter is made once per locale and options, and writes what toLocaleString would', () => {
  expect(dateTimeFormat('en-US', { month: 'short', day: 'numeric' })).toBe(dateTimeFormat('en-US', { month: 'short', day: 'numeric' }));
  expect(dateTimeFormat('ja-JP', { month: 'short', day: 'numeric' })).not.toBe(dateTimeFormat('en-US', { month: 'short', day: 'numeric' }));
  expect(numberFormat('ja')).toBe(numberFormat('ja'));
  expect(dateTimeFormat('en', DATE_AND_TIME).format(when)).toBe(when.toLocaleString('en'));
  expect(dateTimeFormat('ja', DATE_AND_TIME).format(when)).toBe(when.toLocaleString('ja'));
  expect(dateTimeFormat('ja-JP', {}).format(when)).toBe(when.toLocaleDateString('ja-JP'));
  expect(numberFormat('en').format(12345.5)).toBe((12345.5).toLocaleString('en'));
});
