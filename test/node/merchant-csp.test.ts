// The Content-Security-Policy docs/integration.md gives merchants for each mode is the one the
// end-to-end tests serve the merchant page with (test/e2e/csp.ts) and pay under: the guide's
// policies are tested, word for word.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { merchantCsp, MODES, type Mode } from '../e2e/csp.js';

const guide = readFileSync(new URL('../../docs/integration.md', import.meta.url), 'utf8');
/** The paragraph that introduces each mode's policy in the guide. */
const LEAD: Record<Mode, string> = { isolated: '**Isolated (the default).**', inline: '**Inline.**' };

/** The first fenced block after `lead`, on one line. */
function policyAfter(lead: string): string {
  const start = guide.indexOf(`\n${lead}`);
  assert.ok(start >= 0, `docs/integration.md has no paragraph starting ${lead}`);
  const block = /```\n([\s\S]*?)\n```/.exec(guide.slice(start));
  assert.ok(block, `no policy block after ${lead}`);
  return block[1]!.replace(/\s+/g, ' ').trim();
}

describe('the merchant CSP of docs/integration.md', () => {
  for (const mode of MODES) {
    it(`${mode}: is the policy the end-to-end tests serve`, () => {
      assert.equal(policyAfter(LEAD[mode]), `Content-Security-Policy: ${merchantCsp('https://api.example', mode)}`);
    });
  }

  it('isolated: names the API only in frame-src', () => {
    const directives = merchantCsp('https://api.example', 'isolated').split('; ');
    assert.deepEqual(directives.filter((directive) => directive.includes('api.example')), ['frame-src https://api.example']);
  });
});
