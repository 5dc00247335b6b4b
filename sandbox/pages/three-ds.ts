import { formatAmount } from '../../src/money/index.js';
import type { Redirect } from '../domain/redirect.js';
import type { Payment } from '../domain/types.js';
import { html, page } from './html.js';

/** When a framed challenge ends unanswered: in `inMs` ms the page goes to `url`, the challenge's end page. */
export interface ChallengeTimeout {
  inMs: number;
  url: string;
}

/**
 * The sandbox's 3-D Secure challenge: the issuer's page, with *Complete* and *Reject*. Both forms
 * post to `action` (the page's path, without the link token) with the page's own token. With
 * `timeout` (a framed challenge), the page script ends it when its window closes, as an issuer's
 * page that times out does, so the merchant page hears of it and retrieves the failed payment.
 */
export function challengePage(payment: Payment, merchantName: string | null, pageToken: string, action: string, timeout: ChallengeTimeout | null = null): string {
  const answer = (value: 'complete' | 'reject', label: string, primary: boolean) =>
    html`<form method="post" action="${action}"><input type="hidden" name="page_token" value="${pageToken}"><input type="hidden" name="answer" value="${value}"><button${primary ? html` class="primary"` : ''} type="submit">${label}</button></form>`;
  return page(
    'Authorize Payment',
    html`<h1>Test Payment Page</h1>
      <p>This is the sandbox's 3-D Secure challenge. A real bank would ask you to confirm the payment here.</p>
      <dl>
        <dt>Merchant</dt><dd>${merchantName ?? payment.merchant_id}</dd>
        <dt>Amount</dt><dd>${formatAmount(payment.amount, payment.currency, 'en')}</dd>
        <dt>Card</dt><dd>${payment.card ? `${payment.card.card_network ?? 'Card'} •••• ${payment.card.last4}` : '—'}</dd>
        <dt>Payment</dt><dd><code>${payment.payment_id}</code></dd>
      </dl>
      ${answer('complete', 'Complete Payment', true)}
      ${answer('reject', 'Reject Payment', false)}`,
    timeout
      ? { script: true, mainAttributes: html`id="challenge" data-ends-in="${Math.max(Math.round(timeout.inMs), 0)}" data-end-url="${timeout.url}"` }
      : {},
  );
}

export function messagePage(title: string, message: string, status?: string): string {
  return page(title, html`<h1>${title}</h1><p>${message}</p>${status ? html`<p class="note">Status: <code>${status}</code></p>` : ''}`);
}

/** A link that is wrong, spent, another attempt's, or for a challenge that is over: one page for all. */
export const linkExpiredPage = (): string => messagePage('Link expired', 'This link is not valid or it is expired.');

/** Sends the customer back to the merchant with an auto-submitting POST form (`redirect_to_merchant_with_http_post`). */
export function postBackPage(action: string, fields: [string, string][]): string {
  return page(
    'Returning to the merchant',
    html`<form id="post-back" method="post" action="${action}">
      ${fields.map(([name, value]) => html`<input type="hidden" name="${name}" value="${value}">`)}
      <p>Returning to the shop…</p><button type="submit">Continue</button>
    </form>`,
    { script: true },
  );
}

/**
 * What the end page of a framed challenge tells the Hyperswitch web SDK, in its own protocol: its
 * 3-D Secure modal forwards a message with the key `openurl_if_required` to its loader, which
 * retrieves the payment (hyperswitch-web `src/Payments/ThreeDSRedirectionModal.res`,
 * `src/Hooks/UtilityHooks.res` `useSendEventsToParent`, `src/hyper-loader/Elements.res`). `url` is
 * the return URL with its query, as upstream's page sends it, or the page's own URL when there is
 * no way back; `origins` are the merchant's `allowed_origins` (empty: none listed, the page then
 * answers whichever window framed it).
 */
export interface SdkMessage {
  url: string;
  origins: readonly string[];
}

/**
 * The end of a challenge that may run in a frame (`is_iframe_redirection_enabled`): inside a frame
 * the page script tells the merchant page (on `targetOrigins` only) that the challenge of
 * `paymentId` ended, and the web SDK's modal `{openurl_if_required}` (`sdk`); at the top level it
 * follows `continueTo`, the way back to the shop, when there is one. The element's message says
 * nothing of the outcome; the SDK's carries the return URL, as the real service's page does. Both
 * clients retrieve the payment.
 */
export function challengeEndPage(paymentId: string, targetOrigins: readonly string[], continueTo: Redirect | null, sdk: SdkMessage): string {
  let next = html`<p class="note">You can close this window and return to the shop.</p>`;
  if (continueTo?.method === 'GET') next = html`<p><a id="continue" href="${continueTo.url}">Continue to the shop</a></p>`;
  if (continueTo?.method === 'POST') {
    next = html`<form id="continue" method="post" action="${continueTo.url}">
      ${continueTo.fields.map(([name, value]) => html`<input type="hidden" name="${name}" value="${value}">`)}
      <button type="submit">Continue to the shop</button></form>`;
  }
  return page('Authentication finished', html`<h1>Authentication finished</h1>${next}`, {
    script: true,
    mainAttributes: html`id="challenge-end" data-payment-id="${paymentId}" data-target-origins="${JSON.stringify(targetOrigins)}" data-open-url="${sdk.url}" data-open-url-origins="${JSON.stringify(sdk.origins)}"`,
  });
}
