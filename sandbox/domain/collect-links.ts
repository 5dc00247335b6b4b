/**
 * Payment-method collect links, as upstream makes them at d1688907 (crates/router/src/core/
 * payment_methods.rs `initiate_pm_collect_link`, `render_pm_collect_link`; payment_methods/validator.rs):
 * `POST /payment_methods/collect` (the secret key) gives a customer of the merchant a link to a page
 * where the customer saves a card, until the link expires (`session_expiry`, 900 s by default).
 * Upstream's page runs its web SDK with the link's own client secret; the sandbox's is a form whose
 * card is saved as `POST /payment_methods` saves one (masked: saved-methods.ts). A link takes one card,
 * then shows that it was used.
 */
import type { PaymentMethodCollectLinkCreate } from '../../src/api/admin.js';
import { collectLinkQueries } from '../store/collect-links.js';
import type { Store } from '../store/repo.js';
import { apiError } from './errors.js';
import { newCollectLinkId } from './ids.js';
import type { SavedMethodService } from './saved-methods.js';
import type { CollectLink, MerchantAccount, SavedPaymentMethod } from './types.js';

/** Upstream's default lifetime (config `[generic_link.payment_method_collect] expiry`, seconds). */
const DEFAULT_EXPIRY_S = 900;
/** What the sandbox's page can save, the default of a link: cards (upstream's default adds bank transfers and wallets). */
const CARDS = { payment_method: 'card', payment_method_types: ['credit', 'debit'] };

/** A card as the page's form gives it. */
export interface CollectedCard {
  card_number: string;
  card_exp_month: string;
  card_exp_year: string;
  card_holder_name: string | null;
}

/** The merchant's `pm_collect_link_config` (upstream's BusinessCollectLinkConfig, flattened): its string members. */
function configured(merchant: MerchantAccount, member: 'logo' | 'merchant_name' | 'theme' | 'domain_name'): string | null {
  const value = merchant.pm_collect_link_config?.[member];
  return typeof value === 'string' ? value : null;
}

/** PaymentMethodCollectLinkResponse: the link without what only its page reads. */
export const collectLinkWire = ({ pm_collect_link_id, customer_id, expiry, link, return_url, logo, merchant_name, theme, enabled_payment_methods }: CollectLink) => ({
  pm_collect_link_id,
  customer_id,
  expiry,
  link,
  return_url,
  logo,
  merchant_name,
  theme,
  enabled_payment_methods,
});

/** Whether the link's page lists cards, the one method the sandbox's page collects. */
export const collectsCards = (link: CollectLink): boolean => link.enabled_payment_methods.some((method) => method.payment_method === 'card');

export class CollectLinkService {
  constructor(
    private readonly store: Store,
    private readonly savedMethods: SavedMethodService,
    /** The sandbox's address (read per link: it is known once the server listens). */
    private readonly publicUrl: () => string,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * POST /payment_methods/collect: a link for a customer of the merchant. Its look (logo, name,
   * theme), methods and domain are the request's, else the merchant's `pm_collect_link_config`'s;
   * its methods by default cards.
   */
  create(merchant: MerchantAccount, request: PaymentMethodCollectLinkCreate): CollectLink {
    const merchantId = merchant.merchant_id;
    return this.store.transaction(() => {
      const customer = this.store.customer(merchantId, request.customer_id);
      if (!customer || customer.redacted) throw apiError('collectLinkCustomerNotFound', { customer_id: request.customer_id, merchant_id: merchantId });
      const id = request.pm_collect_link_id ?? newCollectLinkId();
      const domain = configured(merchant, 'domain_name');
      const fromConfig = merchant.pm_collect_link_config?.['enabled_payment_methods'];
      const link: CollectLink = {
        pm_collect_link_id: id,
        merchant_id: merchantId,
        customer_id: request.customer_id,
        expiry: new Date(this.now() + (request.session_expiry ?? DEFAULT_EXPIRY_S) * 1000).toISOString(),
        link: `${domain ? `https://${domain}` : this.publicUrl()}/payment_methods/collect/${encodeURIComponent(merchantId)}/${encodeURIComponent(id)}`,
        return_url: request.return_url ?? null,
        logo: request.logo ?? configured(merchant, 'logo'),
        merchant_name: request.merchant_name ?? configured(merchant, 'merchant_name'),
        theme: request.theme ?? configured(merchant, 'theme'),
        enabled_payment_methods: request.enabled_payment_methods ?? (Array.isArray(fromConfig) ? (fromConfig as CollectLink['enabled_payment_methods']) : [CARDS]),
        status: 'initiated',
        created_at: new Date(this.now()).toISOString(),
      };
      if (!collectLinkQueries(this.store.db).insert(link)) throw apiError('duplicateCollectLink');
      return link;
    });
  }

  /** The merchant's link, or 404 IR_37; `open` while it takes a card (not used, not expired). */
  page(merchantId: string, linkId: string): { link: CollectLink; open: boolean; expired: boolean } {
    const link = collectLinkQueries(this.store.db).link(merchantId, linkId);
    if (!link) throw apiError('collectLinkNotFound');
    const expired = this.now() > Date.parse(link.expiry);
    return { link, expired, open: link.status === 'initiated' && !expired };
  }

  /**
   * The page's card, saved to the link's customer (every refusal of `POST /payment_methods` applies;
   * nothing is saved then) and the link used. Null when the link no longer takes a card.
   */
  submit(merchantId: string, linkId: string, card: CollectedCard): { link: CollectLink; method: SavedPaymentMethod } | null {
    return this.store.transaction(() => {
      const { link, open } = this.page(merchantId, linkId);
      if (!open || !collectsCards(link)) return null;
      const { method } = this.savedMethods.create(merchantId, { payment_method: 'card', customer_id: link.customer_id, card });
      link.status = 'submitted';
      link.payment_method_id = method.payment_method_id;
      collectLinkQueries(this.store.db).update(link);
      return { link, method };
    });
  }
}
