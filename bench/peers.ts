/**
 * The peers' card bundles, built the way the earlier peer survey measured them (docs/performance.md "Peers"), for
 * bench/size.ts (sizes side by side) and bench/eval.ts (script evaluation side by side).
 *
 * - Installs `braintree-web@3.144.0` and `@adyen/adyen-web@6.45.2` into `.bench/peers/` (git-ignored)
 *   with `npm install --prefix .bench/peers --no-save --no-audit --no-fund --ignore-scripts` when that
 *   folder does not hold exactly these versions. They are never project dependencies.
 * - Braintree (card + 3-D Secure): `dist/browser/client.js`, `hosted-fields.js` and
 *   `three-d-secure.js` (unminified browserify UMD files on npm), each minified on its own with
 *   esbuild (`esbuild --minify FILE`: no bundling, no target), the figure being the sum of the three.
 *   They are classic scripts that fill `window.braintree`.
 * - Adyen (card): `esbuild --bundle --minify --format=esm` of the entry
 *   `import { AdyenCheckout, Card } from '@adyen/adyen-web'; export { AdyenCheckout, Card };`,
 *   plus `dist/es/adyen.css` (not minified further), listed separately.
 *
 * The built files go to `.bench/peers/min/`. esbuild is the project's own dev dependency (the survey
 * used 0.28.2; the figures may differ by a few bytes between versions).
 */
import { build, version as esbuildVersion } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const PEERS_DIR = join(root, '.bench', 'peers');
const OUT_DIR = join(PEERS_DIR, 'min');

export const PEER_VERSIONS = { 'braintree-web': '3.144.0', '@adyen/adyen-web': '6.45.2' } as const;
type PeerPackage = keyof typeof PEER_VERSIONS;

/** Raw, gzip (level 9, node:zlib) and brotli (quality 11, node:zlib) bytes of one file's content. */
export interface Sizes {
  bytes: number;
  gzipBytes: number;
  brotliBytes: number;
}

export function sizesOf(content: Uint8Array): Sizes {
  return {
    bytes: content.length,
    gzipBytes: gzipSync(content, { level: 9 }).length,
    brotliBytes: brotliCompressSync(content, {
      params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: content.length },
    }).length,
  };
}

export interface PeerFile extends Sizes {
  /** What the file is, e.g. "client", "hosted-fields", "core + card". */
  label: string;
  /** Absolute path of the built file. */
  path: string;
}

export interface PeerBundle {
  name: 'braintree' | 'adyen';
  title: string;
  packageName: PeerPackage;
  version: string;
  /** How a page loads the JavaScript files: classic scripts in this order, or ES modules. */
  kind: 'classic' | 'module';
  /** The JavaScript files a merchant page loads for card payments (with 3-D Secure). */
  scripts: PeerFile[];
  /** Sum of the scripts' sizes. */
  scriptTotal: Sizes;
  /** Stylesheet the merchant page must load too (Adyen), counted apart from the scripts. */
  css: PeerFile | null;
  /** How the files were made (printed and written to the result). */
  method: string;
}

function installedVersion(name: PeerPackage): string | null {
  const manifest = join(PEERS_DIR, 'node_modules', name, 'package.json');
  if (!existsSync(manifest)) return null;
  const parsed: unknown = JSON.parse(readFileSync(manifest, 'utf8'));
  return typeof parsed === 'object' && parsed !== null && 'version' in parsed && typeof parsed.version === 'string' ? parsed.version : null;
}

/** Installs the pinned peer packages into .bench/peers unless they are there already. */
export function installPeers(log: (line: string) => void = (line) => console.log(line)): void {
  const missing = (Object.keys(PEER_VERSIONS) as PeerPackage[]).filter((name) => installedVersion(name) !== PEER_VERSIONS[name]);
  if (missing.length === 0) return;
  mkdirSync(PEERS_DIR, { recursive: true });
  const specs = (Object.keys(PEER_VERSIONS) as PeerPackage[]).map((name) => `${name}@${PEER_VERSIONS[name]}`);
  const args = ['install', '--prefix', PEERS_DIR, '--no-save', '--no-audit', '--no-fund', '--ignore-scripts', ...specs];
  log(`installing ${specs.join(', ')} into ${PEERS_DIR} (npm ${args.join(' ')})`);
  const result = spawnSync('npm', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (result.status !== 0) {
    throw new Error(`npm install of the peers failed (exit ${result.status}): ${(result.stderr || result.stdout || '').trim().slice(-2000)}`);
  }
  for (const name of Object.keys(PEER_VERSIONS) as PeerPackage[]) {
    if (installedVersion(name) !== PEER_VERSIONS[name]) throw new Error(`${name}@${PEER_VERSIONS[name]} is not in ${PEERS_DIR} after npm install`);
  }
}

function peerFile(label: string, path: string): PeerFile {
  return { label, path, ...sizesOf(readFileSync(path)) };
}

function total(files: readonly Sizes[]): Sizes {
  return files.reduce((sum, file) => ({ bytes: sum.bytes + file.bytes, gzipBytes: sum.gzipBytes + file.gzipBytes, brotliBytes: sum.brotliBytes + file.brotliBytes }), {
    bytes: 0,
    gzipBytes: 0,
    brotliBytes: 0,
  });
}

const BRAINTREE_MODULES = ['client', 'hosted-fields', 'three-d-secure'] as const;

async function buildBraintree(): Promise<PeerBundle> {
  const source = join(PEERS_DIR, 'node_modules', 'braintree-web', 'dist', 'browser');
  const scripts: PeerFile[] = [];
  for (const module of BRAINTREE_MODULES) {
    const outfile = join(OUT_DIR, `bt-${module}.min.js`);
    // = `esbuild --minify dist/browser/<module>.js --outfile=…`: a transform of the UMD file, no bundling
    await build({ entryPoints: [join(source, `${module}.js`)], outfile, minify: true, logLevel: 'warning' });
    scripts.push(peerFile(module, outfile));
  }
  return {
    name: 'braintree',
    title: 'Braintree card + 3DS',
    packageName: 'braintree-web',
    version: PEER_VERSIONS['braintree-web'],
    kind: 'classic',
    scripts,
    scriptTotal: total(scripts),
    css: null,
    method: `braintree-web@${PEER_VERSIONS['braintree-web']} dist/browser/{${BRAINTREE_MODULES.join(',')}}.js, each minified with esbuild ${esbuildVersion} (--minify, no bundling); sum of the three`,
  };
}

const ADYEN_ENTRY = "import { AdyenCheckout, Card } from '@adyen/adyen-web';\nexport { AdyenCheckout, Card };\n";

async function buildAdyen(): Promise<PeerBundle> {
  const entry = join(PEERS_DIR, 'entries', 'adyen-card.js');
  mkdirSync(dirname(entry), { recursive: true });
  writeFileSync(entry, ADYEN_ENTRY);
  const outfile = join(OUT_DIR, 'adyen-card.min.js');
  // = `esbuild --bundle --minify --format=esm entries/adyen-card.js --outfile=…`
  await build({ entryPoints: [entry], outfile, bundle: true, minify: true, format: 'esm', logLevel: 'warning', absWorkingDir: PEERS_DIR });
  const scripts = [peerFile('core + card', outfile)];
  return {
    name: 'adyen',
    title: 'Adyen card',
    packageName: '@adyen/adyen-web',
    version: PEER_VERSIONS['@adyen/adyen-web'],
    kind: 'module',
    scripts,
    scriptTotal: total(scripts),
    css: peerFile('adyen.css', join(PEERS_DIR, 'node_modules', '@adyen', 'adyen-web', 'dist', 'es', 'adyen.css')),
    method: `@adyen/adyen-web@${PEER_VERSIONS['@adyen/adyen-web']}: esbuild ${esbuildVersion} --bundle --minify --format=esm of "import { AdyenCheckout, Card } from '@adyen/adyen-web'; export { AdyenCheckout, Card };"; dist/es/adyen.css as shipped, listed apart`,
  };
}

/** Installs (when absent) and builds both peers; returns their files and sizes. */
export async function preparePeers(log?: (line: string) => void): Promise<PeerBundle[]> {
  installPeers(log);
  mkdirSync(OUT_DIR, { recursive: true });
  return [await buildBraintree(), await buildAdyen()];
}
