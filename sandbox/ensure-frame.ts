import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_FRAME_DIR } from './app.js';

/**
 * `npm run sandbox` and `npm run demo` on a fresh clone: the card frame the sandbox serves at
 * /frame/card is part of `npm run build`; when dist/frame is missing it is built here (a second or two).
 */
export async function ensureFrameBuilt(log: (line: string) => void = console.log): Promise<void> {
  if (existsSync(join(DEFAULT_FRAME_DIR, 'manifest.json'))) return;
  log('The card frame (dist/frame/) is not built yet: building it now with scripts/build-frame.mjs …');
  const { buildFrame } = await import('../scripts/build-frame.mjs');
  const manifest = await buildFrame();
  log(`Built dist/frame/${manifest.script}.`);
}
