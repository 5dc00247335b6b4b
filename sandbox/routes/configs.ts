import type { Context } from 'hono';
import { ConfigCreate, ConfigUpdate } from '../../src/api/admin.js';
import { ConfigService } from '../domain/configs.js';
import { authenticate } from '../http/auth.js';
import { readBody } from '../http/body.js';
import type { App, RouteDeps } from './deps.js';

/** `/configs` (admin key only), as upstream's crates/router/src/routes/app.rs @ d1688907 scopes it. */
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
  app.delete('/configs/:key', (c) => {
    admin(c);
    return c.json(configs.delete(c.req.param('key')));
  });
}
