// The card frame `npm run sandbox` and `npm run demo` serve is rebuilt when it is older than its
// sources, and the demo rebuilds it when src/ changes (sandbox/ensure-frame.ts).
import assert from 'node:assert/strict';
import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { frameIsCurrent, onSourceChange } from '../ensure-frame.js';
import { temporaryFolder } from './helpers.js';

describe('the card frame build', () => {
  const folder = temporaryFolder('tender-frame-build-');
  const at = (path: string, seconds: number) => utimesSync(path, seconds, seconds);

  it('is current only when it exists and no source file is newer, however deep', () => {
    const dir = join(folder(), 'current');
    const manifest = join(dir, 'dist', 'manifest.json');
    const src = join(dir, 'src');
    mkdirSync(join(src, 'frame', 'deep'), { recursive: true });
    const script = join(dir, 'build-frame.mjs');
    for (const file of [join(src, 'a.ts'), join(src, 'frame', 'deep', 'b.ts'), script]) {
      writeFileSync(file, 'export {};\n');
      at(file, 1_000);
    }
    assert.equal(frameIsCurrent(manifest, [src, script]), false, 'not built');
    mkdirSync(join(dir, 'dist'));
    writeFileSync(manifest, '{}');
    at(manifest, 2_000);
    assert.equal(frameIsCurrent(manifest, [src, script]), true);
    // an edit (or a pull) three folders down
    at(join(src, 'frame', 'deep', 'b.ts'), 3_000);
    assert.equal(frameIsCurrent(manifest, [src, script]), false, 'a deep source is newer');
    at(manifest, 4_000);
    assert.equal(frameIsCurrent(manifest, [src, script]), true);
    at(script, 5_000);
    assert.equal(frameIsCurrent(manifest, [src, script]), false, 'the build script is newer');
  });

  it('hears a burst of changes under a folder once, after it settles', async () => {
    const dir = join(folder(), 'watched');
    mkdirSync(join(dir, 'deep'), { recursive: true });
    let heard = 0;
    const stop = onSourceChange(dir, () => (heard += 1), 100);
    try {
      for (let i = 0; i < 5; i += 1) writeFileSync(join(dir, 'deep', 'edit.ts'), `export const n = ${i};\n`);
      await new Promise((resolve) => setTimeout(resolve, 600));
      assert.equal(heard, 1);
      writeFileSync(join(dir, 'other.ts'), 'export {};\n');
      await new Promise((resolve) => setTimeout(resolve, 600));
      assert.equal(heard, 2);
    } finally {
      stop();
    }
    writeFileSync(join(dir, 'after.ts'), 'export {};\n');
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(heard, 2, 'stopped');
  });
});
