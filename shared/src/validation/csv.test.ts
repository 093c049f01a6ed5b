import { csvRecords, parseCsv } from './csv';

test('a spreadsheet CSV: a byte-order mark, semicolons, quoted separators and quotes, Japanese, CRLF, a blank line at the end', () => {
  const text = '\uFEFFfirst_name;company;note\r\nAda;"Acme; Inc.";"She said ""hi"""\r\n山田 花子;株式会社カガミ;\r\n\r\n';
  expect(csvRecords(text)).toEqual({
    columns: ['first_name', 'company', 'note'],
    records: [
      { first_name: 'Ada', company: 'Acme; Inc.', note: 'She said "hi"' },
      { first_name: '山田 花子', company: '株式会社カガミ', note: '' },
    ],
  });
});

test('commas when the header has more of them, a quoted line break, LF endings, a short line', () => {
  expect(parseCsv('a,b;c\n"one\ntwo",x\nlast')).toEqual([['a', 'b;c'], ['one\ntwo', 'x'], ['last']]);
  expect(csvRecords('name,company\nGrace').records).toEqual([{ name: 'Grace', company: '' }]);
});
