import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startSandbox } from '../../sandbox/server.js';

const bundle = fileURLToPath(new URL('../../dist/tender-checkout.js', import.meta.url));

/**
 * Starts one real sandbox (in memory, quiet) for the whole run and hands its URL and keys to the
 * workers through TENDER_E2E_SANDBOX; the function it returns closes it.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!existsSync(bundle)) throw new Error('dist/tender-checkout.js is missing: run npm run build first');
  const sandbox = await startSandbox({ port: 0, dbPath: ':memory:', log: null });
  if (!sandbox.demo.secretKey) throw new Error('the in-memory sandbox did not create the demo secret key');
  process.env['TENDER_E2E_SANDBOX'] = JSON.stringify({
    url: sandbox.url,
    adminKey: sandbox.adminKey,
    publishableKey: sandbox.demo.publishableKey,
    secretKey: sandbox.demo.secretKey,
  });
  return () => sandbox.close();
}
