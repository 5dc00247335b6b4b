import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { join, normalize, sep } from 'node:path';
import type { Context } from 'hono';
import { framePage, framePageHeaders, scriptHash, type FrameManifest } from '../pages/frame.js';
import { frameNeeds } from '../../src/frame/envelope.js';
import { matchLocale } from '../../src/i18n/index.js';
import { errors } from '../domain/errors.js';
import type { App, RouteDeps } from './deps.js';

/** A hashed asset name as scripts/build-frame.mjs writes them. */
const ASSET = /^[\w-]+-[A-Z0-9]{8}\.js$/;

/** A built frame: its manifest, its inline script with that script's CSP hash, and its pages as sent (per locale). */
interface Build {
  mtimeMs: number;
  manifest: FrameManifest;
  inlineScript: string;
  /** The texts of the files the page carries after it (asset path → text; docs/decisions/0100). */
  carried: Record<string, string>;
  /** The CSP sources of the page's scripts: the inline script's hash and each carried file's. */
  inlineHash: string;
  /** Locale (or '' for none) → the page, its brotli and gzip forms and its ETag part. */
  pages: Map<string, { body: string; br: Uint8Array<ArrayBuffer>; gzip: Uint8Array<ArrayBuffer>; tag: string }>;
}

/**
 * The isolated card frame: its page at `/frame/card` (`?key=<publishable key>` picks the merchant
 * whose `allowed_origins` may frame it; `?locale=` preloads that language) and its hashed files at
 * `/frame/assets/…`, from the folder scripts/build-frame.mjs wrote (`frameDir`; dist/frame by default).
 *
 * The page carries the frame's critical script inline (docs/decisions/0093), and after it the files the
 * form needs next (docs/decisions/0100): it is sent with brotli to a browser that takes it (every
 * current browser does over HTTPS, and Chromium on localhost too), else gzipped, with
 * an ETag (the page and its headers), so a second checkout in the same browser revalidates it with a
 * 304 instead of fetching it again.
 *
 * With `?client_secret=` (the element's own frame, and the server-rendered snippet of
 * docs/integration.md) the page is the payment's own: it carries the answers of the two GETs the form
 * would send first (the payment, and its payment-method list unless the form collects no billing
 * details and shows no networks), so the form shows without another round trip (docs/decisions/0098).
 * That page is never cached and never revalidated. The API's own retrieve has always taken the client
 * secret in its query: this URL goes to the same host, no Referer carries it (`no-referrer`), the
 * access log writes the route, not the query, and the frame takes it off its own URL as it starts.
 * A secret in the URL's fragment (`#client_secret=`, the form before 0098) still works: the frame asks
 * for the two itself.
 */
export function frameRoutes(app: App, deps: RouteDeps, frameDir: string): void {
  let cached: Build | null = null;
  /** The build, read again when it changes; null when there is none. */
  const current = (): Build | null => {
    const file = join(frameDir, 'manifest.json');
    try {
      const { mtimeMs } = statSync(file);
      if (cached?.mtimeMs !== mtimeMs) {
        const manifest = JSON.parse(readFileSync(file, 'utf8')) as FrameManifest;
        const inlineScript = readFileSync(join(frameDir, manifest.inline), 'utf8');
        const carried = Object.fromEntries(Object.entries(manifest.carried ?? {}).map(([asset, file]) => [asset, readFileSync(join(frameDir, file), 'utf8')]));
        const inlineHash = [inlineScript, ...Object.values(carried)].map(scriptHash).join(' ');
        cached = { mtimeMs, manifest, inlineScript, carried, inlineHash, pages: new Map() };
      }
      return cached;
    } catch {
      return null;
    }
  };
  const noCors = (c: Context) => c.header('access-control-allow-origin', undefined);
  /** Each asset gzipped once (they are immutable: the name changes with the content). */
  const gzipped = new Map<string, Uint8Array<ArrayBuffer>>();

  app.get('/frame/card', async (c) => {
    noCors(c);
    const key = c.req.query('key');
    const merchant = key?.startsWith('pk_') ? deps.store.merchantByPublishableKey(key) : null;
    const built = current();
    if (!built) {
      c.header('cache-control', 'no-store');
      return c.text('The card frame is not built: run `npm run build` (or `node scripts/build-frame.mjs`).', 503);
    }
    const headers = framePageHeaders(merchant?.allowed_origins ?? [], built.inlineHash);
    for (const [name, value] of headers) c.header(name, value);
    // the catalogue the form will load (`de-CH` → `de`; English is built in)
    const matched = matchLocale(c.req.query('locale') ?? 'en');
    const locale = Object.hasOwn(built.manifest.locales, matched) ? matched : '';
    // the billing fields' chunk too, unless the URL says the form collects none (`billing`, `email`, `phone` all `never`)
    const needs = frameNeeds((name) => c.req.query(name));
    const billing = needs.billing;
    const clientSecret = c.req.query('client_secret');
    if (clientSecret) {
      // the payment's own page (docs/decisions/0098): its answers inside, so the form needs no API round trip to show
      // (none for a key that names no merchant); with a secret in its URL, whatever it carries, kept by no cache
      const answers = merchant && key ? await answersFor(app, c.req.url, key, clientSecret, needs.list) : null;
      const body = framePage(built.manifest, '/frame/', built.inlineScript, locale || null, billing, answers, built.carried).value;
      // the payment's state, and its URL with the secret: kept by no cache (and in no Referer: the page's policy)
      c.header('cache-control', 'no-store');
      c.header('vary', 'accept-encoding');
      c.header('content-type', 'text/html; charset=UTF-8');
      const coding = pageCoding(c.req.header('accept-encoding'));
      if (coding) c.header('content-encoding', coding);
      return c.body(coding ? pack(body, coding, PAGE_BROTLI_QUALITY) : body, 200);
    }
    const variant = `${locale}|${billing ? 'billing' : ''}`;
    let page = built.pages.get(variant);
    if (!page) {
      const body = framePage(built.manifest, '/frame/', built.inlineScript, locale || null, billing, null, built.carried).value;
      page = { body, br: pack(body, 'br', SHARED_PAGE_BROTLI_QUALITY), gzip: pack(body, 'gzip'), tag: createHash('sha256').update(body).digest('base64url').slice(0, 16) };
      built.pages.set(variant, page);
    }
    // the page is most of the frame's bytes now that it carries its script: brotli takes it to under a third
    const coding = pageCoding(c.req.header('accept-encoding'));
    // the same page under other headers (another merchant's frame-ancestors) is another version, and each content
    // coding another representation (a strong validator names its bytes: RFC 9110 § 8.8.1)
    const etag = `"${page.tag}-${createHash('sha256').update(JSON.stringify(headers)).digest('base64url').slice(0, 8)}-${coding ?? 'identity'}"`;
    c.header('etag', etag);
    c.header('vary', 'accept-encoding');
    if ((c.req.header('if-none-match') ?? '').split(/\s*,\s*/).includes(etag)) return c.body(null, 304);
    c.header('content-type', 'text/html; charset=UTF-8');
    if (coding) c.header('content-encoding', coding);
    return c.body(coding ? page[coding] : page.body, 200);
  });

  app.get('/frame/assets/:file', (c) => {
    const name = c.req.param('file');
    if (!ASSET.test(name)) throw errors.unknownRoute();
    const path = normalize(join(frameDir, 'assets', name));
    if (!path.startsWith(normalize(join(frameDir, 'assets')) + sep)) throw errors.unknownRoute();
    let body: Buffer;
    try {
      body = readFileSync(path);
    } catch {
      // not one of this build's files: the API's own 404, as for any path it does not have
      throw errors.unknownRoute();
    }
    c.header('content-type', 'text/javascript; charset=utf-8');
    c.header('x-content-type-options', 'nosniff');
    c.header('cache-control', 'public, max-age=31536000, immutable');
    c.header('vary', 'accept-encoding');
    // the frame's first paint waits for these files: gzip takes them to about a third on the wire
    if (/\bgzip\b/.test(c.req.header('accept-encoding') ?? '')) {
      let packed = gzipped.get(path);
      if (!packed) {
        packed = pack(body, 'gzip');
        gzipped.set(path, packed);
      }
      c.header('content-encoding', 'gzip');
      return c.body(packed, 200);
    }
    return c.body(new Uint8Array(body), 200);
  });
}

/**
 * Brotli quality of a payment's own page, made for each request: 5 packs the 160 KB page to about 50 KB
 * in about 5 ms on this project's 2-core machine, where gzip level 6 gives 55 KB in 8 ms; quality 9 and
 * up would save another 1–5 KB for 0.4–0.7 s of CPU per page.
 */
const PAGE_BROTLI_QUALITY = 5;
/** Brotli quality of the page without a payment, made once per build, language and billing variant. */
const SHARED_PAGE_BROTLI_QUALITY = 7;

/**
 * The content coding to send a page in, from the request's `Accept-Encoding`: `br` where it is taken,
 * else `gzip` (or `*`), else none. A coding with `q=0` is refused.
 */
export function pageCoding(header: string | undefined): 'br' | 'gzip' | null {
  const taken = new Set<string>();
  for (const item of (header ?? '').toLowerCase().split(',')) {
    const [name = '', ...parameters] = item.split(';').map((part) => part.trim());
    const quality = parameters.find((parameter) => parameter.startsWith('q='));
    if (name && !(quality && Number(quality.slice(2)) === 0)) taken.add(name);
  }
  if (taken.has('br')) return 'br';
  return taken.has('gzip') || taken.has('*') ? 'gzip' : null;
}

/** A page or asset packed in `coding` (gzip at level 9; brotli at `quality`, as text). */
function pack(body: string | Buffer, coding: 'br' | 'gzip', quality = SHARED_PAGE_BROTLI_QUALITY): Uint8Array<ArrayBuffer> {
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  if (coding === 'gzip') return new Uint8Array(gzipSync(bytes, { level: 9 }));
  return new Uint8Array(
    brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: quality, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
  );
}

/**
 * The answers of the frame's first GETs, as the API gives them to the frame's own request (the same
 * route, the same `api-key`, through the app itself): `payment` (`GET /payments/{id}?client_secret=`)
 * and `list` (`GET /account/payment_methods?client_secret=`) when `listed`. An answer that is not a
 * 200 is left out: the form asks for it itself and meets the error as it would have.
 */
async function answersFor(app: App, pageUrl: string, key: string, clientSecret: string, listed: boolean): Promise<Record<string, unknown>> {
  const cut = clientSecret.lastIndexOf('_secret_');
  if (cut <= 0) return {};
  const secret = `?client_secret=${encodeURIComponent(clientSecret)}`;
  const paths: [string, string][] = [['payment', `/payments/${encodeURIComponent(clientSecret.slice(0, cut))}${secret}`]];
  if (listed) paths.push(['list', `/account/payment_methods${secret}`]);
  const answers: Record<string, unknown> = {};
  for (const [name, path] of paths) {
    const response = await app.fetch(new Request(new URL(path, pageUrl), { headers: { 'api-key': key } }));
    if (response.status === 200) answers[name] = await response.json();
  }
  return answers;
}
