import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ApiError } from './errors.js';

/**
 * What the two web applications' builds (portal-web/dist, workspace-web/dist) have in common when
 * the service sends them: hashed assets cached for a year, a few files at the build's top, and
 * index.html for every page (each site routes in the browser), read again only when rebuilt.
 */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The Content-Security-Policy both sites start from: no inline script or style, fetch to their own
 * origin only, never framed. Each site adds only the sources it needs beyond its own origin
 * (`script`, `frame`, `img`, each a list of sources).
 */
export function siteCsp(extra: { script?: string[]; frame?: string[]; img?: string[] } = {}): string {
  const sources = (more: string[] | undefined) => ["'self'", ...(more ?? [])].join(' ');
  return [
    "default-src 'self'",
    `script-src ${sources(extra.script)}`,
    ...(extra.frame?.length ? [`frame-src ${extra.frame.join(' ')}`] : []),
    "style-src 'self'",
    `img-src ${sources(['data:', 'blob:', ...(extra.img ?? [])])}`,
    "font-src 'self'",
    "connect-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

/** The headers beside the CSP on every answer of either site. */
export const SITE_SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
} as const;

/** index.html of a build, read again only when the build changed it; null without a build. */
export function indexReader(dir: string): () => string | null {
  let cached: { mtimeMs: number; html: string } | null = null;
  return () => {
    const file = path.join(dir, 'index.html');
    let mtimeMs: number;
    try {
      mtimeMs = statSync(file).mtimeMs;
    } catch {
      return null;
    }
    if (!cached || cached.mtimeMs !== mtimeMs) cached = { mtimeMs, html: readFileSync(file, 'utf8') };
    return cached.html;
  };
}

/**
 * Sends the build's file at `sitePath` when it is one: `/assets/<name>` (immutable, Brotli or gzip
 * made at build time when the browser takes it) or a file at the top (favicon, robots.txt:
 * `no-cache`). Undefined when the path is a page (the caller sends index.html); an unknown asset
 * is 404 in the envelope. `reply.sendFile` needs @fastify/static registered with `serve: false`.
 */
export function sendBuiltFile(dir: string, sitePath: string, reply: FastifyReply, site: string): FastifyReply | undefined {
  if (sitePath.startsWith('/assets/')) {
    const name = sitePath.slice('/assets/'.length);
    if (!/^[A-Za-z0-9._-]+$/.test(name) || !existsSync(path.join(dir, 'assets', name))) {
      throw new ApiError('not_found', { message: `No file ${sitePath} in ${site}.`, remedy: 'Reload the page: the site may have been rebuilt.' });
    }
    reply.header('cache-control', IMMUTABLE).header('vary', 'accept-encoding');
    return reply.sendFile(`assets/${name}`, dir);
  }
  const top = sitePath.slice(1);
  if (/^[A-Za-z0-9_-]+\.(?:svg|ico|png|txt|webmanifest)$/.test(top) && existsSync(path.join(dir, top))) {
    reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding');
    return reply.sendFile(top, dir);
  }
  return undefined;
}

/** A page for a site whose build is missing: what to run. */
export function missingBuildPage(what: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Not built</title></head>
<body><h1>${what} is not built</h1>
<p>The service found no build of it. Run <code>npm run build</code> (or <code>npm ci</code>, or <code>npm start</code>) in the service's folder, then reload this page.</p>
</body></html>
`;
}

/**
 * `reply.sendFile(file, dir)` for both sites (each passes its own build folder), registered once:
 * no route of its own, our own Cache-Control, compressed twins sent when the browser takes them.
 */
export async function registerBuiltFileSending(app: FastifyInstance, anyBuildDir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: anyBuildDir,
    serve: false,
    preCompressed: true,
    // Our own headers; `send` would otherwise set `Cache-Control: public, max-age=0`.
    cacheControl: false,
    dotfiles: 'deny',
    index: false,
  });
}
