// The isolated card frame's JavaScript as the size gate (scripts/check-size.mjs) and the cold-load
// benchmark (bench/cold-load.ts) count it, from the manifest scripts/build-frame.mjs writes:
//
//   critical  the script the frame page carries inline (`manifest.inline`, docs/decisions/0093) and
//             every file it imports statically, transitively (none: the build refuses a static
//             import there): what has to arrive and run before the number field can be shown
//             (budget: 30 KB gzip together). A manifest without `inline` (an older build) counts its
//             `script` the same way
//   upFront   that and the page's `preload` list: everything the frame page brings or fetches at once
//             (the critical script and the API client's file, needed before the payment can be paid),
//             each file the page carries after its script counted as carried (`manifest.carried`,
//             docs/decisions/0100)
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** esbuild's static imports in its minified output: `import"./x.js"`, `from"./x.js"` (a dynamic import has a parenthesis). */
const STATIC_IMPORT = /(?:\bfrom|\bimport)\s*["']\.\/([\w-]+\.js)["']/g;

/** The frame's files (paths relative to `frameDir`, as in the manifest); null when the frame is not built. */
export function frameFiles(frameDir) {
  const manifestFile = join(frameDir, 'manifest.json');
  if (!existsSync(manifestFile)) return null;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const critical = new Set();
  const visit = (file) => {
    if (critical.has(file)) return;
    critical.add(file);
    for (const match of readFileSync(join(frameDir, file), 'utf8').matchAll(STATIC_IMPORT)) visit(join(dirname(file), match[1]).split('\\').join('/'));
  };
  const first = manifest.inline ?? manifest.script;
  visit(first);
  return { critical: [...critical], upFront: [first, ...manifest.preload.map((file) => manifest.carried?.[file] ?? file)] };
}
