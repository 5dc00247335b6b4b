import type { Context } from 'hono';
import { PaymentMethodCollectLinkCreate } from '../../src/api/admin.js';
import { CollectLinkService, collectLinkWire, collectsCards, type CollectedCard } from '../domain/collect-links.js';
import { ApiError, apiError } from '../domain/errors.js';
import { SavedMethodService } from '../domain/saved-methods.js';
import type { CollectLink, MerchantAccount } from '../domain/types.js';
import { authenticate } from '../http/auth.js';
import { readBody } from '../http/body.js';
import { readForm } from '../http/request.js';
import { collectLinkPage } from '../pages/collect-link.js';
import { messagePage } from '../pages/three-ds.js';
import type { App, RouteDeps } from './deps.js';
import { securePage } from './page-response.js';

/**
 * Payment-method collect links (domain/collect-links.ts): `POST /payment_methods/collect` (the
 * secret key), and the link's page, `GET /payment_methods/collect/{merchant_id}/{pm_collect_link_id}`,
 * whose form posts the card back to the same address. An unknown link is `404 IR_37`, as upstream's
 * render answers it. Once the card is saved the customer goes to the link's `return_url`, with
 * `pm_collect_link_id`, `status=submitted` and the saved card's `payment_method_id`.
 */
export function collectLinkRoutes(app: App, deps: RouteDeps): void {
  const { store, adminKey } = deps;
  const links = new CollectLinkService(store, new SavedMethodService(store, deps.now), () => deps.publicUrl, deps.now);
  const path = '/payment_methods/collect/:merchant_id/:pm_collect_link_id';

  app.post('/payment_methods/collect', async (c) => {
    const { merchant } = authenticate(c, store, adminKey, ['secret']);
    const request = await readBody(c, PaymentMethodCollectLinkCreate);
    return c.json(collectLinkWire(links.create(merchant, request)));
  });

  /** The link the address names, its merchant, and whether it takes a card now. */
  const linked = (c: Context) => {
    const { merchant_id: merchantId, pm_collect_link_id: linkId } = c.req.param();
    const merchant = merchantId ? store.merchant(merchantId) : null;
    if (!merchant || !linkId) throw apiError('collectLinkNotFound');
    return { merchant, ...links.page(merchant.merchant_id, linkId) };
  };
  const send = (c: Context, body: string, status: 200 | 400, merchant: MerchantAccount, link: CollectLink) => {
    securePage(c, merchant, link.return_url);
    return c.html(body, status);
  };
  const action = (link: CollectLink) => `/payment_methods/collect/${encodeURIComponent(link.merchant_id)}/${encodeURIComponent(link.pm_collect_link_id)}`;
  const nameOf = (merchant: MerchantAccount, link: CollectLink) => link.merchant_name ?? merchant.merchant_name ?? merchant.merchant_id;
  /** The page of a link that takes no card: expired, used, or listing no cards. */
  const closed = (c: Context, merchant: MerchantAccount, link: CollectLink, expired: boolean) => {
    if (link.status === 'submitted') return send(c, messagePage('Card saved', 'A card was saved with this link; it cannot be used again.', link.status), 200, merchant, link);
    if (expired) return send(c, messagePage('Payment collect link has expired', 'This payment collect link has expired.'), 200, merchant, link);
    return send(c, messagePage('Save a payment method', 'This link collects no cards, and the sandbox saves cards only.'), 200, merchant, link);
  };

  app.get(path, (c) => {
    const { merchant, link, open, expired } = linked(c);
    if (!open || !collectsCards(link)) return closed(c, merchant, link, expired);
    return send(c, collectLinkPage(link, nameOf(merchant, link), action(link)), 200, merchant, link);
  });

  app.post(path, async (c) => {
    const { merchant, link, expired } = linked(c);
    // within the body limit, a malformed multipart body 400 IR_06 (http/request.ts), as every form post
    const form = await readForm(c);
    const value = (name: string) => form.get(name)?.trim() ?? '';
    const card: CollectedCard = {
      card_number: value('card_number').replace(/\s+/g, ''),
      card_exp_month: value('card_exp_month'),
      card_exp_year: value('card_exp_year'),
      card_holder_name: value('card_holder_name').slice(0, 255) || null,
    };
    let saved: ReturnType<CollectLinkService['submit']>;
    try {
      saved = links.submit(merchant.merchant_id, link.pm_collect_link_id, card);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      // the API's message: it never repeats a card value
      return send(c, collectLinkPage(link, nameOf(merchant, link), action(link), error.message), 400, merchant, link);
    }
    if (!saved) return closed(c, merchant, link, expired);
    if (!link.return_url) return send(c, messagePage('Card saved', 'Your card is saved. You can close this window.', 'submitted'), 200, merchant, saved.link);
    const back = new URL(link.return_url);
    back.searchParams.set('pm_collect_link_id', link.pm_collect_link_id);
    back.searchParams.set('status', 'submitted');
    back.searchParams.set('payment_method_id', saved.method.payment_method_id);
    securePage(c, merchant, link.return_url);
    return c.redirect(back.toString(), 302);
  });
}
