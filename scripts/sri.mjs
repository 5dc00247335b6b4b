// dist/sri.json: the Subresource Integrity hash (sha384, base64) of every file of the script-tag build,
// the main file, its lazily imported chunks and the locale modules, by path relative to dist/.
// `npm run build` writes it last; docs/integration.md shows how a page uses it.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** `sha384-<base64>` of some bytes, as `integrity` attributes and import maps write it. */
export function integrity(bytes) {
  return `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
}

/** The script-tag files under `dist`, relative to it: the main file, then chunks/ and locales/, sorted. */
export function scriptTagFiles(dist) {
  const files = ['tender-checkout.js'];
  for (const folder of ['chunks', 'locales']) {
    if (!existsSync(join(dist, folder))) continue;
    for (const name of readdirSync(join(dist, folder)).filter((file) => file.endsWith('.js')).sort()) files.push(`${folder}/${name}`);
  }
  return files;
}

/** Writes `dist/sri.json` and returns what it wrote. */
export function writeSri(dist) {
  const sri = { algorithm: 'sha384', files: {} };
  for (const file of scriptTagFiles(dist)) sri.files[file] = integrity(readFileSync(join(dist, file)));
  writeFileSync(join(dist, 'sri.json'), `${JSON.stringify(sri, null, 2)}\n`);
  return sri;
}
