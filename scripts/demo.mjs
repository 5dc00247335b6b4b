// `npm run demo`: the sandbox (in this process) and the demo site (Vite), with the demo merchant's
// back end as Vite middleware. The secret key stays in this process; the pages get the publishable
// key and client secrets only. Settings (all optional) are listed in docs/demo.md:
//   DEMO_PORT (5173), DEMO_HOST (127.0.0.1), DEMO_HMR (off; "on" reloads the pages when a source changes)
//   SANDBOX_PORT (8080; 0 = any free port), SANDBOX_DB (.sandbox/sandbox.db), SANDBOX_ADMIN_KEY (test_admin),
//   SANDBOX_PUBLIC_URL, SANDBOX_LOG (off; "on" prints the sandbox's request log)
//   TENDER_API_BASE: use that payment API instead of starting the sandbox, with
//   TENDER_PUBLISHABLE_KEY and TENDER_SECRET_KEY (or TENDER_ADMIN_KEY + TENDER_MERCHANT_ID to make them)
import { createServer as createTcpServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

register();
const { startSandbox, DEMO_MERCHANT_ID } = await import('../sandbox/server.ts');
const { ensureFrameBuilt, rebuildFrameOnChange } = await import('../sandbox/ensure-frame.ts');
const { merchantBackend, createSecretKey, revokeSecretKey, readPublishableKey } = await import('../demo/server/merchant.ts');
const { createServer } = await import('vite');

const root = fileURLToPath(new URL('..', import.meta.url));
const env = process.env;
const demoPort = Number(env.DEMO_PORT ?? 5173);
const demoHost = env.DEMO_HOST ?? '127.0.0.1';
// Live reload is off unless asked for: a page that reloads when a source file changes would drop a
// payment half-way through a demo (or an end-to-end test).
const liveReload = env.DEMO_HMR === 'on';

/** Everything started so far, stopped in reverse order on Ctrl-C. */
const cleanups = [];
let stopping = false;

async function stop(code) {
  if (stopping) return;
  stopping = true;
  for (const cleanup of cleanups.reverse()) {
    try {
      await cleanup();
    } catch (error) {
      console.error(`demo: while stopping: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  process.exit(code);
}
process.once('SIGINT', () => void stop(0));
process.once('SIGTERM', () => void stop(0));

function fail(message) {
  console.error(`demo: ${message}`);
  return stop(1);
}

/** The payment API the demo uses: the in-process sandbox, or the one named by TENDER_API_BASE. */
async function paymentApi() {
  if (env.TENDER_API_BASE) {
    const apiBase = env.TENDER_API_BASE.replace(/\/+$/, '');
    const adminKey = env.TENDER_ADMIN_KEY;
    const merchantId = env.TENDER_MERCHANT_ID ?? DEMO_MERCHANT_ID;
    let publishableKey = env.TENDER_PUBLISHABLE_KEY;
    let secretKey = env.TENDER_SECRET_KEY;
    if ((!publishableKey || !secretKey) && !adminKey) {
      throw new Error('TENDER_API_BASE needs TENDER_PUBLISHABLE_KEY and TENDER_SECRET_KEY (or TENDER_ADMIN_KEY to make them)');
    }
    publishableKey ||= await readPublishableKey(apiBase, adminKey, merchantId);
    if (!secretKey) secretKey = await temporarySecretKey(apiBase, adminKey, merchantId);
    return { apiBase, publishableKey, secretKey, origin: apiBase };
  }

  const port = Number(env.SANDBOX_PORT ?? 8080);
  const adminKey = env.SANDBOX_ADMIN_KEY ?? 'test_admin';
  const dbPath = env.SANDBOX_DB ?? '.sandbox/sandbox.db';
  const hostname = env.HOST ?? '127.0.0.1';
  // the sandbox's listener reports a taken port as an uncaught 'error' event: ask first
  if (port !== 0 && !(await portIsFree(port, hostname))) {
    throw new Error(`port ${port} is taken (is \`npm run sandbox\` running?): stop it, or set SANDBOX_PORT (0 picks a free port)`);
  }
  await ensureFrameBuilt((line) => console.log(`demo: ${line}`));
  // the frame is a build (the pages are served from src/ by Vite): rebuilt when src/ changes
  cleanups.push(rebuildFrameOnChange((line) => console.log(`demo: ${line}`)));
  const sandbox = await startSandbox({
    port,
    hostname,
    dbPath,
    adminKey,
    ...(env.SANDBOX_PUBLIC_URL ? { publicUrl: env.SANDBOX_PUBLIC_URL } : {}),
    log: env.SANDBOX_LOG === 'on' ? (line) => console.log(`[sandbox] ${line}`) : null,
    // an unhandled error (500 HE_00) is told on stderr even with the request log off
    errorLog: (line) => console.error(`[sandbox] ${line}`),
  });
  cleanups.push(() => sandbox.close());
  const apiBase = env.SANDBOX_PUBLIC_URL?.replace(/\/+$/, '') ?? sandbox.url;
  // The sandbox shows the secret key on its first start only (it keeps a hash): otherwise make one
  // with the admin key, keep it in memory, and revoke it on the way out.
  const secretKey = env.TENDER_SECRET_KEY ?? sandbox.demo.secretKey ?? (await temporarySecretKey(sandbox.url, adminKey, sandbox.demo.merchantId));
  return { apiBase, publishableKey: sandbox.demo.publishableKey, secretKey, origin: apiBase, sandboxUrl: sandbox.url, dbPath };
}

function portIsFree(port, hostname) {
  return new Promise((resolve) => {
    const probe = createTcpServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, hostname, () => probe.close(() => resolve(true)));
  });
}

async function temporarySecretKey(apiBase, adminKey, merchantId) {
  const { secretKey, keyId } = await createSecretKey(apiBase, adminKey, merchantId);
  cleanups.push(() => revokeSecretKey(apiBase, adminKey, merchantId, keyId));
  return secretKey;
}

/**
 * The pages' Content Security Policy: no inline script or style anywhere, API calls only to the
 * payment API, frames only from it (the 3-D Secure dialog frames its challenge page). ('self' also
 * covers Vite's own web socket, same host and port.)
 */
function contentSecurityPolicy(apiOrigin) {
  const api = new URL(apiOrigin).origin;
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    `connect-src 'self' ${api}`,
    "img-src 'self' data:",
    "font-src 'self' https:",
    `frame-src ${api}`,
    `form-action 'self' ${api}`,
    "base-uri 'none'",
    "object-src 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

let api;
try {
  api = await paymentApi();
} catch (error) {
  await fail(error instanceof Error ? error.message : String(error));
}

const csp = contentSecurityPolicy(api.origin);
const backend = merchantBackend({ apiBase: api.apiBase, publishableKey: api.publishableKey, secretKey: api.secretKey });

let vite;
try {
  vite = await createServer({
    configFile: false,
    root: `${root}demo`,
    logLevel: 'warn',
    clearScreen: false,
    appType: 'mpa',
    server: {
      port: demoPort,
      host: demoHost,
      strictPort: true,
      // files are still watched (a reload shows the current sources); only the push to the page is
      // off. Vite's page client still opens its socket (same origin: 'self' covers it).
      hmr: liveReload,
      fs: { allow: [root] },
    },
    plugins: [
      {
        name: 'tender-demo-merchant',
        configureServer(server) {
          server.middlewares.use((request, response, next) => {
            response.setHeader('content-security-policy', csp);
            next();
          });
          server.middlewares.use(backend);
        },
      },
    ],
  });
  await vite.listen();
} catch (error) {
  if (error?.code === 'EADDRINUSE' || /already in use/i.test(String(error?.message))) {
    await fail(`port ${demoPort} is taken: set DEMO_PORT`);
  }
  await fail(error instanceof Error ? error.message : String(error));
}
cleanups.push(() => vite.close());

const host = demoHost === '127.0.0.1' || demoHost === '0.0.0.0' || demoHost === '::' ? 'localhost' : demoHost;
const demoUrl = `http://${host}:${vite.httpServer?.address()?.port ?? demoPort}/`;
const where = api.sandboxUrl ? `sandbox ${api.sandboxUrl}, data in ${api.dbPath}` : `API ${api.apiBase}`;
console.log(`Tender demo: ${demoUrl}  (theme previewer: ${demoUrl}previewer.html; ${where}; Ctrl-C stops)`);
