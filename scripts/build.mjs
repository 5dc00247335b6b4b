// `npm run build`: the whole of dist/, one file per module, in one pass (esbuild, tsc, cem).
//
//   1. the script-tag bundle (scripts/build-bundle.mjs): dist/tender-checkout.js, dist/chunks/client-<hash>.js
//      (zod inlined), dist/chunks/appearance-<hash>.js and dist/locales/<tag>.js (self-contained, minified)
//   2. the npm entries, ESM, not minified, their packages (lit, zod, @lit/react, react) left as imports:
//      dist/{index,define,card,client,react}.js and the code they share, dist/shared-<hash>.js. Their
//      lazy imports of the appearance module and of the locales point at the files of step 1: a locale
//      exists once in the package, whichever entry loads it
//   3. type declarations (tsc, tsconfig.build.json), pruned to the files the entries' declarations reach
//   4. dist/custom-elements.json (cem) and dist/sri.json (Subresource Integrity of the script-tag files)
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnSync } from 'node:child_process';
import * as esbuild from 'esbuild';
import { writeSri } from './sri.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'dist');

/** The npm entries: export name (package.json `exports`) → source module. */
export const NPM_ENTRIES = {
  index: 'src/index.ts',
  define: 'src/define.ts',
  card: 'src/card/index.ts',
  client: 'src/api/client.ts',
  react: 'src/react.ts',
};

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`build: ${command} ${args.join(' ')} failed (exit ${result.status})`);
}

rmSync(dist, { recursive: true, force: true });

// 1. the script-tag bundle
await import('./build-bundle.mjs');
const appearanceFile = readdirSync(join(dist, 'chunks')).find((name) => /^appearance-\w+\.js$/.test(name));
if (!appearanceFile) throw new Error('build: build-bundle.mjs wrote no dist/chunks/appearance-<hash>.js');
const locales = new Set(readdirSync(join(dist, 'locales')).map((name) => name.replace(/\.js$/, '')));

// 2. the npm entries
/** The appearance module and the locales: the self-contained files of step 1, imported lazily. */
const sharedLazyModules = {
  name: 'tender-shared-lazy-modules',
  setup(build) {
    build.onResolve({ filter: /\/themes\/index\.js$/ }, (args) =>
      args.kind === 'dynamic-import' ? { path: `./chunks/${appearanceFile}`, external: true } : undefined,
    );
    build.onResolve({ filter: /^\.\/locales\/[\w-]+\.js$/ }, (args) => {
      if (args.kind !== 'dynamic-import') return undefined;
      const tag = args.path.slice('./locales/'.length, -'.js'.length);
      if (!locales.has(tag)) throw new Error(`build: no dist/locales/${tag}.js`);
      return { path: `./locales/${tag}.js`, external: true };
    });
  },
};
const npm = await esbuild.build({
  entryPoints: Object.entries(NPM_ENTRIES).map(([out, entry]) => ({ in: entry, out })),
  outdir: dist,
  bundle: true,
  splitting: true,
  // every file lands in dist/ itself, so the relative paths of the lazy imports above hold in each
  chunkNames: 'shared-[hash]',
  format: 'esm',
  target: 'es2022',
  platform: 'browser',
  packages: 'external',
  minify: false,
  legalComments: 'none',
  charset: 'utf8',
  tsconfig: join(root, 'tsconfig.json'),
  logLevel: 'warning',
  metafile: true,
  plugins: [sharedLazyModules],
});
const npmFiles = Object.keys(npm.metafile.outputs).map((file) => relative(dist, resolve(root, file)));

// 3. declarations, then only those the entries reach
run(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json']);
const typesDir = join(dist, 'types');
const reached = new Set();
const pending = Object.values(NPM_ENTRIES).map((entry) => join(typesDir, entry.replace(/^src\//, '').replace(/\.ts$/, '.d.ts')));
while (pending.length > 0) {
  const file = pending.pop();
  if (reached.has(file)) continue;
  reached.add(file);
  const text = readFileSync(file, 'utf8');
  for (const match of text.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)['"](\.{1,2}\/[^'"]+)\.js['"]/g)) {
    pending.push(join(dirname(file), `${match[1]}.d.ts`));
  }
}
let pruned = 0;
for (const file of readdirSync(typesDir, { recursive: true })) {
  const path = join(typesDir, file);
  if (path.endsWith('.d.ts') && !reached.has(path)) {
    rmSync(path);
    pruned += 1;
  }
}
const folders = readdirSync(typesDir, { recursive: true }).map((file) => join(typesDir, file)).filter((path) => statSync(path).isDirectory());
for (const folder of folders.sort().reverse()) if (readdirSync(folder).length === 0) rmSync(folder, { recursive: true });

// 4. the manifest and the integrity hashes
run(process.execPath, [join(root, 'node_modules/@custom-elements-manifest/analyzer/cem.js'), 'analyze', '--config', 'custom-elements-manifest.config.mjs']);
const sri = writeSri(dist);

console.log(
  `npm entries: ${npmFiles.sort().join(', ')}; ${reached.size} declaration files (${pruned} unreachable pruned); ` +
    `dist/sri.json: ${Object.keys(sri.files).length} files`,
);
