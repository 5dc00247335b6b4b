/**
 * The Hyperswitch web SDK built from its source (bench/build-hyperswitch-web.sh), served from an
 * origin of its own as its CDN would, and a merchant page that uses it against the sandbox: the
 * `hyperswitch` subject of bench/cold-load.ts and bench/hyperswitch-pay.ts.
 *
 * The build leaves two placeholders in the SDK's files, its own origin and its default backend
 * (`hyperswitch-bench.json`); they are replaced with the loopback origins of the run when the files
 * are read, before they are gzipped (level 9, as the merchant's files of the bench).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join, relative, sep } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * Chromium's flag for a run with the SDK: every host but `localhost` and the loopback addresses
 * (the rule covers addresses too) is unknown at once. The SDK's frames ask for third-party files
 * (Google Fonts, Braintree, the wallets' scripts, a pixel) that this machine cannot reach;
 * Chromium's resolver answers the first look-up of such a host at once but a second one, from the
 * SDK's other frame or the next page, after 1 to 5 s, which is the offline machine's, not the SDK's.
 */
export const OFFLINE_RESOLVER_ARG = '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1, EXCLUDE ::1';

/** `hyperswitch-bench.json`, written by bench/build-hyperswitch-web.sh. */
export interface HyperswitchBuild {
  dir: string;
  repository: string;
  commit: string;
  version: string;
  sdkUtilsCommit: string;
  /** hyperswitch-web commits reverted to match the sdk-utils commit the build had. */
  reverted: string[];
  /** Path of HyperLoader.js on the SDK's origin. */
  loader: string;
  placeholders: { sdkOrigin: string; backend: string };
}

/** The build in `dir` (BENCH_HYPERSWITCH_DIR), or an error saying what is missing. */
export function readHyperswitchBuild(dir: string): HyperswitchBuild {
  const file = join(dir, 'hyperswitch-bench.json');
  if (!existsSync(file)) throw new Error(`${file} is missing: build the SDK with bench/build-hyperswitch-web.sh <hyperswitch-web repository> <output dir> and point BENCH_HYPERSWITCH_DIR at <output dir>/sdk`);
  const build = { dir, ...(JSON.parse(readFileSync(file, 'utf8')) as Omit<HyperswitchBuild, 'dir'>) };
  if (!existsSync(join(dir, build.loader))) throw new Error(`${join(dir, build.loader)} is missing: the build in ${dir} is incomplete`);
  return build;
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.jpeg': 'image/jpeg',
  '.txt': 'text/plain; charset=utf-8',
};

interface SdkFile {
  type: string;
  body: Buffer;
  gzip: Buffer | null;
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

/**
 * Serves the build on a loopback port (returned; the caller puts it behind the link), every file as
 * the SDK's CDN would: the origins of the run written in, gzipped when the browser accepts it, and
 * cacheable for a year (its paths carry the SDK's version: the most favourable caching for the warm
 * case). `locations/<locale>` and the other extensionless JSON files of `assets/` are JSON.
 */
export async function startHyperswitchServer(build: HyperswitchBuild, origins: { sdk: string; api: string }, listen: (server: Server) => Promise<string>): Promise<number> {
  const files = new Map<string, SdkFile>();
  for (const path of walk(build.dir)) {
    const url = `/${relative(build.dir, path).split(sep).join('/')}`;
    if (url === '/hyperswitch-bench.json') continue;
    const extension = extname(path);
    const type = TYPES[extension] ?? (url.startsWith('/assets/') && extension === '' ? 'application/json' : 'application/octet-stream');
    const text = /^(text\/|application\/json|image\/svg)/.test(type);
    let body = readFileSync(path);
    if (text) body = Buffer.from(body.toString('utf8').replaceAll(build.placeholders.sdkOrigin, origins.sdk).replaceAll(build.placeholders.backend, origins.api));
    files.set(url, { type, body, gzip: text ? gzipSync(body, { level: 9 }) : null });
  }
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    const file = files.get(path);
    if (!file) {
      response.writeHead(404, { 'content-type': 'text/plain', 'access-control-allow-origin': '*' }).end('not found');
      return;
    }
    const gzip = file.gzip !== null && /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
    response
      .writeHead(200, {
        'content-type': file.type,
        'cache-control': 'public, max-age=31536000',
        // the merchant's page preloads app.js and app.css from here, and the SDK fetches its JSON assets
        'access-control-allow-origin': '*',
        ...(gzip ? { 'content-encoding': 'gzip' } : {}),
        vary: 'accept-encoding',
      })
      .end(gzip ? file.gzip : file.body);
  });
  const origin = await listen(server);
  return Number(new URL(origin).port);
}

/**
 * A merchant's checkout page with the SDK, as Hyperswitch's web integration guide has it: HyperLoader.js
 * in `<head>`, then `Hyper(publishableKey, { customBackendUrl })`, `widgets({ clientSecret })` (or, the
 * SDK authorization flow, `widgets({ sdkAuthorization })` with the payment's `sdk_authorization`),
 * `create('payment')` mounted into the page. The SDK's `ready` event is passed on as `tender-ready`
 * on `window`, the event bench/cold-probe.ts takes as "payable"; its `confirmPayment` runs on the
 * form's submit (bench/hyperswitch-pay.ts) and its result is kept in `window.__hyperswitchResult`.
 */
export function hyperswitchPageHtml(
  build: HyperswitchBuild,
  settings: { sdkOrigin: string; apiOrigin: string; publishableKey: string; clientSecret: string; sdkAuthorization?: string },
): string {
  const config = JSON.stringify({ publishableKey: settings.publishableKey, clientSecret: settings.clientSecret, sdkAuthorization: settings.sdkAuthorization ?? null, customBackendUrl: settings.apiOrigin });
  return (
    '<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<meta name="viewport" content="width=device-width, initial-scale=1">\n' +
    '<link rel="icon" href="data:,">\n<title>Checkout — My Shop</title>\n' +
    `<script src="${settings.sdkOrigin}${build.loader}"></script>\n` +
    '</head>\n<body>\n<main>\n<h1>Pay for order 1042</h1>\n' +
    '<form id="payment-form">\n<div id="unified-checkout"></div>\n<button id="submit">Pay</button>\n</form>\n' +
    '</main>\n<script>\n' +
    `const settings = ${config.replaceAll('<', '\\u003c')};\n` +
    'const hyper = Hyper(settings.publishableKey, { customBackendUrl: settings.customBackendUrl });\n' +
    'const widgets = hyper.widgets(settings.sdkAuthorization ? { sdkAuthorization: settings.sdkAuthorization } : { clientSecret: settings.clientSecret });\n' +
    "const payment = widgets.create('payment', { layout: 'tabs' });\n" +
    "payment.on('ready', () => dispatchEvent(new CustomEvent('tender-ready')));\n" +
    "payment.mount('#unified-checkout');\n" +
    "document.getElementById('payment-form').addEventListener('submit', async (event) => {\n" +
    '  event.preventDefault();\n' +
    '  window.__hyperswitchResult = await hyper.confirmPayment({ widgets, confirmParams: { return_url: location.href }, redirect: "if_required" });\n' +
    '});\n' +
    '</script>\n</body>\n</html>\n'
  );
}
