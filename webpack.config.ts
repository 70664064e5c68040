/**
 * Builds the browser app into dist/: the view bundle and index.html; one chunk per lazy route
 * module (src/ui/routes) with its own CSS file; the provider frame a dapp iframes
 * (provider-frame.html, no React); the embed iframe /popup (popup.html, no React at start) and
 * the files the embedding SDK fetches by name (src/ui/embed-frame/public); the engine's SharedWorker and dedicated Worker (split off by
 * webpack from `new SharedWorker(new URL(...))` / `new Worker(new URL(...))`); one chunk per
 * non-English locale. Styles are CSS Modules (`*.module.css`) plus the global tokens, extracted
 * to .css files by mini-css-extract-plugin.
 * Asset URLs are relative to the page's <base>, so the same build serves at / and /v5.0.2/.
 * Types are checked separately with `tsc --noEmit`.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

import { EsbuildPlugin } from 'esbuild-loader';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import webpack, { type Configuration } from 'webpack';

/**
 * Files the embedding SDK fetches from the wallet origin by fixed names (`css/widget.css`,
 * `images/torus_icon-blue.svg`), copied unchanged into dist/ under the same paths.
 */
class CopyPublicFiles {
  constructor(private readonly dir: string) {}

  apply(compiler: webpack.Compiler): void {
    compiler.hooks.thisCompilation.tap('CopyPublicFiles', (compilation) => {
      compilation.hooks.processAssets.tapPromise(
        { name: 'CopyPublicFiles', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        async () => {
          for (const file of await listFiles(this.dir)) {
            compilation.fileDependencies.add(file);
            const name = path.relative(this.dir, file).split(path.sep).join('/');
            compilation.emitAsset(name, new webpack.sources.RawSource(await readFile(file)));
          }
        },
      );
    });
  }
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) =>
      entry.isDirectory()
        ? listFiles(path.join(dir, entry.name))
        : Promise.resolve([path.join(dir, entry.name)]),
    ),
  );
  return nested.flat();
}

interface BuildEnv {
  production?: boolean;
}

export default function config(
  _env: BuildEnv,
  argv: { mode?: Configuration['mode'] },
): Configuration[] {
  const production = (argv.mode ?? 'production') === 'production';
  return [appConfig(production), sdkConfig(production, 'umd'), sdkConfig(production, 'module')];
}

/**
 * The dapp SDK (src/embed/sdk) as its own small bundle in dist/sdk/: `orrery-embed.umd.js` for
 * script tags (global `OrreryEmbed`, the class at `OrreryEmbed.default`) and `orrery-embed.mjs`.
 */
function sdkConfig(production: boolean, kind: 'umd' | 'module'): Configuration {
  return {
    name: `sdk-${kind}`,
    mode: production ? 'production' : 'development',
    entry: './src/embed/sdk/index.ts',
    target: ['web', 'es2020'],
    devtool: 'source-map',
    output: {
      path: path.resolve(__dirname, 'dist/sdk'),
      filename: kind === 'umd' ? 'orrery-embed.umd.js' : 'orrery-embed.mjs',
      library: kind === 'umd' ? { name: 'OrreryEmbed', type: 'umd' } : { type: 'module' },
      globalObject: 'globalThis',
      clean: false,
    },
    experiments: kind === 'module' ? { outputModule: true } : {},
    resolve: { extensions: ['.ts', '.js'], extensionAlias: { '.js': ['.ts', '.js'] } },
    module: {
      rules: [{ test: /\.ts$/, loader: 'esbuild-loader', options: { target: 'es2020' } }],
    },
    // webpack's own minifier (terser): esbuild's would wrap the UMD wrapper as a lazy module.
    optimization: { minimize: production },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

function appConfig(production: boolean): Configuration {
  const name = production ? '[name].[contenthash:12]' : '[name]';
  return {
    name: 'app',
    mode: production ? 'production' : 'development',
    entry: {
      main: './src/ui/index.tsx',
      providerFrame: './src/ui/provider-frame/index.ts',
      embedFrame: './src/ui/embed-frame/index.ts',
    },
    target: 'web',
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    output: {
      path: path.resolve(__dirname, 'dist'),
      filename: `${name}.js`,
      chunkFilename: `${name}.js`,
      assetModuleFilename: `${name}[ext]`,
      // 'auto' derives chunk URLs from the running script's own URL, so both /
      // and /v5.0.2/ work without rebuilding.
      publicPath: 'auto',
      // dist/sdk/ is the SDK's build, written beside this one.
      clean: { keep: /^sdk\// },
      // Spec part 2 §9: chunk load timeout 120 s; then the route's error boundary offers a reload.
      chunkLoadTimeout: 120_000,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.mjs', '.json'],
      extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
      // micro-ftch (under @ethereumjs/util 8, via eth-sig-util) requires Node's HTTP modules
      // on a code path the worker never takes: leave them out of the bundle.
      fallback: {
        http: false,
        https: false,
        zlib: false,
        util: false,
        url: false,
        buffer: require.resolve('buffer/'),
      },
    },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          loader: 'esbuild-loader',
          options: { target: 'es2022', jsx: 'automatic' },
        },
        {
          test: /\.css$/,
          use: [
            MiniCssExtractPlugin.loader,
            {
              loader: 'css-loader',
              options: {
                // `*.module.css` are scoped per component; other .css files (tokens) are global.
                modules: {
                  auto: true,
                  namedExport: false,
                  exportLocalsConvention: 'as-is',
                  localIdentName: production ? '[hash:base64:8]' : '[name]__[local]',
                },
              },
            },
          ],
        },
      ],
    },
    plugins: [
      new MiniCssExtractPlugin({ filename: `${name}.css`, chunkFilename: `${name}.css` }),
      // eth-sig-util signs typed data with Node's Buffer; the worker gets the npm polyfill.
      new webpack.ProvidePlugin({ Buffer: ['buffer', 'Buffer'] }),
      new HtmlWebpackPlugin({
        template: './src/ui/index.html',
        favicon: './src/ui/favicon.svg',
        chunks: ['main'],
        // Relative script URLs; the static server's injected <base> anchors them.
        publicPath: '',
        scriptLoading: 'defer',
      }),
      new HtmlWebpackPlugin({
        template: './src/ui/provider-frame/provider-frame.html',
        filename: 'provider-frame.html',
        // Every page names its icon, or Chromium asks for /favicon.ico and logs the 404.
        favicon: './src/ui/favicon.svg',
        chunks: ['providerFrame'],
        // Served as a file (no <base>): relative URLs resolve beside it, under / or /v5.0.2/.
        publicPath: '',
        scriptLoading: 'defer',
      }),
      // /popup, the embed iframe: its own small entry, served for /popup by the static server.
      new HtmlWebpackPlugin({
        template: './src/ui/embed-frame/embed-frame.html',
        filename: 'popup.html',
        favicon: './src/ui/favicon.svg',
        chunks: ['embedFrame'],
        publicPath: '',
        scriptLoading: 'defer',
      }),
      new CopyPublicFiles(path.resolve(__dirname, 'src/ui/embed-frame/public')),
    ],
    optimization: {
      minimize: production,
      minimizer: [
        // esbuild-loader's minifier is much faster than terser on this 2-core machine, so it
        // minifies everything but the main bundle. The main bundle, which every first visit
        // loads, goes to webpack's default (terser), which also drops the exports nothing uses
        // (most of react-router): 204 -> 150 KB gzipped, for about 9 s more CPU per build.
        new EsbuildPlugin({ target: 'es2022', css: true, exclude: /^main\..*\.js$/ }),
        '...',
      ],
    },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}
