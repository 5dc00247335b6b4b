import type { Context } from 'hono';
import { ProfileCreate, ProfileUpdate } from '../../src/api/profiles.js';
import { profileResponse } from '../domain/profiles.js';
import { authenticate, routeMerchant } from '../http/auth.js';
import { readBody } from '../http/body.js';
import type { App, RouteDeps } from './deps.js';

/**
 * Business profiles (v1), as upstream's crates/router/src/routes/profiles.rs has them. Create, list,
 * retrieve and update take the admin key (profiles.rs @ 2bef460e: AdminApiAuthWithMerchantIdFromRoute,
 * which Cypress commands.js @ 6c80e6d6 uses) or the route merchant's own secret key (profiles.rs @
 * 09c5ba7a: ApiKeyAuthWithMerchantIdFromRoute, services/authentication.rs @ d47da559; commands.js @
 * 00065bd4 sends `apiKey`), so that both generations of its Cypress commands work; another
 * merchant's key, or the admin key on a merchant that does not exist, is 401 IR_01, as both answer.
 * Delete takes the admin key only (AdminApiAuth) and answers `true`.
 */
export function profileRoutes(app: App, deps: RouteDeps): void {
  const { store, merchants, adminKey } = deps;
  const { profiles } = merchants;

  const merchantOf = (c: Context): string => routeMerchant(c, store, adminKey);

  app.post('/account/:merchant_id/business_profile', async (c) => {
    const merchantId = merchantOf(c);
    const request = await readBody(c, ProfileCreate);
    return c.json(profileResponse(profiles.create(merchantId, request)));
  });
  app.get('/account/:merchant_id/business_profile', (c) => c.json(profiles.list(merchantOf(c)).map(profileResponse)));
  app.get('/account/:merchant_id/business_profile/:profile_id', (c) => {
    const merchantId = merchantOf(c);
    return c.json(profileResponse(profiles.retrieve(merchantId, c.req.param('profile_id'))));
  });
  app.post('/account/:merchant_id/business_profile/:profile_id', async (c) => {
    const merchantId = merchantOf(c);
    const request = await readBody(c, ProfileUpdate);
    return c.json(profileResponse(profiles.update(merchantId, c.req.param('profile_id'), request)));
  });
  app.delete('/account/:merchant_id/business_profile/:profile_id', (c) => {
    authenticate(c, store, adminKey, ['admin']);
    profiles.delete(c.req.param('merchant_id'), c.req.param('profile_id'));
    return c.json(true);
  });
}
