import { readableLogLine } from '../lib/product.mjs';

test('npm start shows the API’s JSON log lines as their messages', () => {
  const ready = JSON.stringify({ level: 30, time: 1, pid: 7, msg: 'Kagami API ready on http://127.0.0.1:3000 (docs at /api/docs)' });
  expect(readableLogLine(ready)).toBe('api: Kagami API ready on http://127.0.0.1:3000 (docs at /api/docs)');
  const failed = JSON.stringify({ level: 50, msg: 'unhandled error', err: { message: 'disk full' } });
  expect(readableLogLine(failed)).toBe('api: unhandled error (disk full)');
  expect(readableLogLine('a line that is not JSON')).toBe('a line that is not JSON');
});
