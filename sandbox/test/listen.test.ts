/**
 * Where `npm run sandbox` listens: loopback unless HOST says otherwise, and a warning when it is
 * reachable from other machines with the documented default admin key.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { KEEP_ALIVE_MS } from '../server.js';
import { startSandboxProcess } from './process.js';

/** An IPv4 address of this machine other than loopback, if it has one. */
const outsideAddress = Object.values(networkInterfaces())
  .flat()
  .find((entry) => entry && entry.family === 'IPv4' && !entry.internal)?.address;

/** Whether the sandbox on `port` answers on `address`. */
async function answersOn(address: string, port: number): Promise<boolean> {
  try {
    const response = await fetch(`http://${address}:${port}/health`, { signal: AbortSignal.timeout(3000) });
    return response.ok;
  } catch {
    return false;
  }
}

const portOf = (url: string) => Number(new URL(url).port);

describe('sandbox listening address', () => {
  it('listens on 127.0.0.1 only when HOST is not set', async (t) => {
    const running = await startSandboxProcess(':memory:', { HOST: '', SANDBOX_LOG: 'off' });
    try {
      assert.equal(await answersOn('127.0.0.1', portOf(running.url)), true);
      if (outsideAddress) assert.equal(await answersOn(outsideAddress, portOf(running.url)), false, `not reachable on ${outsideAddress}`);
      assert.match(running.output(), /listening on http:\/\/127\.0\.0\.1:\d+/);
      // the address to give the element: the origin of its card frame and 3-D Secure links
      assert.match(running.output(), new RegExp(`API base:\\s+http://localhost:${portOf(running.url)}\\s`));
      assert.doesNotMatch(running.output(), /WARNING/);
      if (!outsideAddress) t.skip('this machine has no non-loopback IPv4 address to check from');
    } finally {
      await running.stop();
    }
  });

  it('listens on every interface with HOST=0.0.0.0, and warns while the admin key is the default', async (t) => {
    const running = await startSandboxProcess(':memory:', { HOST: '0.0.0.0', SANDBOX_LOG: 'off', SANDBOX_ADMIN_KEY: '' });
    try {
      assert.match(running.output(), /WARNING: .*0\.0\.0\.0.*default admin key/);
      if (!outsideAddress) return t.skip('this machine has no non-loopback IPv4 address');
      assert.equal(await answersOn(outsideAddress, portOf(running.url)), true, `reachable on ${outsideAddress}`);
    } finally {
      await running.stop();
    }
  });

  it('does not warn on 0.0.0.0 with an admin key of its own', async () => {
    const running = await startSandboxProcess(':memory:', { HOST: '0.0.0.0', SANDBOX_LOG: 'off', SANDBOX_ADMIN_KEY: 'a-long-private-admin-key' });
    try {
      assert.doesNotMatch(running.output(), /WARNING/);
      assert.match(running.output(), /Admin key:\s+a-long-private-admin-key/);
    } finally {
      await running.stop();
    }
  });

  it('takes SANDBOX_PORT (the demo\'s setting) when PORT is not set, and refuses a port that is no number', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as AddressInfo;
        probe.close(() => resolve(free));
      });
    });
    const running = await startSandboxProcess(':memory:', { PORT: '', SANDBOX_PORT: String(port), SANDBOX_LOG: 'off' });
    try {
      assert.equal(portOf(running.url), port);
      assert.equal(await answersOn('127.0.0.1', port), true);
    } finally {
      await running.stop();
    }
    const refused = spawnSync(process.execPath, ['--import', 'tsx', 'sandbox/main.ts'], { cwd: fileURLToPath(new URL('../..', import.meta.url)), env: { ...process.env, PORT: 'eighty', SANDBOX_DB: ':memory:' }, encoding: 'utf8', timeout: 20_000 });
    assert.equal(refused.status, 1);
    assert.match(refused.stderr, /PORT must be a port number \(0–65535; 0 picks a free one\), not "eighty"/);
  });

  it('keeps an idle connection longer than its clients do, so none reuses a socket the sandbox is closing', async () => {
    const running = await startSandboxProcess(':memory:', { SANDBOX_LOG: 'off' });
    try {
      const response = await fetch(`${running.url}/health`);
      await response.text();
      assert.equal(response.headers.get('keep-alive'), `timeout=${KEEP_ALIVE_MS / 1000}`);
      assert.ok(KEEP_ALIVE_MS >= 60_000, 'at least a browser\'s and a load balancer\'s idle time');
    } finally {
      await running.stop();
    }
  });
});
