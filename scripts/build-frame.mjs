// The isolated card frame's files (run by scripts/build-bundle.mjs as part of `npm run build`, by
// `npm run sandbox` and `npm run demo` when dist/frame/ is missing, and by the browser tests into a
// folder of their own):
//
//   <outdir>/assets/frame-<hash>.js   the frame page's script (src/frame/main.ts): form, flow, text, protocol
//   <outdir>/assets/<name>-<hash>.js  its chunks (esbuild code splitting): `late` (the API client and the
//                                     protocol's schemas, src/frame/late.ts), the appearance compiler, the
//                                     preview states, each locale, and code they share
//   <outdir>/inline-<hash>.js         the frame's CRITICAL script as the frame page carries it inline
//                                     (docs/decisions/0093): src/frame/main.ts with everything it imports
//                                     statically and the card extras, in ONE file with no static import;
//                                     its dynamic imports point at the chunks above (`./assets/<name>`,
//                                     relative to the page at /frame/card). It duplicates the few small,
//                                     stateless modules it shares with them (the card's ranges, Luhn, the
//                                     envelope): no module with state exists twice
//   <outdir>/carry-<name>-<hash>.js   the late file and the billing fields' file as the frame page carries them
//                                     after its critical script (docs/decisions/0100): each an inline module
//                                     that puts its exports in the page's registry, where the critical
//                                     script's loader (CARRIED_LOADER, at its start) takes them
//   <outdir>/manifest.json            { script, inline, preload, billing, carried, locales }: what the sandbox's
//                                     frame page (sandbox/pages/frame.ts) holds or names. `preload` is every
//                                     file the form needs before it can be paid (the late file alone;
//                                     `billing`, the billing fields' file, when the form may show them);
//                                     `carried` maps those to their carried texts (a file without one would
//                                     be named by <link rel="modulepreload">): no waterfall. `script` is the
//                                     same entry as a file (kept for tools; the page no longer loads it)
//
// Every asset name carries a content hash, so the sandbox serves them as immutable.
import { createHash } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { localeValuesPlugin } from './locale-values.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * The API client (imported by the payment flow) and the protocol's schemas (by the frame) load after
 * the first paint; both dynamic imports go to src/frame/late.ts, one file with zod inside.
 */
const lateChunk = {
  name: 'tender-frame-late-chunk',
  setup(build) {
    const late = join(root, 'src/frame/late.ts');
    build.onResolve({ filter: /(\/api\/client|^\.\/protocol)\.js$/ }, (args) => (args.kind === 'dynamic-import' ? { path: late } : undefined));
    // the 3-D Secure dialog is the host's to open (FrameHooks.challenge): the frame's build leaves it
    // out, and with it the last other user of zod, which then lives in the late chunk alone
    build.onResolve({ filter: /\/challenge\/challenge-dialog\.js$/ }, (args) =>
      args.kind === 'dynamic-import' ? { path: 'challenge-dialog', namespace: 'tender-frame-none' } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'tender-frame-none' }, () => ({
      contents: 'export function openChallenge() { return Promise.resolve(false); }',
      loader: 'js',
    }));
  },
};

/** What the frame's three esbuild runs (the split build, the inline script, the late file) share. */
const esbuildOptions = (minify) => ({
  absWorkingDir: root,
  bundle: true,
  format: 'esm',
  target: 'es2022',
  platform: 'browser',
  minify,
  legalComments: 'none',
  charset: 'utf8',
  // esbuild reads no tsconfig unless told: without it Lit's decorators break
  tsconfig: join(root, 'tsconfig.json'),
  logLevel: 'warning',
});

/** Builds the frame into `outdir` (default dist/frame). Returns the manifest. */
export async function buildFrame(outdir = join(root, 'dist/frame'), { minify = true, plugins = [] } = {}) {
  rmSync(outdir, { recursive: true, force: true });
  const assets = join(outdir, 'assets');
  mkdirSync(assets, { recursive: true });
  const result = await esbuild.build({
    ...esbuildOptions(minify),
    entryPoints: ['src/frame/main.ts'],
    splitting: true,
    outdir: assets,
    entryNames: 'frame-[hash]',
    chunkNames: '[name]-[hash]',
    metafile: true,
    plugins: [lateChunk, localeValuesPlugin(), ...plugins],
  });
  const outputs = result.metafile.outputs;
  const name = (file) => relative(outdir, join(root, file)).split('\\').join('/');
  const script = Object.keys(outputs).find((file) => outputs[file].entryPoint === 'src/frame/main.ts');
  const client = Object.keys(outputs).find((file) => outputs[file].entryPoint === 'src/frame/late.ts');
  if (!script || !client) throw new Error('build-frame: no frame script or client chunk in the output');

  /** A file and everything it imports statically, in load order. */
  const closure = (file, seen = new Set()) => {
    if (seen.has(file)) return seen;
    seen.add(file);
    for (const imported of outputs[file].imports) if (imported.kind === 'import-statement') closure(imported.path, seen);
    return seen;
  };
  const billing = Object.keys(outputs).find((file) => outputs[file].entryPoint === 'src/elements/tender-checkout/billing-fields.ts');
  if (!billing) throw new Error('build-frame: no billing fields chunk in the output');
  // the two files the page carries after its critical script (docs/decisions/0100), by their URLs as the page reaches them
  const carriedUrls = [`./${name(client)}`, `./${name(billing)}`];
  const inline = await buildInline(outdir, outputs, name, carriedUrls, { minify, plugins });
  const lateCode = await buildWhole('src/frame/late.ts', join(root, client), null, { minify, plugins });
  const billingCode = await buildWhole('src/elements/tender-checkout/billing-fields.ts', join(root, billing), `./${basename(client)}`, { minify, plugins });
  const carried = {};
  for (const [file, code] of [[client, lateCode], [billing, billingCode]]) carried[name(file)] = writeCarried(outdir, name(file), code, carriedUrls);
  // the inline script holds the entry, its static imports and the extras: what it needs next is the late file (client, schemas)
  const preload = [name(client)];
  const locales = {};
  for (const [file, output] of Object.entries(outputs)) {
    const match = /^src\/i18n\/locales\/([\w-]+)\.ts$/.exec(output.entryPoint ?? '');
    if (match) locales[match[1]] = [...closure(file)].map(name);
  }
  const manifest = { script: name(script), inline, preload, billing: [name(billing)], carried, locales };
  writeFileSync(join(outdir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/**
 * A lazily loaded module as one whole file with no static import (`entry` bundled without splitting:
 * src/frame/late.ts, the API client and the protocol's schemas; the billing fields), written over the
 * split build's chunk of the same entry, so what imports it dynamically (the inline script, the saved
 * cards, the confirmation) finds the same exports there. The frame page then preloads one file per
 * module instead of the chunk and its shared pieces, which with the payment and its list would need
 * more than a browser's six connections to the API's origin (ADR 0096). `late`: the late file's name,
 * which the bundle's own imports of the API client and the protocol go to (null for the late file
 * itself, which bundles them). It duplicates small stateless modules of the split build (the card's
 * ranges, `lazy`, `adoptStyles`); the one with state that two copies could disagree on, the
 * payment-method list, keeps its state per window (method-list.ts). The file keeps the split chunk's
 * name: that hash covers the same modules (the chunk names its imports by their hashes), so a new
 * name still comes with any change to what the file holds. Returns the file's text.
 */
async function buildWhole(entry, file, late, { minify, plugins }) {
  const toLate = {
    name: 'tender-frame-to-late',
    setup(build) {
      build.onResolve({ filter: /(\/api\/client|^\.\/protocol)\.js$/ }, (args) => (late && args.kind === 'dynamic-import' ? { path: late, external: true } : undefined));
    },
  };
  const result = await esbuild.build({
    ...esbuildOptions(minify),
    entryPoints: [entry],
    splitting: false,
    write: false,
    outfile: file,
    plugins: [toLate, localeValuesPlugin(), ...plugins],
  });
  const code = result.outputFiles[0].text;
  const imports = [...code.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)].map((match) => match[1]);
  if (/(?:\bfrom|\bimport)\s*["']/.test(code) || imports.some((path) => path !== late)) throw new Error(`build-frame: ${entry} as one file imports another file than the late one`);
  writeFileSync(file, code);
  return code;
}

/**
 * The critical script for the page to carry inline: src/frame/main.ts bundled with its static imports
 * and the card extras (which the form awaits before its first `hello`), without code splitting; each
 * other dynamic import is left as an import of the chunk the split build made for it. Written as
 * `inline-<hash>.js`; returns its path relative to `outdir`.
 */
async function buildInline(outdir, splitOutputs, name, carriedUrls, { minify, plugins }) {
  /** Module (absolute path) → its chunk in the split build, as the page at /frame/card reaches it. */
  const chunkOf = new Map();
  for (const [file, output] of Object.entries(splitOutputs)) {
    if (output.entryPoint && !output.entryPoint.includes(':')) chunkOf.set(join(root, output.entryPoint), `./${name(file)}`);
  }
  const lateFile = chunkOf.get(join(root, 'src/frame/late.ts'));
  const extras = join(root, 'src/elements/tender-checkout/card-extras.ts');
  const toChunks = {
    name: 'tender-frame-inline-chunks',
    setup(build) {
      build.onResolve({ filter: /.*/ }, async (args) => {
        if (args.kind !== 'dynamic-import' || args.pluginData === 'inner') return undefined;
        if (/(\/api\/client|^\.\/protocol)\.js$/.test(args.path)) return { path: lateFile, external: true };
        if (/\/challenge\/challenge-dialog\.js$/.test(args.path)) return undefined; // lateChunk's stub, bundled
        const resolved = await build.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, pluginData: 'inner' });
        if (resolved.errors.length > 0) return { errors: resolved.errors };
        if (resolved.path === extras) return undefined; // bundled: the form waits for it before its first paint is final
        const chunk = chunkOf.get(resolved.path);
        if (!chunk) return { errors: [{ text: `build-frame: ${args.path} (imported by ${args.importer}) has no chunk of its own in the split build` }] };
        return { path: chunk, external: true };
      });
    },
  };
  const result = await esbuild.build({
    ...esbuildOptions(minify),
    entryPoints: ['src/frame/main.ts'],
    splitting: false,
    write: false,
    outfile: join(outdir, 'inline.js'),
    plugins: [toChunks, lateChunk, localeValuesPlugin(), ...plugins],
  });
  // the files the page may carry come from the page's own registry (CARRIED_LOADER), the others by import()
  const code = CARRIED_LOADER + toCarried(result.outputFiles[0].text, carriedUrls, (url) => url);
  checkInline(code, 'the inline script');
  if (/(?:\bfrom|\bimport)\s*["']/.test(code.replace(/import\(\s*["'][^"']*["']\s*\)/g, ''))) throw new Error('build-frame: the inline script has a static import');
  const file = `inline-${createHash('sha256').update(code).digest('base64url').slice(0, 8).toUpperCase().replace(/[^A-Z0-9]/g, 'X')}.js`;
  writeFileSync(join(outdir, file), code);
  return file;
}

/** What would end a <script> element or change how the HTML parser reads its text: refused in whatever the page carries. */
function checkInline(code, what) {
  if (/<\/script|<!--|<script/i.test(code)) throw new Error(`build-frame: ${what} contains </script, <script or <!-- (the HTML parser would cut it)`);
}

/**
 * The start of the critical script: where `import()` of a file the page may carry goes instead
 * (docs/decisions/0100). The page lists the files it carries (`<script type="application/json"
 * id="tender-carried">`, page-relative URLs); each carried module, an inline module script after the
 * critical one, puts its exports in `self.__tenderModules[url]` and calls `self.__tenderDefined(url)`.
 * A file the page lists is taken from there (waiting for its script, which may come later in the
 * document or have run earlier); one it does not list, or one still missing once the page has loaded
 * (its script failed), is imported from its URL as before.
 */
export const CARRIED_LOADER =
  '((w,d)=>{const r=w.__tenderModules??={},p={},q={},c=new Set(JSON.parse(d.getElementById("tender-carried")?.textContent||"[]"));' +
  'w.__tenderDefined=(u)=>q[u]?.(r[u]);' +
  'w.__tenderImport=(u)=>r[u]?Promise.resolve(r[u]):!c.has(u)||d.readyState==="complete"?import(u):p[u]??=new Promise((s)=>{q[u]=s;w.addEventListener("load",()=>s(r[u]??import(u)))})})(self,document);\n';

/** `code` with each `import("<spec>")` of a carried file (`url(spec)` its page-relative URL) going through the page's loader. */
function toCarried(code, carriedUrls, url) {
  return code.replace(/\bimport\(\s*"([^"]+)"\s*\)/g, (whole, spec) => (carriedUrls.includes(url(spec)) ? `self.__tenderImport(${JSON.stringify(url(spec))})` : whole));
}

/**
 * A late module as the frame page carries it, after its critical script (docs/decisions/0100): the
 * whole file `asset` (relative to the frame folder: `assets/late-<hash>.js`; `code`, its text as
 * buildWhole wrote it) with its `export{…}`
 * turned into an entry of the page's registry, and its imports of the other carried file through the
 * page's loader. Written as `carry-<name>` next to the inline script; returns that name.
 */
function writeCarried(outdir, asset, code, carriedUrls) {
  const url = `./${asset}`;
  const exported = /\bexport\s*\{([^}]*)\};?\s*$/.exec(code);
  if (!exported) throw new Error(`build-frame: ${asset} ends with no export list`);
  const members = exported[1]
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
    .map((item) => {
      const [local, as = local] = item.split(/\s+as\s+/);
      return `${JSON.stringify(as)}:${local}`;
    });
  const body = toCarried(code.slice(0, exported.index), carriedUrls, (spec) => `./${join(dirname(asset), spec).split('\\').join('/')}`);
  if (/\bexport\b\s*[{*]|(?:\bfrom|\bimport)\s*["']/.test(body)) throw new Error(`build-frame: ${asset} has another export or a static import`);
  const carried = `${body}(self.__tenderModules??={})[${JSON.stringify(url)}]={${members.join(',')}};self.__tenderDefined?.(${JSON.stringify(url)});\n`;
  checkInline(carried, asset);
  const file = `carry-${basename(asset)}`;
  writeFileSync(join(outdir, file), carried);
  return file;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const outdir = process.argv[2] ? resolve(process.argv[2]) : undefined;
  const manifest = await buildFrame(outdir);
  console.log(`${basename(outdir ?? 'dist/frame')}/: ${manifest.script} and ${manifest.preload.length} preloaded chunks, ${Object.keys(manifest.locales).length} locales`);
}
