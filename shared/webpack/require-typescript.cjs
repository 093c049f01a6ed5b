const { readFileSync } = require('node:fs');

/**
 * Requires a TypeScript module of src/ (and what it imports) with its types stripped by swc, for the build's own use:
 * the contract's routes, the UI kit's theme.
 */
function requireTypeScript(file) {
  const { transformSync } = require('@swc/core');
  const previous = require.extensions['.ts'];
  require.extensions['.ts'] = (module, filename) => {
    const source = readFileSync(filename, 'utf8');
    module._compile(
      transformSync(source, { filename, module: { type: 'commonjs' }, jsc: { parser: { syntax: 'typescript' } } }).code,
      filename,
    );
  };
  try {
    return require(file);
  } finally {
    require.extensions['.ts'] = previous;
  }
}

module.exports = { requireTypeScript };
