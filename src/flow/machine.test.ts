import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ClientError } from '../api/errors.js';
import type { PaymentResponse } from '../api/schemas.js';
import { initialFlowState, MAX_POLL_MS, MIN_POLL_MS, PROCESSING_POLL_MS, transition, type FlowEvent, type FlowState, type Phase, type Transition } from './machine.js';
import { PREVIEW_PAYMENT, previewState, type PreviewState } from './preview.js';

const NOW = 1_750_000_000_000;
const GEN = 3;

function payment(status: PaymentResponse['status'], extra: Partial<PaymentResponse> = {}): PaymentResponse {
  return { payment_id: 'pay_table', merchant_id: 'm', status, amount: 1099, currency: 'USD', net_amount: 1099, amount_capturable: 1099, attempt_count: 1, ...extra };
}
const redirectTo = (url: string) => payment('requires_customer_action', { next_action: { type: 'redirect_to_url', redirect_to_url: url } });
const waitScreen = (delaySecs?: number, toMs?: number) =>
  payment('requires_customer_action', {
    next_action: {
      type: 'wait_screen_information',
      display_from_timestamp: NOW * 1e6,
      ...(toMs ? { display_to_timestamp: toMs * 1e6 } : {}),
      ...(delaySecs === undefined ? {} : { poll_config: { delay_in_secs: delaySecs, frequency: 10 } }),
    },
  });
const POPUP = 'https://api.example/payments/redirect/pay_table/m/pay_table_1?token=t1';
const popup = (url = POPUP) => payment('requires_customer_action', { next_action: { type: 'redirect_inside_popup', popup_url: url, redirect_response_url: 'https://api.example/payments/pay_table/m/redirect/response/sandbox' } });
const apiError = (code: string, status = 400): ClientError => ({ type: 'api', code, message: `refused ${code}`, status });
const networkError: ClientError = { type: 'network', code: 'network_error', message: 'Failed to fetch', outcomeUnknown: false };
const ok = (p: PaymentResponse) => ({ ok: true as const, payment: p });
const fail = (error: ClientError | null) => ({ ok: false as const, error });

const at = (phase: Phase, extra: Partial<FlowState> = {}): FlowState => ({ ...initialFlowState, generation: GEN, phase, payment: payment('requires_payment_method'), ...extra });
const polling = (deadline = NOW + 10_000, delay = 1500): Partial<FlowState> => ({ poll: { deadline, delay, maxDelay: MAX_POLL_MS } });

interface Row {
  name: string;
  from: FlowState;
  event: FlowEvent;
  phase: Phase;
  /** The effects' types, in order. */
  effects: string[];
  then?: (result: Transition) => void;
}

const effect = <T extends string>(result: Transition, type: T) => result.effects.find((e) => e.type === type) as Extract<Transition['effects'][number], { type: T }>;
const errorCode = (result: Transition) => effect(result, 'error').detail.code;

const ROWS: Row[] = [
  // ---- loading
  { name: 'a complete configuration loads', from: initialFlowState, event: { type: 'start', config: 'complete' }, phase: 'loading', effects: ['load'], then: (r) => assert.equal(r.state.generation, 1) },
  { name: 'a partial configuration is a configuration error', from: initialFlowState, event: { type: 'start', config: 'partial' }, phase: 'error', effects: ['error'], then: (r) => assert.equal(r.state.problem?.retry, null) },
  { name: 'no configuration waits quietly', from: initialFlowState, event: { type: 'start', config: 'none' }, phase: 'idle', effects: [] },
  { name: 'the frame before its host configured it shows the form loading, with no request', from: initialFlowState, event: { type: 'start', config: 'pending' }, phase: 'loading', effects: [] },
  { name: 'a new payment drops the old one and its polling', from: at('waiting', polling()), event: { type: 'start', config: 'complete' }, phase: 'loading', effects: ['load'], then: (r) => assert.deepEqual([r.state.generation, r.state.payment, r.state.poll], [GEN + 1, null, null]) },
  { name: 'an API client that cannot be fetched offers to load again', from: at('loading'), event: { type: 'client-unavailable', generation: GEN }, phase: 'error', effects: ['error'], then: (r) => assert.deepEqual([errorCode(r), r.state.problem?.retry], ['network', 'load']) },
  { name: 'a confirmable payment is ready', from: at('loading'), event: { type: 'loaded', generation: GEN, answer: ok(payment('requires_payment_method')), returning: false, now: NOW }, phase: 'ready', effects: ['ready'] },
  { name: 'a retryable decline found on load is ready without a result', from: at('loading'), event: { type: 'loaded', generation: GEN, answer: ok(payment('failed', { manual_retry_allowed: true, error_code: 'card_declined' })), returning: false, now: NOW }, phase: 'ready', effects: ['ready'], then: (r) => assert.equal(r.state.status, null) },
  { name: 'an already final payment is reported, without tender-ready', from: at('loading'), event: { type: 'loaded', generation: GEN, answer: ok(payment('succeeded')), returning: false, now: NOW }, phase: 'done', effects: ['result'], then: (r) => assert.deepEqual(r.state.status, { key: 'status.succeeded', tone: 'success' }) },
  { name: 'a manual-capture payment says authorised', from: at('loading'), event: { type: 'loaded', generation: GEN, answer: ok(payment('requires_capture')), returning: false, now: NOW }, phase: 'done', effects: ['result'], then: (r) => assert.equal(r.state.status?.key, 'status.requires_capture') },
  { name: 'a return from 3-D Secure reports the retrieved payment', from: at('loading'), event: { type: 'loaded', generation: GEN, answer: ok(payment('failed', { error_code: 'issuer_unavailable_xyz', unified_message: 'Authentication failed' })), returning: true, now: NOW }, phase: 'done', effects: ['result'], then: (r) => assert.deepEqual(r.state.status, { key: null, text: 'Authentication failed', tone: 'danger' }) },
  { name: 'an expired client secret is a final error', from: at('loading'), event: { type: 'loaded', generation: GEN, answer: fail(apiError('IR_08')), returning: false, now: NOW }, phase: 'error', effects: ['error'], then: (r) => assert.deepEqual([errorCode(r), r.state.problem?.retry, r.state.status?.key], ['client_secret_expired', null, 'error.expired']) },
  { name: 'a client secret of another payment is a final error', from: at('loading'), event: { type: 'loaded', generation: GEN, answer: fail(apiError('IR_09')), returning: false, now: NOW }, phase: 'error', effects: ['error'], then: (r) => assert.equal(errorCode(r), 'client_secret_mismatch') },
  { name: 'a return URL that does not carry the payment is a configuration error', from: at('loading'), event: { type: 'loaded', generation: GEN, answer: fail(null), returning: true, now: NOW }, phase: 'error', effects: ['error'], then: (r) => assert.equal(errorCode(r), 'configuration') },
  { name: 'a network error on load offers to load again', from: at('loading'), event: { type: 'loaded', generation: GEN, answer: fail(networkError), returning: false, now: NOW }, phase: 'error', effects: ['error'], then: (r) => assert.equal(r.state.problem?.retry, 'load') },
  { name: 'a processing payment is polled after 1 s', from: at('loading'), event: { type: 'loaded', generation: GEN, answer: ok(payment('processing')), returning: false, now: NOW }, phase: 'waiting', effects: ['timer'], then: (r) => assert.deepEqual([effect(r, 'timer').delay, r.state.poll?.deadline], [1000, NOW + PROCESSING_POLL_MS]) },
  { name: 'a wait screen is polled at its poll_config', from: at('loading'), event: { type: 'loaded', generation: GEN, answer: ok(waitScreen(3, NOW + 60_000)), returning: false, now: NOW }, phase: 'waiting', effects: ['timer'], then: (r) => assert.deepEqual([effect(r, 'timer').delay, r.state.waitUntil, r.state.poll?.deadline], [3000, NOW + 60_000, NOW + 65_000]) },
  { name: 'a wait screen asking for delay_in_secs 0 is polled no faster than once a second', from: at('loading'), event: { type: 'loaded', generation: GEN, answer: ok(waitScreen(0)), returning: false, now: NOW }, phase: 'waiting', effects: ['timer'], then: (r) => assert.equal(effect(r, 'timer').delay, MIN_POLL_MS) },
  { name: 'a payment waiting for a 3-D Secure redirect offers to continue', from: at('loading'), event: { type: 'loaded', generation: GEN, answer: ok(redirectTo('https://bank.example/3ds')), returning: false, now: NOW }, phase: 'action', effects: [] },
  { name: 'a javascript: redirect found on load is refused', from: at('loading'), event: { type: 'loaded', generation: GEN, answer: ok(redirectTo('javascript:alert(1)')), returning: false, now: NOW }, phase: 'error', effects: ['error'], then: (r) => assert.deepEqual([errorCode(r), r.state.problem?.retry], ['unsafe_redirect', null]) },
  { name: 'a next action the element cannot handle is an error', from: at('loading'), event: { type: 'loaded', generation: GEN, answer: ok(payment('requires_customer_action', { next_action: { type: 'qr_code' } })), returning: false, now: NOW }, phase: 'error', effects: ['error'], then: (r) => assert.equal(errorCode(r), 'unsupported_action') },
  // ---- confirming
  { name: 'a submit confirms', from: at('ready'), event: { type: 'submit' }, phase: 'submitting', effects: ['confirm'], then: (r) => assert.equal(r.state.status?.key, 'processing') },
  { name: 'a submit while not ready does nothing', from: at('submitting'), event: { type: 'submit' }, phase: 'submitting', effects: [] },
  { name: 'a successful confirm is reported', from: at('submitting'), event: { type: 'confirmed', generation: GEN, answer: ok(payment('succeeded')), now: NOW }, phase: 'done', effects: ['result'] },
  { name: 'a lost answer reconciled by the client is reported as the payment is', from: at('submitting'), event: { type: 'confirmed', generation: GEN, answer: ok(payment('processing')), now: NOW }, phase: 'waiting', effects: ['timer'] },
  { name: 'a retryable decline keeps the form open', from: at('submitting'), event: { type: 'confirmed', generation: GEN, answer: ok(payment('failed', { manual_retry_allowed: true, error_code: 'card_declined' })), now: NOW }, phase: 'ready', effects: ['ready', 'result'], then: (r) => assert.deepEqual([effect(r, 'result').retryable, r.state.status?.key], [true, 'decline.card_declined']) },
  { name: 'a final decline closes the form', from: at('submitting'), event: { type: 'confirmed', generation: GEN, answer: ok(payment('failed', { error_code: 'stolen_card' })), now: NOW }, phase: 'done', effects: ['result'], then: (r) => assert.equal(effect(r, 'result').retryable, false) },
  { name: 'a 3-D Secure challenge redirects', from: at('submitting'), event: { type: 'confirmed', generation: GEN, answer: ok(redirectTo('https://bank.example/3ds')), now: NOW }, phase: 'redirecting', effects: ['redirect'], then: (r) => assert.equal(effect(r, 'redirect').url, 'https://bank.example/3ds') },
  { name: 'a data: redirect from a confirm is refused', from: at('submitting'), event: { type: 'confirmed', generation: GEN, answer: ok(redirectTo('data:text/html,<script>alert(1)</script>')), now: NOW }, phase: 'error', effects: ['error'], then: (r) => assert.equal(errorCode(r), 'unsafe_redirect') },
  { name: 'a redirect that is not a URL is refused', from: at('submitting'), event: { type: 'confirmed', generation: GEN, answer: ok(redirectTo('/relative/path')), now: NOW }, phase: 'error', effects: ['error'] },
  { name: 'an unknown outcome never fails: it reports and keeps checking', from: at('submitting'), event: { type: 'confirmed', generation: GEN, answer: fail({ ...networkError, outcomeUnknown: true }), now: NOW }, phase: 'waiting', effects: ['error', 'timer'], then: (r) => assert.deepEqual([errorCode(r), effect(r, 'timer').delay, r.state.status?.key], ['outcome_unknown', 2000, 'error.outcomeUnknown']) },
  { name: 'a confirm that did not go through offers to confirm again', from: at('submitting'), event: { type: 'confirmed', generation: GEN, answer: fail(networkError), now: NOW }, phase: 'ready', effects: ['error'], then: (r) => assert.deepEqual([errorCode(r), r.state.problem?.retry], ['network', 'confirm']) },
  { name: 'a server error on confirm offers to confirm again', from: at('submitting'), event: { type: 'confirmed', generation: GEN, answer: fail({ type: 'server', code: 'server_error', message: '502', status: 502 }), now: NOW }, phase: 'ready', effects: ['error'], then: (r) => assert.equal(r.state.problem?.retry, 'confirm') },
  { name: 'an expired secret on confirm is final', from: at('submitting'), event: { type: 'confirmed', generation: GEN, answer: fail(apiError('IR_08')), now: NOW }, phase: 'error', effects: ['error'], then: (r) => assert.equal(r.state.problem?.retry, null) },
  { name: 'a confirm refused for the payment’s state checks the payment', from: at('submitting'), event: { type: 'confirmed', generation: GEN, answer: fail(apiError('IR_16')), now: NOW }, phase: 'submitting', effects: ['check'] },
  { name: 'a payment that moved on (other tab) is shown as it is', from: at('submitting'), event: { type: 'checked', generation: GEN, answer: ok(payment('succeeded')), error: apiError('IR_16'), now: NOW }, phase: 'done', effects: ['result'] },
  { name: 'a payment still confirmable after IR_16 shows the refusal', from: at('submitting'), event: { type: 'checked', generation: GEN, answer: ok(payment('requires_payment_method')), error: apiError('IR_16'), now: NOW }, phase: 'ready', effects: ['error'], then: (r) => assert.deepEqual([errorCode(r), r.state.problem?.retry], ['request_refused', 'confirm']) },
  // ---- stale answers
  { name: 'a confirm answer for an older payment (client secret changed) is dropped', from: at('ready'), event: { type: 'confirmed', generation: GEN - 1, answer: ok(payment('succeeded')), now: NOW }, phase: 'ready', effects: [] },
  { name: 'a load answer for an older payment is dropped', from: at('loading'), event: { type: 'loaded', generation: GEN - 1, answer: ok(payment('succeeded')), returning: false, now: NOW }, phase: 'loading', effects: [] },
  { name: 'a poll answer for an older payment is dropped', from: at('waiting', polling()), event: { type: 'polled', generation: GEN - 1, answer: ok(payment('succeeded')), now: NOW }, phase: 'waiting', effects: [] },
  { name: 'a timer of an older payment is dropped', from: at('waiting', polling()), event: { type: 'tick', generation: GEN - 1 }, phase: 'waiting', effects: [] },
  // ---- polling
  { name: 'a poll timer retrieves while waiting', from: at('waiting', polling()), event: { type: 'tick', generation: GEN }, phase: 'waiting', effects: ['poll'] },
  { name: 'a poll timer does nothing once no longer waiting', from: at('ready'), event: { type: 'tick', generation: GEN }, phase: 'ready', effects: [] },
  { name: 'a payment still processing is polled again, later', from: at('waiting', polling()), event: { type: 'polled', generation: GEN, answer: ok(payment('processing')), now: NOW }, phase: 'waiting', effects: ['timer'], then: (r) => assert.deepEqual([effect(r, 'timer').delay, r.state.poll?.delay], [1500, 2250]) },
  { name: 'a failed poll is tried again', from: at('waiting', polling()), event: { type: 'polled', generation: GEN, answer: fail(networkError), now: NOW }, phase: 'waiting', effects: ['timer'] },
  { name: 'a poll that finds the payment final reports it', from: at('waiting', polling()), event: { type: 'polled', generation: GEN, answer: ok(payment('succeeded')), now: NOW }, phase: 'done', effects: ['result'] },
  { name: 'the wait screen deadline reports the payment as it is, never a guess', from: at('waiting', { ...polling(NOW), payment: waitScreen(2) }), event: { type: 'polled', generation: GEN, answer: ok(waitScreen(2)), now: NOW }, phase: 'done', effects: ['result'], then: (r) => assert.equal(effect(r, 'result').payment.status, 'requires_customer_action') },
  { name: 'a poll answer after the flow moved on is dropped', from: at('error'), event: { type: 'polled', generation: GEN, answer: ok(payment('succeeded')), now: NOW }, phase: 'error', effects: [] },
  // ---- the customer and the host
  { name: 'a cancelled tender-redirect waits for the host', from: at('redirecting'), event: { type: 'redirect-cancelled', generation: GEN }, phase: 'action', effects: [], then: (r) => assert.equal(r.state.status?.key, 'status.awaitingAuthentication') },
  { name: 'Continue authentication redirects again', from: at('action', { payment: redirectTo('https://bank.example/3ds') }), event: { type: 'continue' }, phase: 'redirecting', effects: ['redirect'] },
  { name: 'Continue does nothing outside the action phase', from: at('ready'), event: { type: 'continue' }, phase: 'ready', effects: [] },
  // ---- 3-D Secure in the modal (redirect_inside_popup)
  { name: 'a challenge for the modal opens it, the page stays', from: at('submitting'), event: { type: 'confirmed', generation: GEN, answer: ok(popup()), now: NOW }, phase: 'challenge', effects: ['challenge'], then: (r) => assert.deepEqual([effect(r, 'challenge').url, r.state.status?.key], [POPUP, 'status.awaitingAuthentication']) },
  { name: 'a javascript: popup_url is never framed', from: at('submitting'), event: { type: 'confirmed', generation: GEN, answer: ok(popup('javascript:alert(1)')), now: NOW }, phase: 'error', effects: ['error'], then: (r) => assert.deepEqual([errorCode(r), r.state.problem?.retry], ['unsafe_redirect', null]) },
  { name: 'a challenge found on load waits for Continue authentication (no dialog opens by itself)', from: at('loading'), event: { type: 'loaded', generation: GEN, answer: ok(popup()), returning: false, now: NOW }, phase: 'action', effects: [], then: (r) => assert.equal(r.state.status?.key, 'status.awaitingAuthentication') },
  { name: 'the challenge ended: the payment is retrieved at once, never taken from the message', from: at('challenge', { payment: popup() }), event: { type: 'challenge-done', generation: GEN, ended: true, now: NOW }, phase: 'waiting', effects: ['poll'], then: (r) => assert.equal(r.state.poll?.deadline, NOW + PROCESSING_POLL_MS) },
  { name: 'the retrieved payment after the challenge is reported', from: at('waiting', { payment: popup(), ...polling() }), event: { type: 'polled', generation: GEN, answer: ok(payment('succeeded')), now: NOW }, phase: 'done', effects: ['result'] },
  { name: 'a rejected challenge keeps the form open for another card', from: at('waiting', { payment: popup(), ...polling() }), event: { type: 'polled', generation: GEN, answer: ok(payment('failed', { manual_retry_allowed: true, error_code: 'authentication_failed' })), now: NOW }, phase: 'ready', effects: ['ready', 'result'], then: (r) => assert.equal(effect(r, 'result').retryable, true) },
  { name: 'still requires_customer_action after the challenge ended (timed out): says so, offers to reopen, no result', from: at('waiting', { payment: popup(), ...polling() }), event: { type: 'polled', generation: GEN, answer: ok(popup()), now: NOW }, phase: 'action', effects: [], then: (r) => assert.equal(r.state.status?.key, 'status.awaitingAuthentication') },
  { name: 'closing the dialog reports nothing and offers to reopen', from: at('challenge', { payment: popup(), status: { key: 'status.awaitingAuthentication', tone: 'info' } }), event: { type: 'challenge-done', generation: GEN, ended: false, now: NOW }, phase: 'action', effects: [], then: (r) => assert.equal(r.state.status?.key, 'status.awaitingAuthentication') },
  { name: 'a challenge end outside the challenge phase is ignored', from: at('done'), event: { type: 'challenge-done', generation: GEN, ended: true, now: NOW }, phase: 'done', effects: [] },
  { name: 'an answer about an older payment\'s challenge is dropped', from: at('challenge', { payment: popup() }), event: { type: 'challenge-done', generation: GEN - 1, ended: true, now: NOW }, phase: 'challenge', effects: [] },
  { name: 'Continue authentication of a challenge retrieves the payment for a fresh, single-use link', from: at('action', { payment: popup() }), event: { type: 'continue' }, phase: 'loading', effects: ['reopen'] },
  { name: 'the retrieved fresh link reopens the dialog', from: at('loading', { payment: popup() }), event: { type: 'confirmed', generation: GEN, answer: ok(popup(`${POPUP}2`)), now: NOW }, phase: 'challenge', effects: ['challenge'], then: (r) => assert.equal(effect(r, 'challenge').url, `${POPUP}2`) },
  { name: 'Try again after a load error loads', from: at('error', { problem: { code: 'network', message: '', recoverable: true, retry: 'load' } }), event: { type: 'retry' }, phase: 'loading', effects: ['load'], then: (r) => assert.equal(r.state.problem, null) },
  { name: 'Try again after a refused confirm confirms again', from: at('ready', { problem: { code: 'server', message: '', recoverable: true, retry: 'confirm' } }), event: { type: 'retry' }, phase: 'ready', effects: ['confirm-again'] },
  { name: 'Try again without a problem does nothing', from: at('done'), event: { type: 'retry' }, phase: 'done', effects: [] },
  { name: 'reconnected while ready: tender-ready for the new connection', from: at('ready'), event: { type: 'reconnect' }, phase: 'ready', effects: ['ready'] },
  { name: 'reconnected while waiting: polling resumes at once', from: at('waiting', polling()), event: { type: 'reconnect' }, phase: 'waiting', effects: ['timer'], then: (r) => assert.equal(effect(r, 'timer').delay, 0) },
  { name: 'reconnected when done: nothing', from: at('done'), event: { type: 'reconnect' }, phase: 'done', effects: [] },
];

const PREVIEWS: [PreviewState, Phase, string | null][] = [
  ['empty', 'ready', null],
  ['filled', 'ready', null],
  ['errors', 'ready', null],
  ['processing', 'submitting', 'processing'],
  ['redirecting', 'redirecting', 'status.redirecting'],
  ['succeeded', 'done', 'status.succeeded'],
  ['declined', 'ready', 'decline.card_declined'],
  ['wait-screen', 'waiting', 'status.waitScreen'],
];
for (const [state, phase, key] of PREVIEWS) {
  ROWS.push({
    name: `preview ${state} shows the sample payment, no network`,
    from: at('waiting', polling()),
    event: { type: 'preview', shown: previewState(state, NOW) },
    phase,
    effects: [],
    then: (r) => assert.deepEqual([r.state.payment?.payment_id, r.state.status?.key ?? null, r.state.generation, r.state.poll], [PREVIEW_PAYMENT.payment_id, key, GEN + 1, null]),
  });
}

describe('the payment flow, as a transition table', () => {
  for (const row of ROWS) {
    it(row.name, () => {
      const result = transition(row.from, row.event);
      assert.equal(result.state.phase, row.phase);
      assert.deepEqual(result.effects.map((e) => e.type), row.effects);
      row.then?.(result);
    });
  }

  it(`has ${ROWS.length} rows, every event type among them`, () => {
    const types = new Set(ROWS.map((row) => row.event.type));
    const all: FlowEvent['type'][] = ['start', 'client-unavailable', 'loaded', 'submit', 'confirmed', 'checked', 'tick', 'polled', 'redirect-cancelled', 'retry', 'continue', 'challenge-done', 'reconnect', 'preview'];
    assert.deepEqual(all.filter((type) => !types.has(type)), []);
  });
});

describe('polling', () => {
  /** Runs the poll loop against an API that keeps answering `answer`, returning the times the payment was retrieved. */
  function pollTimes(first: PaymentResponse, answer: PaymentResponse, forMs: number): number[] {
    let now = NOW;
    let step = transition(at('loading'), { type: 'loaded', generation: GEN, answer: ok(first), returning: false, now });
    const times: number[] = [];
    while (times.length < 500) {
      const timer = step.effects.find((e) => e.type === 'timer');
      if (!timer || step.state.phase !== 'waiting') return times;
      now += timer.delay;
      if (now - NOW > forMs) return times;
      step = transition(step.state, { type: 'tick', generation: GEN });
      times.push(now - NOW);
      step = transition(step.state, { type: 'polled', generation: GEN, answer: ok(answer), now });
    }
    return times;
  }

  it('polls a wait screen with delay_in_secs 0 at most 3 times in 3 s, then backs off', () => {
    const times = pollTimes(waitScreen(0), waitScreen(0), 3000);
    assert.ok(times.length <= 3, `polled at ${times.join(', ')} ms`);
    const gaps = pollTimes(waitScreen(0), waitScreen(0), 30_000).map((time, index, all) => time - (all[index - 1] ?? 0));
    assert.ok(gaps.every((gap) => gap >= MIN_POLL_MS), `gaps ${gaps.join(', ')}`);
    assert.ok(gaps.every((gap, index) => index === 0 || gap >= (gaps[index - 1] ?? 0)), `gaps never shrink: ${gaps.join(', ')}`);
    assert.equal(gaps.at(-1), MAX_POLL_MS);
  });

  it('keeps a longer poll_config delay as it is and never polls faster than it', () => {
    const gaps = pollTimes(waitScreen(8), waitScreen(8), 60_000).map((time, index, all) => time - (all[index - 1] ?? 0));
    assert.ok(gaps.length > 3);
    assert.ok(gaps.every((gap) => gap === 8000), `gaps ${gaps.join(', ')}`);
  });

  it('polls a processing payment with back-off, then reports it as processing when two minutes have passed', () => {
    const times = pollTimes(payment('processing'), payment('processing'), 10 * 60_000);
    assert.ok(times.length < 40, `${times.length} polls`);
    const last = times.at(-1) ?? 0;
    assert.ok(last >= PROCESSING_POLL_MS && last < PROCESSING_POLL_MS + MAX_POLL_MS, `last poll at ${last} ms`);
  });

  it('polls a wait screen until its display window ends, plus 5 s', () => {
    const times = pollTimes(waitScreen(2, NOW + 20_000), waitScreen(2, NOW + 20_000), 10 * 60_000);
    const last = times.at(-1) ?? 0;
    assert.ok(last >= 25_000 && last < 25_000 + MAX_POLL_MS, `last poll at ${last} ms`);
  });
});
