import type { CollectLink } from '../domain/types.js';
import { html, page } from './html.js';

/**
 * The page of a payment-method collect link: a card form that posts to the same address, whose card
 * is saved for the link's customer. The sandbox's stand-in for upstream's collect page (its web SDK):
 * no CVC is asked for, as a saved card keeps none.
 */
export function collectLinkPage(link: CollectLink, merchantName: string, action: string, error: string | null = null): string {
  const field = (name: string, label: string, autocomplete: string, max: number, extra = html``) =>
    html`<p><label for="${name}">${label}</label><br><input id="${name}" name="${name}" autocomplete="${autocomplete}" maxlength="${max}" required ${extra}></p>`;
  return page(
    'Save a card',
    html`<h1>Save a card with ${merchantName}</h1>
      <p>The card is kept for your next payments; nothing is charged now.</p>
      ${error ? html`<p role="alert">${error}</p>` : ''}
      <form method="post" action="${action}">
        ${field('card_number', 'Card number', 'cc-number', 23, html`inputmode="numeric"`)}
        ${field('card_exp_month', 'Expiry month (MM)', 'cc-exp-month', 2, html`inputmode="numeric"`)}
        ${field('card_exp_year', 'Expiry year (YYYY)', 'cc-exp-year', 4, html`inputmode="numeric"`)}
        <p><label for="card_holder_name">Name on card</label><br><input id="card_holder_name" name="card_holder_name" autocomplete="cc-name" maxlength="255"></p>
        <button class="primary" type="submit">Save card</button>
      </form>
      <p class="note">A sandbox collect link: use a test card. The link expires at <time datetime="${link.expiry}">${link.expiry}</time>.</p>`,
  );
}
