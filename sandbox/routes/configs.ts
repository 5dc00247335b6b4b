import type { Context } from 'hono';
import { ConfigCreate, ConfigUpdate } from '../../src/api/admin.js';
import * as z from 'zod/mini';
import { ConfigService, toggleBlocklistGuard } from '../domain/configs.js';
import { authenticate } from '../http/auth.js';
import { readBody, readQuery } from '../http/body.js';
import type { App, RouteDeps } from './deps.js';

/** `POST /blocklist/toggle`'s query: `status`, required (upstream's ToggleBlocklistQuery). */
const ToggleQuery = z.strictObject({ status: z.enum(['true', 'false']) });

/**
 * `/configs` (admin key only), as upstream's crates/router/src/routes/app.rs @ d1688907 scopes it, and
 * `POST /blocklist/toggle` (the secret key), which writes the merchant's `guard_blocklist_for_…` config.
 */
export function configRoutes(app: App, deps: RouteDeps): void {
  const { store, adminKey } = deps;
  const configs = new ConfigService(store);
  const admin = (c: Context) => authenticate(c, store, adminKey, ['admin']);

  const create = async (c: Context) => {
    admin(c);
    const request = await readBody(c, ConfigCreate);
    return c.json(configs.create(request));
  };
  app.post('/configs/', create);
  app.post('/configs', create);
  app.get('/configs/:key', (c) => {
    admin(c);
    return c.json(configs.read(c.req.param('key')));
  });
  app.post('/configs/:key', async (c) => {
    admin(c);
    const request = await readBody(c, ConfigUpdate);
    return c.json(configs.update(c.req.param('key'), request.value));
  });
  app.post('/blocklist/toggle', (c) => {
    const principal = authenticate(c, store, adminKey, ['secret']);
    const { status } = readQuery(c, ToggleQuery);
    return c.json(toggleBlocklistGuard(store, principal.merchant.merchant_id, status === 'true'));
  });
  app.delete('/configs/:key', (c) => {
    admin(c);
    return c.json(configs.delete(c.req.param('key')));
  });
}
