// The size gate and the cold-load bench count the card frame's critical JS with scripts/frame-files.mjs:
// the script and what it imports statically, never a lazily imported chunk.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { frameFiles } from '../../scripts/frame-files.mjs';

describe('frame-files', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tender-frame-files-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('counts the script and its static imports, transitively, as critical; lazy chunks and preloads are not', () => {
    mkdirSync(join(dir, 'assets'));
    const files: Record<string, string> = {
      'frame-AAAAAAAA.js': 'import{a as b}from"./chunk-BBBBBBBB.js";import"./chunk-CCCCCCCC.js";const l=()=>import("./de-DDDDDDDD.js");',
      'chunk-BBBBBBBB.js': 'import{x}from "./chunk-EEEEEEEE.js";export const a=1;',
      'chunk-CCCCCCCC.js': 'export{};',
      'chunk-EEEEEEEE.js': 'export const x=2;',
      'de-DDDDDDDD.js': 'import"./chunk-CCCCCCCC.js";',
      'client-FFFFFFFF.js': 'import{a}from"./chunk-BBBBBBBB.js";',
    };
    for (const [name, code] of Object.entries(files)) writeFileSync(join(dir, 'assets', name), code);
    const manifest = { script: 'assets/frame-AAAAAAAA.js', preload: ['assets/chunk-BBBBBBBB.js', 'assets/client-FFFFFFFF.js'], locales: {} };
    writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest));

    const found = frameFiles(dir);
    assert.ok(found);
    assert.deepEqual([...found.critical].sort(), ['assets/chunk-BBBBBBBB.js', 'assets/chunk-CCCCCCCC.js', 'assets/chunk-EEEEEEEE.js', 'assets/frame-AAAAAAAA.js']);
    assert.deepEqual(found.upFront, ['assets/frame-AAAAAAAA.js', 'assets/chunk-BBBBBBBB.js', 'assets/client-FFFFFFFF.js']);
  });

  it('counts the script the page carries inline as critical when the manifest names one', () => {
    const inlineDir = join(dir, 'inline');
    mkdirSync(join(inlineDir, 'assets'), { recursive: true });
    writeFileSync(join(inlineDir, 'inline-GGGGGGGG.js'), 'const l=()=>import("./assets/late-HHHHHHHH.js");');
    writeFileSync(join(inlineDir, 'assets', 'frame-AAAAAAAA.js'), 'import"./chunk-CCCCCCCC.js";');
    const manifest = { script: 'assets/frame-AAAAAAAA.js', inline: 'inline-GGGGGGGG.js', preload: ['assets/late-HHHHHHHH.js'], locales: {} };
    writeFileSync(join(inlineDir, 'manifest.json'), JSON.stringify(manifest));
    const found = frameFiles(inlineDir);
    assert.ok(found);
    assert.deepEqual(found.critical, ['inline-GGGGGGGG.js']);
    assert.deepEqual(found.upFront, ['inline-GGGGGGGG.js', 'assets/late-HHHHHHHH.js']);
    // a file the page carries after its script counts as the page carries it
    writeFileSync(join(inlineDir, 'manifest.json'), JSON.stringify({ ...manifest, carried: { 'assets/late-HHHHHHHH.js': 'carry-late-HHHHHHHH.js' } }));
    assert.deepEqual(frameFiles(inlineDir)?.upFront, ['inline-GGGGGGGG.js', 'carry-late-HHHHHHHH.js']);
  });

  it('answers null when the frame is not built', () => {
    assert.equal(frameFiles(join(dir, 'missing')), null);
  });
});
