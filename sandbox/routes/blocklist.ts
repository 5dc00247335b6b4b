import type { Context } from 'hono';
import * as z from 'zod/mini';
import { BlocklistRequest } from '../../src/api/admin.js';
import { addToBlocklist, removeFromBlocklist } from '../domain/card-blocking.js';
import { toggleBlocklistGuard } from '../domain/configs.js';
import { apiError } from '../domain/errors.js';
import { authenticate } from '../http/auth.js';
import { readBody, readQuery } from '../http/body.js';
import type { App, RouteDeps } from './deps.js';

/** `POST /blocklist/toggle`'s query: `status`, required (upstream's ToggleBlocklistQuery). */
const ToggleQuery = z.strictObject({ status: z.enum(['true', 'false']) });

/**
 * The merchant's blocklist (the secret key), as upstream's crates/router/src/routes/blocklist.rs has
 * it: `POST /blocklist/toggle` turns the guard on or off, `POST` and `DELETE /blocklist` add and
 * remove blocked BINs (the list, `GET`, is not served). A card `fingerprint` is refused: the sandbox
 * keeps none.
 */
export function blocklistRoutes(app: App, deps: RouteDeps): void {
  const { store, adminKey } = deps;
  const entry = async (c: Context) => {
    const merchantId = authenticate(c, store, adminKey, ['secret']).merchant.merchant_id;
    const { type, data } = await readBody(c, BlocklistRequest);
    if (type === 'fingerprint') throw apiError('paymentMethodNotSupported', {}, 'the sandbox keeps no card fingerprints: block a card_bin or an extended_card_bin');
    return { merchantId, kind: type, data };
  };

  app.post('/blocklist/toggle', (c) => {
    const principal = authenticate(c, store, adminKey, ['secret']);
    const { status } = readQuery(c, ToggleQuery);
    return c.json(toggleBlocklistGuard(store, principal.merchant.merchant_id, status === 'true'));
  });
  app.post('/blocklist', async (c) => {
    const { merchantId, kind, data } = await entry(c);
    return c.json(addToBlocklist(store, merchantId, kind, data, new Date(deps.now()).toISOString()));
  });
  app.delete('/blocklist', async (c) => {
    const { merchantId, kind, data } = await entry(c);
    return c.json(removeFromBlocklist(store, merchantId, kind, data));
  });
}
