// The error table (sandbox/domain/error-table.ts) is the one list of errors: docs/sandbox.md carries
// it rendered, and every row is well-formed.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { ERROR_TABLE, errorTableMarkdown, fillMessage, type ErrorRow } from '../domain/error-table.js';
import { apiError } from '../domain/errors.js';

describe('error table', () => {
  it('docs/sandbox.md carries the table exactly as the code has it', () => {
    const doc = readFileSync(new URL('../../docs/sandbox.md', import.meta.url), 'utf8');
    const rendered = /<!-- error-table:start -->\n([\s\S]*?)\n<!-- error-table:end -->/.exec(doc)?.[1];
    assert.equal(rendered, errorTableMarkdown(), 'render sandbox/domain/error-table.ts into docs/sandbox.md (errorTableMarkdown())');
  });

  it('every row has an upstream-style code, a condition and a source; 5xx rows are type api, a blocked card type blocked', () => {
    for (const [name, row] of Object.entries(ERROR_TABLE) as [string, ErrorRow][]) {
      assert.match(row.code, /^(IR|HE)_\d{2}$/, name);
      assert.ok(row.condition.length > 10 && row.source.length > 5, name);
      assert.equal(row.type, name === 'paymentBlocked' ? 'blocked' : row.status >= 500 ? 'api' : 'invalid_request', name);
    }
  });

  it('fills placeholders and builds the envelope in the row\'s shape', () => {
    assert.equal(fillMessage('You cannot confirm this payment because it has status {status}', { status: 'succeeded' }), 'You cannot confirm this payment because it has status succeeded');
    assert.deepEqual(apiError('deserialize', { detail: 'invalid card number length' }).toBody(), {
      error: { error_type: 'invalid_request', message: 'Json deserialize error: invalid card number length', code: 'IR_06' },
    });
    assert.deepEqual(apiError('mandateValidation', {}, 'request amount is greater than mandate amount').toBody(), {
      error: { type: 'invalid_request', message: 'Mandate Validation Failed', code: 'HE_03', reason: 'request amount is greater than mandate amount' },
    });
  });

  it('every row is an error the sandbox can really answer: its code names it', () => {
    const root = new URL('..', import.meta.url).pathname;
    const sources = (readdirSync(root, { recursive: true }) as string[])
      .filter((file) => file.endsWith('.ts') && !file.startsWith('test') && !file.endsWith('error-table.ts'))
      .map((file) => readFileSync(join(root, file), 'utf8'))
      .join('\n');
    const errorsModule = readFileSync(new URL('../domain/errors.ts', import.meta.url), 'utf8');
    const unused = Object.keys(ERROR_TABLE).filter((name) => {
      if (sources.includes(`apiError('${name}'`)) return false;
      // a shortcut in errors.ts (`errors.missingParam(…)`) that the code calls
      const shortcut = new RegExp(`(\\w+): \\([^)]*\\) => apiError\\('${name}'`).exec(errorsModule)?.[1];
      return !(shortcut && sources.includes(`errors.${shortcut}(`));
    });
    assert.deepEqual(unused, [], 'rows no code throws: remove them or throw them');
  });
});
