import { existsSync, readdirSync, renameSync, rmSync, statSync, watch } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_FRAME_DIR } from './app.js';

/** The repository: the frame is built from its `src/` by `scripts/build-frame.mjs`. */
const ROOT = join(DEFAULT_FRAME_DIR, '..', '..');
const FRAME_SOURCES = [join(ROOT, 'src'), join(ROOT, 'scripts', 'build-frame.mjs')];

/**
 * `npm run sandbox` and `npm run demo`: the card frame the sandbox serves at /frame/card is part of
 * `npm run build`; when dist/frame is missing, or older than a file it is built from (an edit, a
 * `git pull`), it is built here (about a second), so the frame never shows yesterday's sources.
 */
export async function ensureFrameBuilt(log: (line: string) => void = console.log): Promise<void> {
  const manifest = join(DEFAULT_FRAME_DIR, 'manifest.json');
  if (frameIsCurrent(manifest, FRAME_SOURCES)) return;
  log(
    existsSync(manifest)
      ? 'The card frame (dist/frame/) is older than its sources: rebuilding it with scripts/build-frame.mjs …'
      : 'The card frame (dist/frame/) is not built yet: building it now with scripts/build-frame.mjs …',
  );
  log(`Built dist/frame/${await buildFrame()}.`);
}

/**
 * `npm run demo`: rebuilds the frame a moment after a file under `src/` changes, so reloading the
 * checkout page shows the current sources in the frame as in the page. Returns what stops it.
 */
export function rebuildFrameOnChange(log: (line: string) => void = console.log): () => void {
  let building: Promise<void> = Promise.resolve();
  const stop = onSourceChange(join(ROOT, 'src'), () => {
    building = building.then(async () => {
      try {
        log(`src/ changed: rebuilt dist/frame/${await buildFrame()}.`);
      } catch (error) {
        // a syntax error half-way through an edit: the last good frame stays, the next save tries again
        log(`src/ changed, and the card frame did not build: ${error instanceof Error ? error.message : String(error)}`);
      }
    });
  });
  return stop;
}

/** Whether `manifest` exists and is newer than every file of `sources` (files, or folders walked whole). */
export function frameIsCurrent(manifest: string, sources: string[]): boolean {
  if (!existsSync(manifest)) return false;
  const built = statSync(manifest).mtimeMs;
  return sources.every((source) => newest(source) <= built);
}

/** Calls `changed` once, `settleMs` after the last of a burst of changes under `folder`; returns what stops watching. */
export function onSourceChange(folder: string, changed: () => void, settleMs = 200): () => void {
  let timer: NodeJS.Timeout | undefined;
  const watcher = watch(folder, { recursive: true }, () => {
    clearTimeout(timer);
    timer = setTimeout(changed, settleMs);
  });
  return () => {
    clearTimeout(timer);
    watcher.close();
  };
}

/** The newest modification time of a file, or of the files under a folder. */
function newest(path: string): number {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((latest, name) => Math.max(latest, newest(join(path, name))), 0);
}

/**
 * Builds the frame beside dist/frame and puts it in place only once it is whole: a build that fails
 * (a syntax error half-way through an edit) leaves the last good frame served.
 */
async function buildFrame(): Promise<string> {
  const { buildFrame: build } = await import('../scripts/build-frame.mjs');
  const next = `${DEFAULT_FRAME_DIR}.next`;
  try {
    const { script } = await build(next);
    rmSync(DEFAULT_FRAME_DIR, { recursive: true, force: true });
    renameSync(next, DEFAULT_FRAME_DIR);
    return script;
  } finally {
    rmSync(next, { recursive: true, force: true });
  }
}
