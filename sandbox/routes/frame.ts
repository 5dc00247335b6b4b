import { readFileSync, statSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join, normalize, sep } from 'node:path';
import type { Context } from 'hono';
import { framePage, framePageHeaders, type FrameManifest } from '../pages/frame.js';
import { matchLocale } from '../../src/i18n/index.js';
import type { App, RouteDeps } from './deps.js';

/** A hashed asset name as scripts/build-frame.mjs writes them. */
const ASSET = /^[\w-]+-[A-Z0-9]{8}\.js$/;

/**
 * The isolated card frame: its page at `/frame/card` (`?key=<publishable key>` picks the merchant
 * whose `allowed_origins` may frame it; `?locale=` preloads that language) and its hashed files at
 * `/frame/assets/…`, from the folder scripts/build-frame.mjs wrote (`frameDir`; dist/frame by default).
 */
export function frameRoutes(app: App, deps: RouteDeps, frameDir: string): void {
  let cached: { mtimeMs: number; manifest: FrameManifest } | null = null;
  /** The build's manifest, read again when the build changes; null when there is no build. */
  const manifest = (): FrameManifest | null => {
    const file = join(frameDir, 'manifest.json');
    try {
      const { mtimeMs } = statSync(file);
      if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, manifest: JSON.parse(readFileSync(file, 'utf8')) as FrameManifest };
      return cached.manifest;
    } catch {
      return null;
    }
  };
  const noCors = (c: Context) => c.header('access-control-allow-origin', undefined);
  /** Each asset gzipped once (they are immutable: the name changes with the content). */
  const gzipped = new Map<string, Uint8Array<ArrayBuffer>>();

  app.get('/frame/card', (c) => {
    noCors(c);
    const key = c.req.query('key');
    const merchant = key?.startsWith('pk_') ? deps.store.merchantByPublishableKey(key) : null;
    for (const [name, value] of framePageHeaders(merchant?.allowed_origins ?? [])) c.header(name, value);
    const built = manifest();
    if (!built) {
      c.header('cache-control', 'no-store');
      return c.text('The card frame is not built: run `npm run build` (or `node scripts/build-frame.mjs`).', 503);
    }
    // the catalogue the form will load (`de-CH` → `de`; English is built in)
    const locale = matchLocale(c.req.query('locale') ?? 'en');
    return c.html(framePage(built, '/frame/', Object.hasOwn(built.locales, locale) ? locale : null).value);
  });

  app.get('/frame/assets/:file', (c) => {
    const name = c.req.param('file');
    if (!ASSET.test(name)) return c.text('Not found', 404);
    const path = normalize(join(frameDir, 'assets', name));
    if (!path.startsWith(normalize(join(frameDir, 'assets')) + sep)) return c.text('Not found', 404);
    let body: Buffer;
    try {
      body = readFileSync(path);
    } catch {
      return c.text('Not found', 404);
    }
    c.header('content-type', 'text/javascript; charset=utf-8');
    c.header('x-content-type-options', 'nosniff');
    c.header('cache-control', 'public, max-age=31536000, immutable');
    c.header('vary', 'accept-encoding');
    // the frame's first paint waits for these files: gzip takes them to about a third on the wire
    if (/\bgzip\b/.test(c.req.header('accept-encoding') ?? '')) {
      let packed = gzipped.get(path);
      if (!packed) {
        packed = new Uint8Array(gzipSync(body, { level: 9 }));
        gzipped.set(path, packed);
      }
      c.header('content-encoding', 'gzip');
      return c.body(packed, 200);
    }
    return c.body(new Uint8Array(body), 200);
  });
}
