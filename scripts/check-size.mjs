// `npm run test:size` (in `npm test`, right after `npm run build`): the size gate (docs/architecture.md "Budgets").
//
//   dist/tender-checkout.js      gzip ≤ 6 KB   =  6,144 bytes: the host element, all an isolated page loads
//   dist/chunks/form-*.js        gzip ≤ 22.75 KB = 23,296 bytes: the card form with English (`inline`, `preview`;
//                                the 20 KB of the whole element before the frame, plus the frame's hooks)
//   dist/frame/ critical JS      gzip ≤ 30 KB  = 30,720 bytes: the frame page's script and the chunks it
//                                imports statically (what the form needs to be typeable); the client
//                                chunk and its imports, also preloaded, are printed beside it
//   dist/locales/*.js            gzip ≤ 1.5 KB =  1,536 bytes each (one more locale)
//   dist/chunks/*.js (others)    the client, appearance, protocol, preview and challenge chunks: printed
//                                for information, no budget (docs/decisions/0003)
//
// gzip is node:zlib at level 9 (what `bench/size.ts` and docs/performance.md report); 1 KB = 1,024
// bytes; a file list's size is the sum of its files' gzip sizes (each is fetched on its own). Prints a
// table and exits 1 naming every file over its budget; exits 2 when dist/ has no bundle (run `npm run
// build` first). Plain Node, no dependencies, reads whatever dist/ holds now.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { frameFiles } from './frame-files.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'dist');
const MAIN_BUDGET = 6 * 1024;
const FORM_BUDGET = 22.75 * 1024; // 23,296 B: docs/decisions/0094-form-budget-for-saved-cards-and-billing.md (addendum 2026-11-29)
const FRAME_CRITICAL_BUDGET = 30 * 1024;
const LOCALE_BUDGET = 1.5 * 1024;

const mainFile = join(dist, 'tender-checkout.js');
if (!existsSync(mainFile)) {
  console.error(`size gate: ${relative(root, mainFile)} is missing: run npm run build first`);
  process.exit(2);
}

/** The .js files directly in a dist/ sub-folder, sorted; none when the folder does not exist. */
function jsFiles(folder) {
  const dir = join(dist, folder);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.js'))
    .sort()
    .map((name) => join(dir, name));
}

const kb = (bytes) => `${(bytes / 1024).toFixed(2)} KB`;
const rows = [];
const over = [];

function check(file, budget) {
  const content = readFileSync(file);
  const gzip = gzipSync(content, { level: 9 }).length;
  const name = relative(root, file);
  const ok = budget === null || gzip <= budget;
  if (!ok) over.push(`${name} (${gzip.toLocaleString('en')} bytes gzip, budget ${budget.toLocaleString('en')})`);
  rows.push([
    name,
    content.length.toLocaleString('en'),
    `${gzip.toLocaleString('en')} (${kb(gzip)})`,
    budget === null ? '(info)' : `${budget.toLocaleString('en')} (${kb(budget)})`,
    budget === null ? '' : ok ? 'ok' : 'OVER',
  ]);
  return gzip;
}

const mainGzip = check(mainFile, MAIN_BUDGET);
const clientChunks = jsFiles('chunks');
for (const file of clientChunks) check(file, /[\\/]form-\w+\.js$/.test(file) ? FORM_BUDGET : null);

/** The frame's files (scripts/frame-files.mjs, shared with bench/cold-load.ts): its script with its static imports, and what the page carries after it or preloads (docs/decisions/0100). */
const frame = frameFiles(join(dist, 'frame'));
let frameCritical = 0;
if (frame) {
  const gzipOf = (file) => gzipSync(readFileSync(join(dist, 'frame', file)), { level: 9 }).length;
  for (const file of frame.critical) frameCritical += gzipOf(file);
  const rest = frame.upFront.filter((file) => !frame.critical.includes(file));
  const restGzip = rest.reduce((sum, file) => sum + gzipOf(file), 0);
  const ok = frameCritical <= FRAME_CRITICAL_BUDGET;
  if (!ok) over.push(`dist/frame critical JS (${frameCritical.toLocaleString('en')} bytes gzip, budget ${FRAME_CRITICAL_BUDGET.toLocaleString('en')})`);
  rows.push([`dist/frame: ${frame.critical[0]} + ${frame.critical.length - 1} static imports`, '', `${frameCritical.toLocaleString('en')} (${kb(frameCritical)})`, `${FRAME_CRITICAL_BUDGET.toLocaleString('en')} (${kb(FRAME_CRITICAL_BUDGET)})`, ok ? 'ok' : 'OVER']);
  rows.push([`dist/frame: the client and ${rest.length - 1} more, carried or preloaded`, '', `${restGzip.toLocaleString('en')} (${kb(restGzip)})`, '(info)', '']);
} else {
  over.push('dist/frame/manifest.json is missing (scripts/build-frame.mjs)');
}
const locales = jsFiles('locales');
for (const file of locales) check(file, LOCALE_BUDGET);

const header = ['file', 'raw bytes', 'gzip -9 bytes', 'budget (gzip bytes)', 'verdict'];
const widths = header.map((cell, column) => Math.max(cell.length, ...rows.map((row) => row[column].length)));
const line = (cells) => cells.map((cell, column) => (column === 0 || column === 4 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join('  ');
console.log(line(header));
console.log(line(widths.map((width) => '-'.repeat(width))));
for (const row of rows) console.log(line(row));
console.log(
  `\n${locales.length} locale module${locales.length === 1 ? '' : 's'}, ${clientChunks.length} client chunk${clientChunks.length === 1 ? '' : 's'}; ` +
    `main file (the host) ${kb(mainGzip)} of ${kb(MAIN_BUDGET)}; frame critical JS ${kb(frameCritical)} of ${kb(FRAME_CRITICAL_BUDGET)} (1 KB = 1,024 bytes; gzip = node:zlib level 9)`,
);
if (clientChunks.length === 0) console.log('note: no dist/chunks/*.js (the client chunk of docs/decisions/0003 is missing)');

if (over.length > 0) {
  console.error(`\nsize gate FAILED, over budget (docs/architecture.md "Budgets"): ${over.join('; ')}`);
  process.exit(1);
}
console.log('size gate: every file within budget (docs/architecture.md "Budgets")');
