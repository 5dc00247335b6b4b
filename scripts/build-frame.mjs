// The isolated card frame's files (run by scripts/build-bundle.mjs as part of `npm run build`, by
// `npm run sandbox` and `npm run demo` when dist/frame/ is missing, and by the browser tests into a
// folder of their own):
//
//   <outdir>/assets/frame-<hash>.js   the frame page's script (src/frame/main.ts): form, flow, text, protocol
//   <outdir>/assets/<name>-<hash>.js  its chunks (esbuild code splitting): `late` (the API client and the
//                                     protocol's schemas, src/frame/late.ts), the appearance compiler, the
//                                     preview states, each locale, and code they share
//   <outdir>/manifest.json            { script, preload, locales }: what the sandbox's frame page
//                                     (sandbox/pages/frame.ts) names. `preload` is every file the form
//                                     needs before it can be paid (the script's static imports, the
//                                     late chunk and the card extras' chunk with theirs), as
//                                     <link rel="modulepreload">: no waterfall
//
// Every asset name carries a content hash, so the sandbox serves them as immutable.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
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

/** Builds the frame into `outdir` (default dist/frame). Returns the manifest. */
export async function buildFrame(outdir = join(root, 'dist/frame'), { minify = true, plugins = [] } = {}) {
  rmSync(outdir, { recursive: true, force: true });
  const assets = join(outdir, 'assets');
  mkdirSync(assets, { recursive: true });
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: ['src/frame/main.ts'],
    bundle: true,
    splitting: true,
    format: 'esm',
    target: 'es2022',
    platform: 'browser',
    minify,
    legalComments: 'none',
    charset: 'utf8',
    // esbuild reads no tsconfig unless told: without it Lit's decorators break
    tsconfig: join(root, 'tsconfig.json'),
    outdir: assets,
    entryNames: 'frame-[hash]',
    chunkNames: '[name]-[hash]',
    metafile: true,
    logLevel: 'warning',
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
  // the marks, the CVC illustration and the network choice (card-extras.ts): the form waits for them before it says
  // hello with its height, so they come at once too
  const extras = Object.keys(outputs).find((file) => Object.keys(outputs[file].inputs).some((input) => input.endsWith('src/elements/tender-checkout/card-extras.ts')));
  if (!extras) throw new Error('build-frame: no chunk with src/elements/tender-checkout/card-extras.ts in the output');
  const preload = [...new Set([...closure(script), ...closure(client), ...closure(extras)])].filter((file) => file !== script).map(name);
  const locales = {};
  for (const [file, output] of Object.entries(outputs)) {
    const match = /^src\/i18n\/locales\/([\w-]+)\.ts$/.exec(output.entryPoint ?? '');
    if (match) locales[match[1]] = [...closure(file)].map(name);
  }
  const manifest = { script: name(script), preload, locales };
  writeFileSync(join(outdir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const outdir = process.argv[2] ? resolve(process.argv[2]) : undefined;
  const manifest = await buildFrame(outdir);
  console.log(`${basename(outdir ?? 'dist/frame')}/: ${manifest.script} and ${manifest.preload.length} preloaded chunks, ${Object.keys(manifest.locales).length} locales`);
}
