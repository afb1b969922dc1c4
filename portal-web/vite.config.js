// The portal website's build: Preact (through esbuild's automatic JSX runtime, no Babel), one
// hashed script and one stylesheet under assets/, each also written as .br and .gz so the service
// sends them compressed without compressing per request (@fastify/static preCompressed).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig } from 'vite';

const root = path.dirname(fileURLToPath(import.meta.url));

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

export default defineConfig({
  root,
  base: '/',
  logLevel: 'warn',
  esbuild: { jsx: 'automatic', jsxImportSource: 'preact' },
  plugins: [precompress()],
  build: {
    outDir: path.join(root, 'dist'),
    emptyOutDir: true,
    target: 'es2020',
    // Nothing inlined as data: URLs or inline scripts: the site's CSP allows 'self' only.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    sourcemap: false,
  },
});
