import { aTimeout, expect, waitUntil } from '@open-wc/testing';
import { executeServerCommand, sendKeys, setViewport } from '@web/test-runner-commands';
import '../../define.js';
import { en } from '../../i18n/index.js';
import {
  buttonNamed,
  CHALLENGE_CARD,
  challengeDialog,
  challengeFrame,
  clearField,
  fillCard,
  formShown,
  mountCheckout,
  payButton,
  retrieveAsMerchant,
  statusText, root } from '../../../test/browser/checkout-harness.js';
import { restoreFetch, wrapFetch } from '../../../test/browser/fetch-wrapper.js';
import { CHALLENGE_POLL_MS } from '../challenge/watch.js';
import { sandboxConfig, type SandboxEndpoint } from '../../../test/browser/sandbox-config.js';
import type { TenderCheckout } from './tender-checkout.js';

/** Another challenge card (the sandbox's 4000 0000 0000 3220: challenge, then succeeds). */
const CHALLENGE_CARD_2 = '4000000000003220';
/** Challenge, then the issuer fails it. */
const CHALLENGE_FAIL_CARD = '4000000000004038';

const dialogOf = challengeDialog;
const frameOf = challengeFrame;
const answer = (choice: 'Complete' | 'Reject') => executeServerCommand('answer-challenge-frame', { answer: choice });

/**
 * Mounts the element with the 3-D Secure modal. The return URL is this page: the challenge page posts
 * its message to the origin of the payment's return URL (the demo merchant lists no allowed origins).
 */
async function mountModal(attributes: Record<string, string> = {}, sandbox?: SandboxEndpoint) {
  const mounted = await mountCheckout({ attributes: { 'three-ds': 'modal', 'return-url': location.href.split('#')[0]!, ...attributes }, sandbox });
  await mounted.log.wait('tender-ready');
  return mounted;
}

/** Pays with a challenge card and waits for the modal to open. */
async function payIntoChallenge(element: TenderCheckout, number = CHALLENGE_CARD): Promise<HTMLDialogElement> {
  await fillCard(element, { number });
  payButton(element).click();
  await waitUntil(() => dialogOf(element)?.open, 'the 3-D Secure dialog did not open', { timeout: 8000 });
  return dialogOf(element)!;
}

describe('<tender-checkout> 3-D Secure in a modal (three-ds="modal")', () => {
  let href = '';
  beforeEach(() => {
    href = location.href;
  });
  afterEach(async () => {
    restoreFetch();
    await setViewport({ width: 800, height: 600 });
    expect(location.href, 'the page never navigates').to.equal(href);
  });

  it('is the default: the confirm asks for the frame, the dialog opens over the page with the challenge', async () => {
    const { element, log, payment } = await mountModal();
    const dialog = await payIntoChallenge(element);
    // the confirm sent is_iframe_redirection_enabled: the payment waits with the popup next action
    const waiting = (await retrieveAsMerchant(payment.payment_id)) as { next_action?: { type?: string } };
    expect(waiting.next_action?.type).to.equal('redirect_inside_popup');
    expect(document.createElement('tender-checkout').threeDs, 'the default').to.equal('modal');
    expect(dialog.matches(':modal')).to.equal(true);
    expect(frameOf(element)!.src).to.match(/^http:\/\/.+\/payments\/redirect\/.+\?token=/);
    expect(dialog.getAttribute('aria-labelledby')).to.equal('challenge-title');
    expect(root(element).getElementById('challenge-title')!.textContent).to.equal(en['status.continueAuthentication']);
    expect(root(element).activeElement?.textContent).to.equal(en.close);
    expect(log.of('tender-redirect')).to.have.length(0);
    expect(log.of('tender-result')).to.have.length(0);
  });

  it('completes: the dialog closes, the payment is retrieved and tender-result says succeeded', async () => {
    const { element, log, payment } = await mountModal();
    await payIntoChallenge(element);
    await answer('Complete');
    const result = await log.wait('tender-result');
    expect(result.detail).to.include({ paymentId: payment.payment_id, status: 'succeeded', retryable: false });
    expect(dialogOf(element)).to.equal(null);
    expect((await retrieveAsMerchant(payment.payment_id)).status).to.equal('succeeded');
    await element.updateComplete;
    expect(statusText(element)).to.equal(en['status.succeeded']);
  });

  it('rejected, then paid with another challenge card without leaving the page; focus goes to the card number', async () => {
    const { element, log, payment } = await mountModal();
    await payIntoChallenge(element);
    await answer('Reject');
    const declined = await log.wait('tender-result');
    expect(declined.detail).to.include({ status: 'failed', retryable: true, errorCode: 'authentication_failed' });
    await element.updateComplete;
    expect(formShown(element)).to.equal(true);
    await waitUntil(() => root(element).activeElement?.id === 'number', 'focus did not go to the card number');

    for (const field of ['number', 'expiry', 'cvc'] as const) await clearField(element, field);
    await payIntoChallenge(element, CHALLENGE_CARD_2);
    await answer('Complete');
    const paid = await log.wait('tender-result', 2);
    expect(paid.detail).to.include({ paymentId: payment.payment_id, status: 'succeeded' });
    expect((await retrieveAsMerchant(payment.payment_id)).attempt_count).to.equal(2);
  });

  it('a challenge the issuer fails after Complete is reported failed, the form open for another card', async () => {
    const { element, log } = await mountModal();
    await payIntoChallenge(element, CHALLENGE_FAIL_CARD);
    await answer('Complete');
    const result = await log.wait('tender-result');
    expect(result.detail).to.include({ status: 'failed', retryable: true });
    await element.updateComplete;
    expect(formShown(element)).to.equal(true);
  });

  it('Escape closes the dialog and reports nothing; Continue authentication reopens it with a fresh link', async () => {
    const { element, log } = await mountModal();
    await payIntoChallenge(element);
    const first = frameOf(element)!.src;
    await sendKeys({ press: 'Escape' });
    await waitUntil(() => !dialogOf(element), 'Escape did not close the dialog');
    await element.updateComplete;
    expect(log.of('tender-result')).to.have.length(0);
    expect(log.of('tender-error')).to.have.length(0);
    expect(statusText(element)).to.equal(en['status.awaitingAuthentication']);
    const reopen = buttonNamed(element, en['status.continueAuthentication'])!;
    await waitUntil(() => root(element).activeElement === reopen, 'focus did not return to Continue authentication');

    reopen.click();
    await waitUntil(() => dialogOf(element)?.open, 'the dialog did not reopen', { timeout: 8000 });
    expect(frameOf(element)!.src).not.to.equal(first); // a link is single-use: the reopened one is fresh
    await answer('Complete');
    expect((await log.wait('tender-result')).detail.status).to.equal('succeeded');
  });

  it('the close button closes it too, and confirm() resolves cancelled (no outcome)', async () => {
    const { element, log } = await mountModal();
    await fillCard(element, { number: CHALLENGE_CARD });
    const outcome = element.confirm();
    await waitUntil(() => dialogOf(element)?.open, 'the dialog did not open', { timeout: 8000 });
    buttonNamed(element, en.close)!.click();
    expect(await outcome).to.deep.equal({ type: 'cancelled' });
    expect(log.of('tender-result')).to.have.length(0);
  });

  it('works with the keyboard alone: Tab into the challenge, Enter completes it', async () => {
    const { element, log } = await mountModal();
    await fillCard(element, { number: CHALLENGE_CARD });
    payButton(element).focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => dialogOf(element)?.open, 'Enter on the pay button did not open the dialog', { timeout: 8000 });
    // wait for the framed page, then Tab from the close button into it: Complete Payment comes first
    await aTimeout(500);
    await sendKeys({ press: 'Tab' });
    await sendKeys({ press: 'Enter' });
    expect((await log.wait('tender-result')).detail.status).to.equal('succeeded');
  });

  it('a challenge left unanswered times out: the dialog closes, the decline is shown, tender-result says failed as retrieved', async function () {
    const { challengeTimeout } = await sandboxConfig();
    this.timeout(challengeTimeout.windowMs + 12_000);
    const { element, log, payment } = await mountModal({}, challengeTimeout);
    await payIntoChallenge(element);
    // the customer never answers: the sandbox's window closes and its page ends the challenge
    const result = await log.wait('tender-result', 1, challengeTimeout.windowMs + 8000);
    expect(result.detail).to.include({ paymentId: payment.payment_id, status: 'failed', retryable: true, errorCode: 'authentication_failed' });
    expect(result.detail.payment.status).to.equal('failed');
    expect((await retrieveAsMerchant(payment.payment_id, challengeTimeout)).status).to.equal('failed');
    expect(dialogOf(element)).to.equal(null);
    expect(log.of('tender-error')).to.have.length(0);
    await element.updateComplete;
    expect(statusText(element)).to.equal(en['decline.authentication_failed']);
    expect(formShown(element), 'the form is open for another card').to.equal(true);
  });

  it("ends without the page's message (a return URL on another origin): the payment is read while the dialog is open", async () => {
    // the end page posts only to the return URL's origin (and the account's allowed origins): never to this page
    const { element, log, payment } = await mountModal({ 'return-url': 'https://shop.example/return' });
    const messages: unknown[] = [];
    const listen = (event: MessageEvent) => messages.push(event.data);
    window.addEventListener('message', listen);
    try {
      const fetches = wrapFetch();
      await payIntoChallenge(element);
      await answer('Complete');
      const result = await log.wait('tender-result', 1, CHALLENGE_POLL_MS + 6000);
      expect(result.detail).to.include({ paymentId: payment.payment_id, status: 'succeeded', retryable: false });
      expect(dialogOf(element)).to.equal(null);
      expect(messages.filter((data) => (data as { type?: unknown } | null)?.type === 'challenge_finished'), 'no message reached the page').to.have.length(0);
      await element.updateComplete;
      expect(statusText(element)).to.equal(en['status.succeeded']);
      // the dialog closed: the reads stop
      const reads = fetches.count((call) => call.method === 'GET' && call.url.includes(`/payments/${payment.payment_id}`));
      await aTimeout(CHALLENGE_POLL_MS + 500);
      expect(fetches.count((call) => call.method === 'GET' && call.url.includes(`/payments/${payment.payment_id}`))).to.equal(reads);
    } finally {
      window.removeEventListener('message', listen);
    }
  });

  it('reads nothing once the dialog is closed unanswered', async () => {
    const { element } = await mountModal();
    const fetches = wrapFetch();
    await payIntoChallenge(element);
    await sendKeys({ press: 'Escape' });
    await waitUntil(() => !dialogOf(element), 'Escape did not close the dialog');
    const reads = fetches.count((call) => call.method === 'GET');
    await aTimeout(CHALLENGE_POLL_MS + 500);
    expect(fetches.count((call) => call.method === 'GET')).to.equal(reads);
  });

  it('is accessible with the dialog open', async () => {
    const { element } = await mountModal();
    await payIntoChallenge(element);
    await expect(element).to.be.accessible({ ignoredRules: ['frame-tested'] });
  });

  it('ignores a challenge_finished message from another window or origin', async () => {
    const { element, log, payment } = await mountModal();
    await payIntoChallenge(element);
    // this page's own window and origin, with the right shape and payment id: not the challenge frame
    window.postMessage({ type: 'challenge_finished', payment_id: payment.payment_id }, '*');
    await aTimeout(200);
    expect(dialogOf(element)?.open).to.equal(true);
    expect(log.of('tender-result')).to.have.length(0);
    await sendKeys({ press: 'Escape' });
  });

  it("ends only on its own message: the web SDK's openurl_if_required from the same frame and origin is not one", async () => {
    const { element, payment } = await mountModal();
    const dialog = await payIntoChallenge(element);
    const frame = dialog.querySelector('iframe')!;
    const origin = new URL(frame.src).origin;
    const { isChallengeEnd } = await import('../challenge/challenge-dialog.js');
    const from = (data: unknown) => new MessageEvent('message', { data, origin, source: frame.contentWindow });
    // the sandbox's end page posts both (docs/sandbox.md, "In a frame"); neither carries an outcome the element would use
    expect(isChallengeEnd(from({ openurl_if_required: `https://shop.example/?status=succeeded&payment_id=${payment.payment_id}` }), origin, frame.contentWindow, payment.payment_id)).to.equal(false);
    expect(isChallengeEnd(from({ type: 'challenge_finished', payment_id: payment.payment_id }), origin, frame.contentWindow, payment.payment_id)).to.equal(true);
    await sendKeys({ press: 'Escape' });
  });

  it('is full-screen at 320 px and right to left in Arabic', async () => {
    await setViewport({ width: 320, height: 640 });
    const { element } = await mountModal({ locale: 'ar' });
    const dialog = await payIntoChallenge(element);
    const box = dialog.getBoundingClientRect();
    expect([box.width, box.height]).to.deep.equal([320, 640]);
    expect(dialog.dir).to.equal('rtl');
    expect(dialog.lang).to.equal('ar');
    await sendKeys({ press: 'Escape' });
  });
});
