// The one Vite build of both web applications: Preact (through esbuild's automatic JSX runtime, no
// Babel), hashed scripts and one stylesheet under assets/, each also written as .br and .gz so the
// service sends them compressed without compressing per request (@fastify/static preCompressed).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig } from 'vite';

function precompress() {
  return {
    name: 'svc-precompress',
    apply: 'build',
    writeBundle(options) {
      const assets = path.join(options.dir, 'assets');
      for (const name of readdirSync(assets)) {
        if (!/\.(js|css|svg)$/.test(name)) continue;
        const bytes = readFileSync(path.join(assets, name));
        writeFileSync(path.join(assets, `${name}.gz`), gzipSync(bytes, { level: 9 }));
        writeFileSync(path.join(assets, `${name}.br`), brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}

/** The build of the site whose index.html is in `root`, into `root/dist`. */
export function siteConfig(root) {
  return defineConfig({
    root,
    base: '/',
    logLevel: 'warn',
    esbuild: { jsx: 'automatic', jsxImportSource: 'preact' },
    plugins: [precompress()],
    build: {
      outDir: path.join(root, 'dist'),
      emptyOutDir: true,
      target: 'es2020',
      // Nothing inlined as data: URLs or inline scripts: each site's CSP allows 'self' only.
      assetsInlineLimit: 0,
      modulePreload: { polyfill: false },
      sourcemap: false,
    },
  });
}
