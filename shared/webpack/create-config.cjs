// One webpack + Module Federation setup for the shell and every remote.
const path = require('node:path');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const CopyWebpackPlugin = require('copy-webpack-plugin');
const TerserPlugin = require('terser-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { sharedModules, shellSharedModules } = require('./shared-modules.cjs');
const { requireTypeScript } = require('./require-typescript.cjs');
const { themeGlobalStyles } = require('./theme-global-styles.cjs');

const chakraTheme = path.join(path.dirname(require.resolve('@chakra-ui/react/package.json')), 'dist', 'esm', 'theme');
/** Chakra's complete recipe lists, replaced: only the recipes src/ui/theme.ts names are built in. */
const withoutDefaultRecipes = new webpack.NormalModuleReplacementPlugin(/^\.\/(slot-)?recipes\.js$/, (resource) => {
  if (resource.context === chakraTheme) resource.request = path.join(__dirname, 'chakra-no-default-recipes.mjs');
});

/**
 * The shell hands its federation runtime to the remotes (their remoteEntry.js then holds no copy of it).
 * The plugin's ES-module build, so the shell bundles the runtime core once, not a second CommonJS copy.
 */
const provideRuntimeToRemotes = path.join(
  path.dirname(require.resolve('@module-federation/inject-external-runtime-core-plugin')),
  'index.js',
);

/** Every remote's entry file, named in its manifest. */
const REMOTE_ENTRY = 'remoteEntry.js';

/** The contract (src/contract), read from its TypeScript source. */
const readContract = () => requireTypeScript(path.join(__dirname, '..', 'src', 'contract', 'index.ts'));

/**
 * `first-screens.json` beside the shell's page: which remote shows each path (the contract's `routePattern` of each
 * route), and the remotes' entry file. The page's server (scripts/lib/static-server.mjs) has the browser fetch that
 * remote's manifest and entry together with the shell's own script, instead of one after the other once the script
 * has run.
 */
class FirstScreensPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('FirstScreens', (compilation) => {
      const stage = webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL;
      compilation.hooks.processAssets.tap({ name: 'FirstScreens', stage }, () => {
        const { ROUTES, REMOTES, routePattern } = readContract();
        const screens = ROUTES.map((route) => ({ pattern: routePattern(route.path), remote: REMOTES[route.remote] }));
        compilation.emitAsset('first-screens.json', new webpack.sources.RawSource(JSON.stringify({ remoteEntry: REMOTE_ENTRY, screens })));
      });
    });
  }
}

/**
 * V8's explicit compile hint on the entry scripts (the shell's main.js, every remote's remoteEntry.js): Chrome then
 * compiles all of their functions on the thread that streams them in, instead of each one on the main thread the
 * first time it runs. Nearly all of an entry's code runs as the page starts (the federation runtime, and in the shell
 * every shared library), and compiling it lazily was the largest part of the first screen's long tasks. The lazy
 * chunks are left out: much of a screen's code runs only when it is used, and compiling all of it made the first
 * screen slower, not faster. Added after minifying (which would drop it) and before the source maps (which count its
 * line).
 */
const compileHint = new webpack.BannerPlugin({
  banner: '//# allFunctionsCalledOnLoad',
  raw: true,
  entryOnly: true,
  test: /\.js$/,
  stage: webpack.Compilation.PROCESS_ASSETS_STAGE_DEV_TOOLING - 1,
});

const swcOptions = (dev) => ({
  jsc: {
    parser: { syntax: 'typescript', tsx: true },
    transform: { react: { runtime: 'automatic', development: dev } },
    target: 'es2022',
  },
});

/**
 * @param {{
 *   dir: string,
 *   name: string,
 *   port: number,
 *   exposes?: Record<string, string>,
 *   host?: boolean,
 *   federation?: boolean,
 *   outputDir?: string,
 *   alias?: Record<string, string>,
 * }} options `federation: false` builds without Module Federation (measurement only: scripts/measure).
 */
function createWebpackConfig({ dir, name, port, exposes = {}, host = false, federation = true, outputDir, alias = {} }) {
  return (_env, argv) => {
    const dev = argv.mode !== 'production';
    // A production remote runs only inside the shell; the dev server's harness page bundles its own runtime.
    const remoteOfShell = !host && !dev;
    return {
      mode: dev ? 'development' : 'production',
      context: dir,
      entry: { main: './src/index.ts' },
      devtool: dev ? 'eval-cheap-module-source-map' : 'source-map',
      // A cached second production build once produced a shell that crashed (React #130).
      cache: dev ? { type: 'memory' } : false,
      output: {
        path: outputDir ?? path.join(dir, 'dist'),
        filename: '[name].js',
        chunkFilename: '[name].[contenthash].js',
        assetModuleFilename: 'assets/[name].[contenthash][ext]',
        publicPath: host ? '/' : 'auto',
        uniqueName: name,
        clean: true,
      },
      resolve: { extensions: ['.tsx', '.ts', '.js', '.json'], alias },
      module: {
        rules: [
          { test: /\.[jt]sx?$/, exclude: /node_modules/, use: { loader: 'swc-loader', options: swcOptions(dev) } },
          // Production CSS goes to real stylesheets (the font faces alone were 147 KB gzip as JavaScript).
          { test: /\.css$/, use: [dev ? 'style-loader' : MiniCssExtractPlugin.loader, 'css-loader'] },
          // Runs first (a matching rule's loaders run after those of the rules above it, last to first).
          { test: /noto-sans-jp[\\/]wght\.css$/, use: [require.resolve('./japanese-only-font-faces.cjs')] },
          { test: /\.(woff2?|ttf|otf|png|svg|jpg)$/, type: 'asset/resource' },
        ],
      },
      optimization: {
        minimizer: [new TerserPlugin({ minify: TerserPlugin.swcMinify, terserOptions: { compress: true, mangle: true } })],
      },
      plugins: [
        withoutDefaultRecipes,
        ...(dev ? [] : [compileHint, new MiniCssExtractPlugin({ filename: '[name].css', chunkFilename: '[name].[contenthash].css' })]),
        ...(federation
          ? [
              new ModuleFederationPlugin({
                name,
                filename: REMOTE_ENTRY,
                exposes,
                shared: host ? shellSharedModules : sharedModules,
                shareStrategy: 'loaded-first',
                manifest: true,
                dts: false,
                runtimePlugins: host ? [provideRuntimeToRemotes] : [],
                experiments: { externalRuntime: remoteOfShell, optimization: { target: 'web' } },
              }),
            ]
          : []),
        // The shell's page, or a remote's standalone harness page (pnpm --filter remote-x dev).
        ...(remoteOfShell && federation
          ? []
          : [
              new HtmlWebpackPlugin({
                template: path.join(__dirname, 'index.html'),
                inject: 'body',
                scriptLoading: 'defer',
                publicPath: '/',
                templateParameters: { themeStyles: dev ? '' : themeGlobalStyles() },
              }),
            ]),
        ...(host ? [new CopyWebpackPlugin({ patterns: [{ from: 'public' }] })] : []),
        ...(host && federation ? [new FirstScreensPlugin()] : []),
      ],
      devServer: {
        port,
        hot: true,
        historyApiFallback: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        static: host ? { directory: path.join(dir, 'public') } : false,
        client: { overlay: { warnings: false } },
      },
      performance: { hints: false },
      stats: 'errors-warnings',
    };
  };
}

module.exports = { createWebpackConfig };
