// Files a maintainer reads top to bottom (issue 22): the element stays a thin host, and no module of
// src/ or sandbox/ grows past 500 lines. Locale catalogues (one line per message) and tests, the
// conformance tables under sandbox/test/ included, are left out.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { sourceFiles } from './imports.js';

const ELEMENT = 'src/elements/tender-checkout/tender-checkout.ts';
const ELEMENT_LIMIT = 350;
const MODULE_LIMIT = 500;

const linesOf = (file: string): number => readFileSync(file, 'utf8').replace(/\n$/, '').split('\n').length;
const counted = (file: string): boolean =>
  file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.startsWith('src/i18n/locales/') && !file.startsWith('sandbox/test/');

describe('file sizes', () => {
  it(`the element's own file is at most ${ELEMENT_LIMIT} lines (the frame, the inline form, the status and the placeholder are modules of their own)`, () => {
    assert.ok(linesOf(ELEMENT) <= ELEMENT_LIMIT, `${ELEMENT} has ${linesOf(ELEMENT)} lines`);
  });

  it(`no module of src/ or sandbox/ is over ${MODULE_LIMIT} lines`, () => {
    const files = ['src', 'sandbox'].flatMap((dir) => sourceFiles(dir)).filter(counted);
    assert.ok(files.length > 100, `only ${files.length} modules found`);
    const over = files.map((file) => `${file} (${linesOf(file)})`).filter((_, index) => linesOf(files[index]!) > MODULE_LIMIT);
    assert.deepEqual(over, []);
  });
});
