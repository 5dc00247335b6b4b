import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSandbox } from '../../sandbox/server.js';

const dist = fileURLToPath(new URL('../../dist', import.meta.url));

/**
 * Copies the script-tag bundle (dist/tender-checkout.js, chunks/, locales/) and the card frame's
 * build (dist/frame/) aside, so a build started while the tests run cannot pull them away under them
 * (TENDER_E2E_DIST), and starts one real sandbox (in memory, quiet) for the whole run, serving the
 * frame from that copy, handing its URL and keys to the workers through TENDER_E2E_SANDBOX. The
 * function it returns closes the sandbox and removes the copy.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  for (const file of ['tender-checkout.js', 'frame/manifest.json']) {
    if (!existsSync(join(dist, file))) throw new Error(`dist/${file} is missing: run npm run build first`);
  }
  const bundle = mkdtempSync(join(tmpdir(), 'tender-e2e-dist-'));
  for (const entry of ['tender-checkout.js', 'chunks', 'locales', 'frame']) {
    if (existsSync(join(dist, entry))) cpSync(join(dist, entry), join(bundle, entry), { recursive: true });
  }
  process.env['TENDER_E2E_DIST'] = bundle;
  const sandbox = await startSandbox({ port: 0, dbPath: ':memory:', log: null, frameDir: join(bundle, 'frame') });
  if (!sandbox.demo.secretKey) throw new Error('the in-memory sandbox did not create the demo secret key');
  process.env['TENDER_E2E_SANDBOX'] = JSON.stringify({
    url: sandbox.url,
    adminKey: sandbox.adminKey,
    publishableKey: sandbox.demo.publishableKey,
    secretKey: sandbox.demo.secretKey,
  });
  return async () => {
    await sandbox.close();
    rmSync(bundle, { recursive: true, force: true });
  };
}
