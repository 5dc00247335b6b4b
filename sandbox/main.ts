/** `npm run sandbox`: the payment API sandbox, configured by environment (README "The sandbox"; docs/architecture.md). */
import { startSandbox } from './server.js';

const port = Number(process.env.PORT ?? 8080);
const dbPath = process.env.SANDBOX_DB ?? '.sandbox/sandbox.db';
const adminKey = process.env.SANDBOX_ADMIN_KEY ?? 'test_admin';
const quiet = process.env.SANDBOX_LOG === 'off';

const sandbox = await startSandbox({
  port,
  hostname: process.env.HOST ?? '0.0.0.0',
  dbPath,
  adminKey,
  publicUrl: process.env.SANDBOX_PUBLIC_URL ?? `http://localhost:${port}`,
  log: quiet ? null : (line) => console.log(line),
});

console.log(`Tender sandbox listening on ${sandbox.url} (database: ${dbPath})`);
console.log(`Admin key:        ${adminKey}`);
console.log(`Merchant:         ${sandbox.demo.merchantId}`);
console.log(`Publishable key:  ${sandbox.demo.publishableKey}`);
if (sandbox.demo.secretKey) {
  console.log(`Secret key:       ${sandbox.demo.secretKey}   (shown once: it is stored hashed)`);
} else {
  console.log('Secret key:       shown on first start only. Make another with:');
  console.log(
    `  curl -s -X POST ${sandbox.url}/api_keys/${sandbox.demo.merchantId} -H 'api-key: ${adminKey}' -H 'content-type: application/json' -d '{"name":"dev","expiration":"never"}'`,
  );
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void sandbox.close().then(() => process.exit(0));
  });
}
