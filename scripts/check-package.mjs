// `npm run test:package` (in `npm test`, after `npm run build`): checks the tarball `npm pack` makes,
// the way the ecosystem does, plus what those tools do not look at.
//
//   1. publint on the tarball (package.json fields, exports, files that exist)
//   2. @arethetypeswrong/cli on the tarball, profile esm-only (the package is ESM; CommonJS `require`
//      and node10 resolution are out of scope): every entry has types that resolve like its JavaScript
//   3. the file list against an allow-list (nothing else ships: no tests, no sandbox, no admin types,
//      every locale once) and against the required files (LICENSE, README.md, CHANGELOG.md, every
//      `exports` target)
//   4. dist/ ≤ 960,000 bytes unpacked and ≤ 130 files; the whole tarball ≤ 600,000 bytes packed and
//      ≤ 200 files (docs/packaging.md gives today's figures)
//   5. every relative link of the shipped Markdown files resolves to a shipped file (a folder link to
//      a shipped folder)
//   6. the element is registered only by files package.json's `sideEffects` names (a bundler drops
//      any other file whose exports go unused)
//   7. dist/sri.json holds the right hash of every script-tag file, and names no file that is missing
//
// Prints the figures; exits 1 naming every failure. Needs dist/ (`npm run build`).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { integrity } from './sri.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
/** The whole tarball, the guide included. */
const MAX_PACKED_BYTES = 600_000;
const MAX_FILES = 200;
/** What the entries load: dist/ (the guide's growth does not count against it). */
const MAX_DIST_BYTES = 960_000;
const MAX_DIST_FILES = 130;

/** Every file the package may ship; anything else in the tarball is a failure. */
export const ALLOWED = [
  /^package\.json$/,
  /^README\.md$/,
  /^LICENSE$/,
  /^CHANGELOG\.md$/,
  /^SECURITY\.md$/,
  /^docs\/[\w-]+\.md$/,
  /^docs\/decisions\/[\w-]+\.md$/,
  /^docs\/images\/themes\/[\w-]+\.png$/,
  /^dist\/(index|define|card|client|react|tender-checkout)\.js$/,
  /^dist\/shared-\w+\.js$/,
  /^dist\/chunks\/(form|protocol|client|appearance|preview|challenge|confirmation|extras|saved|billing)-\w+\.js$/,
  /^dist\/locales\/[a-z]{2,3}(-[A-Za-z0-9]+)?\.js$/,
  /^dist\/types\/(index|define|react|events)\.d\.ts$/,
  /^dist\/types\/(api|card|elements|flow|i18n|money|themes)\/[\w/-]+\.d\.ts$/,
  /^dist\/(custom-elements|sri)\.json$/,
];
/** Files the allow-list would admit but that must never ship. */
export const FORBIDDEN = [/^dist\/types\/api\/admin\.d\.ts$/, /\.test\./, /^dist\/types\/i18n\/locales\//];

const failures = [];
let distFiles = [];
let distBytes = 0;
const fail = (message) => failures.push(message);

const packDir = mkdtempSync(join(tmpdir(), 'tender-pack-'));
try {
  const pack = spawnSync('npm', ['pack', '--json', '--pack-destination', packDir], { cwd: root, encoding: 'utf8' });
  if (pack.status !== 0) throw new Error(`npm pack failed:\n${pack.stderr}`);
  const [info] = JSON.parse(pack.stdout);
  const tarball = join(packDir, info.filename);
  const files = info.files.map((file) => file.path).sort();
  const shipped = new Set(files);
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const read = (file) => readFileSync(join(root, file), 'utf8');

  // 1. publint
  const lint = spawnSync(process.execPath, [join(root, 'node_modules/publint/src/cli.js'), 'run', tarball, '--strict', '--level', 'suggestion'], {
    cwd: root,
    encoding: 'utf8',
  });
  if (lint.status !== 0 || !/All good!/.test(lint.stdout)) fail(`publint:\n${lint.stdout}${lint.stderr}`);

  // 2. are the types wrong
  const attw = spawnSync(process.execPath, [join(root, 'node_modules/@arethetypeswrong/cli/dist/index.js'), tarball, '--profile', 'esm-only', '--format', 'ascii'], {
    cwd: root,
    encoding: 'utf8',
  });
  if (attw.status !== 0) fail(`are-the-types-wrong:\n${attw.stdout}${attw.stderr}`);

  // 3. allow-list and required files
  for (const file of files) {
    if (!ALLOWED.some((pattern) => pattern.test(file))) fail(`not on the allow-list: ${file}`);
    if (FORBIDDEN.some((pattern) => pattern.test(file))) fail(`must not ship: ${file}`);
  }
  const targets = Object.values(pkg.exports).flatMap((target) => (typeof target === 'string' ? [target] : Object.values(target)));
  for (const file of ['LICENSE', 'README.md', 'CHANGELOG.md', ...targets.map((target) => normalize(target))]) {
    if (!shipped.has(file)) fail(`missing from the tarball: ${file}`);
  }
  const localeSources = readdirSync(join(root, 'src/i18n/locales')).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'));
  const localeFiles = files.filter((file) => file.startsWith('dist/locales/'));
  if (localeFiles.length !== localeSources.length) fail(`${localeFiles.length} files in dist/locales/ for ${localeSources.length} locale modules`);

  // 4. size
  if (info.size > MAX_PACKED_BYTES) fail(`packed size ${info.size} bytes > ${MAX_PACKED_BYTES}`);
  if (files.length > MAX_FILES) fail(`${files.length} files > ${MAX_FILES}`);
  distFiles = info.files.filter((file) => file.path.startsWith('dist/'));
  distBytes = distFiles.reduce((sum, file) => sum + file.size, 0);
  if (distBytes > MAX_DIST_BYTES) fail(`dist/ ${distBytes} bytes unpacked > ${MAX_DIST_BYTES}`);
  if (distFiles.length > MAX_DIST_FILES) fail(`${distFiles.length} files in dist/ > ${MAX_DIST_FILES}`);

  // 5. links of the shipped Markdown
  for (const file of files.filter((name) => name.endsWith('.md'))) {
    for (const [, target] of read(file).matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('#')) continue;
      const path = normalize(join(dirname(file), decodeURI(target.split('#')[0])));
      const found = target.endsWith('/') ? files.some((name) => name.startsWith(path.endsWith('/') ? path : `${path}/`)) : shipped.has(path);
      if (!found) fail(`${file}: the link ${target} points at ${path}, which is not in the tarball`);
    }
  }

  // 6. registration only in side-effect files
  const sideEffects = new Set(pkg.sideEffects.map((file) => normalize(file)));
  for (const file of files.filter((name) => name.endsWith('.js'))) {
    if (/\.define\(\s*["']tender-checkout["']\s*\)/.test(read(file)) && !sideEffects.has(file)) fail(`${file} registers the element but is not in package.json sideEffects`);
  }

  // 7. integrity hashes
  const sri = JSON.parse(read('dist/sri.json'));
  const scriptTagFiles = files.filter((name) => /^dist\/(tender-checkout\.js|chunks\/|locales\/)/.test(name)).map((name) => name.slice('dist/'.length));
  for (const file of scriptTagFiles) {
    if (sri.files[file] !== integrity(readFileSync(join(root, 'dist', file)))) fail(`dist/sri.json: no or a wrong hash for ${file}`);
  }
  for (const file of Object.keys(sri.files)) if (!scriptTagFiles.includes(file)) fail(`dist/sri.json names ${file}, which is not in the tarball`);

  console.log(
    `package: ${info.filename}, ${info.size.toLocaleString('en')} bytes packed (limit ${MAX_PACKED_BYTES.toLocaleString('en')}), ` +
      `${info.unpackedSize.toLocaleString('en')} unpacked, ${files.length} files (limit ${MAX_FILES}); ` +
      `dist/ ${distBytes.toLocaleString('en')} bytes unpacked (limit ${MAX_DIST_BYTES.toLocaleString('en')}), ${distFiles.length} files (limit ${MAX_DIST_FILES}); ` +
      `publint ${lint.status === 0 ? 'ok' : 'FAILED'}; are-the-types-wrong ${attw.status === 0 ? 'ok' : 'FAILED'}; ${Object.keys(sri.files).length} SRI hashes`,
  );
} finally {
  rmSync(packDir, { recursive: true, force: true });
}

if (failures.length > 0) {
  console.error(`\npackage check FAILED:\n- ${failures.join('\n- ')}`);
  process.exit(1);
}
console.log('package check: ok');
