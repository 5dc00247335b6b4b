// The coverage floor is only as honest as its arithmetic: these check the merge and the
// "module with code that no test loads" rule of scripts/check-coverage.mjs.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
// @ts-expect-error a plain .mjs script without type declarations
import { hasOwnCode, mergeCoverage, parseLcov } from '../../scripts/check-coverage.mjs';

type Coverage = Map<string, Map<number, number>>;
const parse = parseLcov as (text: string, root?: string) => Coverage;
const merge = mergeCoverage as (maps: Coverage[]) => Coverage;
const ownCode = hasOwnCode as (source: string) => boolean;

describe('check-coverage', () => {
  it('counts a line as run when either suite ran it', () => {
    const node = parse('SF:/repo/src/a.ts\nDA:1,1\nDA:2,0\nDA:3,0\nend_of_record\n', '/repo');
    const browser = parse('SF:/repo/src/a.ts\nDA:1,0\nDA:2,4\nDA:3,0\nend_of_record\nSF:/repo/src/b.ts\nDA:1,0\nend_of_record\n', '/repo');
    const merged = merge([node, browser]);
    assert.deepEqual([...merged.keys()], ['src/a.ts', 'src/b.ts']);
    assert.deepEqual([...merged.get('src/a.ts')!.entries()], [[1, 1], [2, 4], [3, 0]]);
    assert.equal([...merged.get('src/b.ts')!.values()].filter((hits) => hits > 0).length, 0);
  });

  it('tells modules with code from type-only and re-export modules', () => {
    assert.equal(ownCode("export type A = string;\nexport interface B { a: A }\nexport * from './c.js';\nexport { d } from './d.js';\n"), false);
    assert.equal(ownCode("import type { A } from './a.js';\nexport const a: A = 'x';\n"), true);
    assert.equal(ownCode("import './define.js';\nexport function f() { return 1; }\n"), true);
  });
});
