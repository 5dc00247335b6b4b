// The coverage floor of `npm test`: lines of src/ executed by the Node tests and the browser tests
// together (coverage/node/lcov.info from c8, coverage/browser/lcov.info from web-test-runner), merged
// line by line. Fails when the total is under the floor, or when a src/ module with code of its own
// was loaded by no test at all. Writes coverage/summary.json for docs and benches.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { transformSync } from 'esbuild';

export const LINE_FLOOR = 90;
const REPORTS = ['coverage/node/lcov.info', 'coverage/browser/lcov.info'];

/** lcov text → Map(file → Map(line → hits)). */
export function parseLcov(text, root = process.cwd()) {
  const files = new Map();
  let lines = null;
  for (const row of text.split('\n')) {
    if (row.startsWith('SF:')) {
      const path = relative(root, row.slice(3).trim()).replaceAll('\\', '/') || row.slice(3).trim();
      lines = files.get(path) ?? new Map();
      files.set(path, lines);
    } else if (row.startsWith('DA:') && lines) {
      const [line, hits] = row.slice(3).split(',').map(Number);
      lines.set(line, Math.max(lines.get(line) ?? 0, hits));
    } else if (row.startsWith('end_of_record')) lines = null;
  }
  return files;
}

/** Several lcov maps → one: a line counts as covered when any suite ran it. */
export function mergeCoverage(maps) {
  const merged = new Map();
  for (const map of maps) {
    for (const [file, lines] of map) {
      const into = merged.get(file) ?? new Map();
      for (const [line, hits] of lines) into.set(line, (into.get(line) ?? 0) + hits);
      merged.set(file, into);
    }
  }
  return merged;
}

/** Whether a TypeScript module holds code of its own (not only types, imports and re-exports). */
export function hasOwnCode(source) {
  const { code } = transformSync(source, { loader: 'ts', format: 'esm', minifyWhitespace: true, legalComments: 'none' });
  const rest = code.replace(/import\s*(?:[^'"]*from\s*)?["'][^"']*["'];?/g, '').replace(/export\s*(?:\*|\{[^}]*\})\s*(?:from\s*["'][^"']*["'])?;?/g, '');
  return rest.trim().length > 0;
}

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !entry.name.endsWith('.d.ts') ? [path.replaceAll('\\', '/')] : [];
  });
}

function main() {
  const missingReports = REPORTS.filter((path) => !existsSync(path));
  if (missingReports.length) {
    console.error(`check-coverage: no coverage report at ${missingReports.join(', ')} (run test:node and test:browser first)`);
    process.exit(1);
  }
  const merged = mergeCoverage(REPORTS.map((path) => parseLcov(readFileSync(path, 'utf8'))));
  const rows = [];
  const unloaded = [];
  for (const file of sourceFiles('src')) {
    const lines = merged.get(file);
    if (!lines) {
      if (hasOwnCode(readFileSync(file, 'utf8'))) unloaded.push(file);
      continue;
    }
    const covered = [...lines.values()].filter((hits) => hits > 0).length;
    rows.push({ file, lines: lines.size, covered });
  }
  const total = rows.reduce((sum, row) => sum + row.lines, 0);
  const covered = rows.reduce((sum, row) => sum + row.covered, 0);
  const percent = total ? (100 * covered) / total : 0;
  const weakest = rows
    .filter((row) => row.lines > 0 && row.covered < row.lines)
    .sort((a, b) => a.covered / a.lines - b.covered / b.lines)
    .slice(0, 8);
  console.log(`coverage of src/: ${percent.toFixed(2)} % of ${total} lines (${covered} run by a test; floor ${LINE_FLOOR} %), ${rows.length} modules`);
  for (const row of weakest) console.log(`  ${((100 * row.covered) / row.lines).toFixed(1).padStart(5)} %  ${row.file} (${row.lines - row.covered} lines not run)`);
  writeFileSync('coverage/summary.json', `${JSON.stringify({ linesPercent: Number(percent.toFixed(2)), lines: total, covered, floor: LINE_FLOOR, modules: rows.length }, null, 2)}\n`);
  let failed = false;
  if (unloaded.length) {
    console.error(`check-coverage: modules with code that no test loads: ${unloaded.join(', ')}`);
    failed = true;
  }
  if (percent < LINE_FLOOR) {
    console.error(`check-coverage: ${percent.toFixed(2)} % of src/ lines are run by a test, under the floor of ${LINE_FLOOR} %`);
    failed = true;
  }
  process.exit(failed ? 1 : 0);
}

if (import.meta.url === `file://${process.argv[1]}`) main();
