// CSV as spreadsheets write it (RFC 4180 and its cousins): UTF-8 with or without a byte-order mark, fields split by
// commas or semicolons (whichever the header line uses), quoted fields holding separators, quotes ("") and line
// breaks, CRLF or LF, blank lines skipped. (What the product writes as CSV is api/src/lib/csv.ts's.)

/** The separator of a CSV: the one of comma and semicolon its first line has more of, outside quotes. */
function separatorOf(text: string): ',' | ';' {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && char === ',') commas++;
    else if (!quoted && char === ';') semicolons++;
  }
  return semicolons > commas ? ';' : ',';
}

/** The rows of a CSV text, each a list of its fields (a blank line is no row). */
export function parseCsv(input: string): string[][] {
  const text = input.replace(/^\uFEFF/, '');
  const separator = separatorOf(text);
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let touched = false;
  const endField = () => {
    row.push(field);
    field = '';
  };
  const endRow = () => {
    endField();
    if (touched || row.length > 1 || row[0] !== '') rows.push(row);
    row = [];
    touched = false;
  };
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') {
      quoted = true;
      touched = true;
    } else if (char === separator) endField();
    else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      endRow();
    } else field += char;
  }
  if (field !== '' || row.length > 0 || touched) endRow();
  return rows;
}

/** A CSV's header and its records, each a map of column to value (a short line leaves its last columns empty). */
export function csvRecords(input: string): { columns: string[]; records: Record<string, string>[] } {
  const [header = [], ...lines] = parseCsv(input);
  const columns = header.map((column) => column.trim());
  const records = lines.map((line) => Object.fromEntries(columns.map((column, index) => [column, line[index] ?? ''])));
  return { columns, records };
}
