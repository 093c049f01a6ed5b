import { subtitleLines, toSrt } from '../../src/engine/local/subtitles';

test('a script breaks at sentence ends and stays within the line length', () => {
  const lines = subtitleLines(
    'Hello there. This is a much longer sentence that has to be broken into two readable lines, at a comma or a space! Short?',
  );
  expect(lines[0]).toBe('Hello there.');
  expect(lines.every((line) => line.length <= 42)).toBe(true);
  expect(lines.join(' ').replace(/\s+/g, ' ')).toBe(
    'Hello there. This is a much longer sentence that has to be broken into two readable lines, at a comma or a space! Short?',
  );
  expect(subtitleLines('こんにちは。今日は新しい製品をご紹介します。')).toEqual(['こんにちは。', '今日は新しい製品をご紹介します。']);
});

test('cues cover the whole speech, in proportion to their length', () => {
  const srt = toSrt('Short one. And this line is three times as long.', 10);
  expect(srt).toMatch(/^1\n00:00:00,000 --> 00:00:0\d,\d{3}\nShort one\.\n\n2\n00:00:0\d,\d{3} --> 00:00:10,000\nAnd this line/);
});
