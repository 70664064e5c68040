/**
 * Builds the browser app into dist/: the view bundle and index.html; the provider frame a dapp
 * iframes (provider-frame.html, no React); the engine's SharedWorker and dedicated Worker (split
 * off by webpack from `new SharedWorker(new URL(...))` / `new Worker(new URL(...))`); one chunk
 * per non-English locale.
 * Asset URLs are relative to the page's <base>, so the same build serves at / and /v5.0.2/.
 * Types are checked separately with `tsc --noEmit`.
 */
import path from 'node:path';

import { EsbuildPlugin } from 'esbuild-loader';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import webpack, { type Configuration } from 'webpack';

interface BuildEnv {
  production?: boolean;
}

export default function config(
  _env: BuildEnv,
  argv: { mode?: Configuration['mode'] },
): Configuration {
  const production = (argv.mode ?? 'production') === 'production';
  const name = production ? '[name].[contenthash:12]' : '[name]';
  return {
    mode: production ? 'production' : 'development',
    entry: { main: './src/ui/index.tsx', providerFrame: './src/ui/provider-frame/index.ts' },
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
      clean: true,
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
      ],
    },
    plugins: [
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
        chunks: ['providerFrame'],
        // Served as a file (no <base>): relative URLs resolve beside it, under / or /v5.0.2/.
        publicPath: '',
        scriptLoading: 'defer',
      }),
    ],
    optimization: {
      minimize: production,
      minimizer: [
        // esbuild-loader's minifier is much faster than terser on this 2-core machine.
        new EsbuildPlugin({ target: 'es2022' }),
      ],
    },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}
