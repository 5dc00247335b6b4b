/**
 * Bundle size against the budget and against the peers, in one run (docs/architecture.md "Budgets":
 * `dist/tender-checkout.js`, the host element, gzip ≤ 6 KB; one more locale, gzip ≤ 1.5 KB; 1 KB =
 * 1,024 bytes).
 *
 * 1. Always rebuilds the script-tag bundle first with `node scripts/build-bundle.mjs` (the step of
 *    `npm run build` that writes `dist/tender-checkout.js`, `dist/chunks/client-<hash>.js` and
 *    `dist/locales/<tag>-<hash>.js` from `src/`), so the figures are those of the source as it is
 *    now, whatever locales exist. The other steps of `npm run build` (Vite's npm entries, type
 *    declarations, custom-elements.json) do not touch these files and are skipped.
 *    BENCH_SIZE_BUILD=0 measures dist/ as it is instead (it must exist: `npm run build`).
 * 2. Measures raw, gzip (node:zlib level 9, as the size gate `scripts/check-size.mjs`) and brotli
 *    (node:zlib quality 11) of: the main file; the client chunk (loaded with the first payment,
 *    docs/decisions/0003); the total a page downloads before its first payment request (main +
 *    client chunk, two files); any other lazy chunk in dist/chunks/ (information); every locale module (largest, median, each one against its budget).
 * 3. Installs (when absent) and builds the peers' card bundles (bench/peers.ts):
 *    Braintree client + hosted-fields + three-d-secure, Adyen core + card (+ its CSS apart).
 *
 *   npx tsx bench/size.ts
 *
 * Prints tables, writes `.bench/size.json`, exits 1 when a budget is missed, 2 when the run failed
 * (or took more than 3 minutes; BENCH_TIME_LIMIT_MS overrides).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { busyCpusBefore, machine, printTable, root, runBenchmark, writeResult } from './browser.js';
import { preparePeers, sizesOf, type Sizes } from './peers.js';

const BUDGET = { mainGzipBytes: 6 * 1024, localeGzipBytes: 1.5 * 1024 };
const LIMIT_MS = 180_000;
const dist = join(root, 'dist');

interface MeasuredFile extends Sizes {
  file: string;
}

const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;
const bytesText = (bytes: number): string => bytes.toLocaleString('en');

function measure(path: string): MeasuredFile {
  return { file: relative(root, path), ...sizesOf(readFileSync(path)) };
}

function jsFiles(folder: string): string[] {
  const dir = join(dist, folder);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.js'))
    .sort()
    .map((name) => join(dir, name));
}

function add(files: readonly Sizes[]): Sizes {
  return files.reduce((sum, file) => ({ bytes: sum.bytes + file.bytes, gzipBytes: sum.gzipBytes + file.gzipBytes, brotliBytes: sum.brotliBytes + file.brotliBytes }), {
    bytes: 0,
    gzipBytes: 0,
    brotliBytes: 0,
  });
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** The locale tag of `dist/locales/<tag>-<hash>.js` (esbuild's hash has no dash). */
const localeTag = (file: string): string => (file.split('/').pop() ?? file).replace(/-[A-Z0-9]+\.js$/, '');

async function main(): Promise<number> {
  const loadBefore = machine().loadAverage;
  const busyBefore = await busyCpusBefore(250);
  const rebuild = process.env.BENCH_SIZE_BUILD !== '0';
  if (rebuild) {
    const result = spawnSync(process.execPath, ['scripts/build-bundle.mjs'], { cwd: root, encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`node scripts/build-bundle.mjs failed (exit ${result.status}):\n${result.stderr}${result.stdout}`);
    console.log(`built: ${result.stdout.trim()}`);
  }
  const mainPath = join(dist, 'tender-checkout.js');
  if (!existsSync(mainPath)) throw new Error('dist/tender-checkout.js is missing: run npm run build');

  const mainFile = measure(mainPath);
  const chunks = jsFiles('chunks').map(measure);
  const clientChunks = chunks.filter((chunk) => /\/client-[^/]+\.js$/.test(chunk.file));
  if (clientChunks.length !== 1) throw new Error(`expected one dist/chunks/client-<hash>.js, found ${clientChunks.length}: run npm run build`);
  const clientChunk = clientChunks[0] as MeasuredFile;
  // other lazy chunks (e.g. the appearance code), loaded only when a page needs them: reported, no budget
  const otherChunks = chunks.filter((chunk) => chunk !== clientChunk);
  const beforeFirstPayment = add([mainFile, clientChunk]);
  const locales = jsFiles('locales').map((path) => ({ tag: localeTag(path), ...measure(path) }));
  const localesOver = locales.filter((locale) => locale.gzipBytes > BUDGET.localeGzipBytes);
  const largestLocale = locales.reduce<(typeof locales)[number] | null>((largest, locale) => (largest === null || locale.gzipBytes > largest.gzipBytes ? locale : largest), null);
  const localeMedian = { gzipBytes: median(locales.map((locale) => locale.gzipBytes)), brotliBytes: median(locales.map((locale) => locale.brotliBytes)) };
  const mainOk = mainFile.gzipBytes <= BUDGET.mainGzipBytes;
  const ok = mainOk && localesOver.length === 0;

  const peers = await preparePeers();

  const row = (what: string, sizes: Sizes, budget = '', verdict = ''): string[] => [
    what,
    bytesText(sizes.bytes),
    `${bytesText(sizes.gzipBytes)} (${kb(sizes.gzipBytes)})`,
    `${bytesText(sizes.brotliBytes)} (${kb(sizes.brotliBytes)})`,
    budget,
    verdict,
  ];
  const header = ['what', 'raw bytes', 'gzip -9', 'brotli -11', 'budget (gzip)', 'result'];
  console.log('\nBundle size: gzip = node:zlib level 9, brotli = node:zlib quality 11; 1 KB = 1,024 bytes');
  console.log(`node ${process.version}; ${machine().cpus} CPUs (${machine().cpuModel}), load ${loadBefore} at start, ${busyBefore ?? '?'} CPUs busy before start`);
  console.log(`dist/ ${rebuild ? 'rebuilt by node scripts/build-bundle.mjs in this run' : 'as found (BENCH_SIZE_BUILD=0)'}; ${locales.length} locale modules\n`);
  printTable(header, [
    row(mainFile.file, mainFile, `≤ ${bytesText(BUDGET.mainGzipBytes)} (${kb(BUDGET.mainGzipBytes)})`, mainOk ? 'ok' : 'MISSED'),
    row(clientChunk.file, clientChunk, '(info)'),
    row('before the first payment request (main + client chunk)', beforeFirstPayment, '(info)'),
    ...otherChunks.map((chunk) => row(`${chunk.file} (lazy, when needed)`, chunk, '(info)')),
    ...(largestLocale
      ? [
          row(`largest locale (${largestLocale.tag}, ${largestLocale.file})`, largestLocale, `≤ ${bytesText(BUDGET.localeGzipBytes)} (${kb(BUDGET.localeGzipBytes)}) each`, localesOver.length === 0 ? 'ok' : `MISSED (${localesOver.length})`),
          [`median locale (of ${locales.length})`, '', `${bytesText(localeMedian.gzipBytes)} (${kb(localeMedian.gzipBytes)})`, `${bytesText(localeMedian.brotliBytes)} (${kb(localeMedian.brotliBytes)})`, '(info)', ''],
        ]
      : [['locales', 'none in dist/locales/', '', '', `≤ ${bytesText(BUDGET.localeGzipBytes)} each`, 'ok']]),
  ]);
  if (locales.length > 0) {
    console.log(`\nlocales (gzip bytes): ${locales.map((locale) => `${locale.tag} ${bytesText(locale.gzipBytes)}${locale.gzipBytes > BUDGET.localeGzipBytes ? ' OVER' : ''}`).join(', ')}`);
  }

  console.log('\nPeers, built in this run (bench/peers.ts)\n');
  const peerRows: string[][] = [];
  const peerRow = (what: string, sizes: Sizes, comparison: string): string[] => [...row(what, sizes).slice(0, 4), comparison];
  const ratio = (sizes: Sizes, ours: Sizes) => `${(sizes.gzipBytes / ours.gzipBytes).toFixed(1)}× main, ${(sizes.gzipBytes / beforeFirstPayment.gzipBytes).toFixed(1)}× main + client`;
  for (const peer of peers) {
    const single = peer.scripts.length === 1;
    for (const script of peer.scripts) {
      peerRows.push(peerRow(`${peer.title}: ${script.label} (${relative(root, script.path)})`, script, single ? ratio(script, mainFile) : ''));
    }
    if (!single) peerRows.push(peerRow(`${peer.title}: JavaScript total`, peer.scriptTotal, ratio(peer.scriptTotal, mainFile)));
    if (peer.css) {
      peerRows.push(peerRow(`${peer.title}: CSS (${relative(root, peer.css.path)})`, peer.css, ''));
      const withCss = add([peer.scriptTotal, peer.css]);
      peerRows.push(peerRow(`${peer.title}: JavaScript + CSS`, withCss, ratio(withCss, mainFile)));
    }
  }
  printTable(['what', 'raw bytes', 'gzip -9', 'brotli -11', 'gzip vs ours'], peerRows);
  for (const peer of peers) console.log(`- ${peer.method}`);
  console.log('Not counted for the peers: their card-field iframes and 3-D Secure scripts, loaded at run time from their hosts.');

  if (!mainOk) console.log(`\n${mainFile.file} is ${bytesText(mainFile.gzipBytes)} bytes gzip, over its ${bytesText(BUDGET.mainGzipBytes)}`);
  for (const locale of localesOver) console.log(`${locale.file} is ${bytesText(locale.gzipBytes)} bytes gzip, over its ${bytesText(BUDGET.localeGzipBytes)}`);
  console.log(ok ? '\nwithin budget (docs/architecture.md "Budgets")' : '\nBUDGET MISSED (docs/architecture.md "Budgets")');

  const file = writeResult('size', {
    benchmark: 'size',
    date: new Date().toISOString(),
    definition: 'raw bytes, gzip (node:zlib level 9) and brotli (node:zlib quality 11) of the built files; 1 KB = 1,024 bytes',
    node: process.version,
    machine: { ...machine(), loadAverageAtStart: loadBefore, busyCpusBeforeStart: busyBefore },
    rebuilt: rebuild,
    budget: BUDGET,
    ok,
    main: mainFile,
    clientChunk,
    otherChunks,
    beforeFirstPayment,
    locales: {
      count: locales.length,
      largest: largestLocale,
      medianGzipBytes: localeMedian.gzipBytes,
      medianBrotliBytes: localeMedian.brotliBytes,
      over: localesOver.map((locale) => locale.file),
      files: locales,
    },
    peers: peers.map((peer) => ({
      ...peer,
      scripts: peer.scripts.map((script) => ({ ...script, path: relative(root, script.path) })),
      css: peer.css ? { ...peer.css, path: relative(root, peer.css.path) } : null,
    })),
  });
  console.log(`wrote ${file}`);
  return ok ? 0 : 1;
}

runBenchmark('size', LIMIT_MS, main);
