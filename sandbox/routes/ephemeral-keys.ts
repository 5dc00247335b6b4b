import { EphemeralKeyCreate } from '../../src/api/admin.js';
import { EphemeralKeyService } from '../domain/ephemeral-keys.js';
import { authenticate } from '../http/auth.js';
import { readBody } from '../http/body.js';
import type { App, RouteDeps } from './deps.js';

/** `POST /ephemeral_keys` and `DELETE /ephemeral_keys/{id}`: the merchant's secret key, as upstream's routes/ephemeral_key.rs. */
export function ephemeralKeyRoutes(app: App, deps: RouteDeps): void {
  const { store, adminKey } = deps;
  const keys = new EphemeralKeyService(store, deps.now);

  app.post('/ephemeral_keys', async (c) => {
    const { merchant } = authenticate(c, store, adminKey, ['secret']);
    const request = await readBody(c, EphemeralKeyCreate);
    return c.json(keys.create(merchant.merchant_id, request.customer_id));
  });
  app.delete('/ephemeral_keys/:id', (c) => {
    const { merchant } = authenticate(c, store, adminKey, ['secret']);
    return c.json(keys.delete(merchant.merchant_id, c.req.param('id')));
  });
}
