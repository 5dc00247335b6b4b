/** `npm run sandbox`: the payment API sandbox, configured by environment (README "The sandbox"; docs/architecture.md). */
import { ensureFrameBuilt } from './ensure-frame.js';
import { DEFAULT_ADMIN_KEY } from './http/auth.js';
import { startSandbox } from './server.js';

/** An environment setting, with an empty value counting as unset. */
const setting = (name: string): string | undefined => process.env[name] || undefined;

// PORT; SANDBOX_PORT (the demo's name for it) is taken too, so one setting works for both commands
const portSetting = setting('PORT') ?? setting('SANDBOX_PORT') ?? '8080';
if (!/^\d{1,5}$/.test(portSetting) || Number(portSetting) > 65535) {
  console.error(`PORT must be a port number (0–65535; 0 picks a free one), not "${portSetting}"`);
  process.exit(1);
}
const port = Number(portSetting);
// Loopback by default: the admin key is documented, so a sandbox on every interface would let any
// machine on the network create merchants and keys. HOST=0.0.0.0 is for containers and VMs.
const hostname = setting('HOST') ?? '127.0.0.1';
const dbPath = setting('SANDBOX_DB') ?? '.sandbox/sandbox.db';
const adminKey = setting('SANDBOX_ADMIN_KEY') ?? DEFAULT_ADMIN_KEY;
const quiet = process.env.SANDBOX_LOG === 'off';

await ensureFrameBuilt();
const sandbox = await startSandbox({
  port,
  hostname,
  dbPath,
  adminKey,
  // default: http://localhost:<the port it listens on>, which PORT=0 leaves to the operating system
  publicUrl: setting('SANDBOX_PUBLIC_URL'),
  log: quiet ? null : (line) => console.log(line),
  // an unhandled error (500 HE_00) goes to stderr, with SANDBOX_LOG=off too
  errorLog: (line) => console.error(line),
  groupCommit: process.env.SANDBOX_GROUP_COMMIT !== 'off',
});

const shownHost = hostname.includes(':') ? `[${hostname}]` : hostname;
console.log(`Tender sandbox listening on http://${shownHost}:${sandbox.port} (database: ${dbPath})`);
if (!isLoopback(hostname) && adminKey === DEFAULT_ADMIN_KEY) {
  console.warn(
    `WARNING: listening on ${hostname} (reachable from other machines) with the default admin key "${DEFAULT_ADMIN_KEY}": ` +
      'anyone who can reach this port can create merchants and API keys. Set SANDBOX_ADMIN_KEY to a private value.',
  );
}
// the origin a page's api-base (and its CSP's frame-src) must name: the card frame and the 3-D
// Secure links are on it, which is localhost unless SANDBOX_PUBLIC_URL says otherwise
console.log(`API base:         ${sandbox.publicUrl}   (the element's api-base)`);
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

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}
