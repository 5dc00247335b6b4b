/**
 * An unhandled error (answered 500 HE_00) is told, even when the request log is off (`SANDBOX_LOG=off`
 * writes it to stderr): its name, route and message, never the request's body or query, and no run of
 * digits from its message (where a card number or CVC could hide). sandbox/app.ts `errorLog`.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { unhandledErrorLine } from '../app.js';
import { card, cardPayment, startTestSandbox, temporaryFolder } from './helpers.js';
import { call, startSandboxProcess } from './process.js';

describe('the error log', () => {
  it('masks every run of three or more digits in the message, spaced or dashed ones too', () => {
    const line = unhandledErrorLine(new TypeError('bad 4242 4242 4242 4242, 5555-5555-5555-4444, 4000000000000002 and cvc 737 at 12:30'), 'POST', '/payments/:payment_id/confirm');
    assert.equal(line, 'unhandled error: TypeError in POST /payments/:payment_id/confirm: bad #, #, # and cvc # at 12:30');
  });

  it('writes a path no route matches as sent, percent-encoded and its digits masked: one line per request, no forged line, no escape sequence, no card number', async () => {
    const lines: string[] = [];
    const sandbox = await startTestSandbox({ log: (line) => lines.push(line) });
    try {
      for (const path of ['/nope%0aPOST%20/payments%20200%201ms', '/x%1b%5b31mRED', '/cards/4242424242424242']) {
        assert.equal((await fetch(`${sandbox.url}${path}?q=1`)).status, 404, path);
      }
    } finally {
      await sandbox.close();
    }
    assert.deepEqual(
      lines.map((line) => line.replace(/ [\d.]+ms$/, '')),
      ['GET /nope%0aPOST%20/payments%#%#ms 404', 'GET /x%1b%5b31mRED 404', 'GET /cards/# 404'],
    );
  });

  it('tells an unhandled error of the app with the request log off: route and masked message, no body, no query', async () => {
    const lines: string[] = [];
    const sandbox = await startTestSandbox({ errorLog: (line) => lines.push(line) });
    try {
      const created = await sandbox.createPayment({ amount: 1099, currency: 'USD' });
      const clientSecret = String(created['client_secret']);
      const original = sandbox.payments.confirm;
      // the sandbox cannot be driven into a 500 through its API here: make the domain throw
      sandbox.payments.confirm = () => {
        throw new Error('exploded on 4111111111111111 / 123');
      };
      try {
        const response = await sandbox.request('POST', `/payments/${String(created['payment_id'])}/confirm`, {
          key: sandbox.publishableKey,
          body: { client_secret: clientSecret, ...cardPayment('4111111111111111') },
          query: { marker: 'query-value' },
        });
        assert.equal(response.status, 500);
      } finally {
        sandbox.payments.confirm = original;
      }
      assert.equal(lines.length, 1, lines.join('\n'));
      assert.equal(lines[0], 'unhandled error: Error in POST /payments/:payment_id/confirm: exploded on # / #');
      for (const secret of ['4111111111111111', '1111', clientSecret, 'query-value', 'Ada Lovelace']) assert.ok(!lines[0]!.includes(secret), `${secret} in the log line`);
    } finally {
      await sandbox.close();
    }
  });

  describe('npm run sandbox with SANDBOX_LOG=off', () => {
    const dir = temporaryFolder('tender-error-log-');

    it('writes an unhandled error to stderr, without the request body or its card data', async () => {
      const dbPath = join(dir(), 'sandbox.db');
      const running = await startSandboxProcess(dbPath, { SANDBOX_LOG: 'off' });
      let stderr = '';
      running.child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      try {
        // a real fault, from outside: another connection takes the payments table away
        const other = new Database(dbPath);
        other.exec('ALTER TABLE payments RENAME TO payments_gone');
        other.close();
        const answer = await call(running.url, running.secretKey ?? '', 'POST', '/payments', {
          amount: 1099,
          currency: 'USD',
          confirm: true,
          payment_method: 'card',
          payment_method_data: { card: card('4111111111111111', '737') },
        });
        assert.equal(answer.status, 500);
        assert.equal((answer.body['error'] as Record<string, unknown>)['code'], 'HE_00');
        for (let waited = 0; !stderr.includes('\n') && waited < 2000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
        assert.match(stderr, /^unhandled error: SqliteError in POST \/payments: no such table: payments\n$/);
        for (const secret of ['4111111111111111', '737', 'Ada Lovelace']) assert.ok(!stderr.includes(secret), `${secret} on stderr`);
      } finally {
        await running.stop();
      }
    });
  });
});
