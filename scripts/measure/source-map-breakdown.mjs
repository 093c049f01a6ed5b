// How much of a minified script each package makes up, read from its source map: every generated
// byte is credited to the package of the source it maps to.

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGIT = Object.fromEntries([...BASE64].map((char, value) => [char, value]));

/** The first two fields (generated column, source index) of each segment, per generated line. */
function* segments(mappings) {
  let source = 0;
  for (const line of mappings.split(';')) {
    let column = 0;
    const parsed = [];
    for (const segment of line.split(',')) {
      if (!segment) continue;
      const fields = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = DIGIT[char];
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      column += fields[0];
      if (fields.length > 1) source += fields[1];
      parsed.push({ column, source: fields.length > 1 ? source : -1 });
    }
    yield parsed;
  }
}

/** The package a source file of a webpack source map belongs to. */
export function packageOf(sourcePath) {
  const modules = sourcePath.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const parts = sourcePath.slice(modules + 'node_modules/'.length).split('/');
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  if (sourcePath.includes('webpack/runtime') || sourcePath.startsWith('webpack/')) return 'webpack runtime';
  const own = sourcePath.match(/(shared|shell|remote-[a-z]+)\/src\//);
  if (own) return own[1] === 'shared' ? '@kagami/shared' : own[1];
  const namespace = sourcePath.match(/^webpack:\/\/([^/]+)\//);
  return namespace ? `${namespace[1]} (own code)` : 'other';
}

/** Bytes of `code` per package, by its source map. */
export function bytesByPackage(code, map) {
  const lines = code.split('\n');
  const result = new Map();
  const credit = (name, bytes) => result.set(name, (result.get(name) ?? 0) + bytes);
  let lineIndex = 0;
  for (const parsed of segments(map.mappings)) {
    const line = lines[lineIndex] ?? '';
    credit('unmapped', parsed.length ? parsed[0].column : line.length);
    parsed.forEach((segment, i) => {
      const end = i + 1 < parsed.length ? parsed[i + 1].column : line.length;
      credit(segment.source >= 0 ? packageOf(map.sources[segment.source]) : 'unmapped', Math.max(0, end - segment.column));
    });
    lineIndex += 1;
  }
  return result;
}
