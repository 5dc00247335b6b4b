/**
 * The payment flow as data: `transition(state, event) → { state, effects }`. Pure: no DOM, no Lit, no
 * timers, no fetch, no clock (events carry `now`). The element's runner (and the isolated card frame's)
 * performs the effects — requests, timers, navigation, events — and feeds each answer back as an event.
 *
 * Stale answers: every payment shown gets a new `generation`; an answer tagged with an older one (the
 * client secret changed while a request was in flight) is dropped here, not in the runner.
 */
import type { ClientError } from '../api/errors.js';
import type { PaymentResponse } from '../api/schemas.js';
import { isConfirmable, isWaiting } from '../api/statuses.js';
import type { TenderErrorDetail } from '../events.js';
import { en, type MessageKey } from '../i18n/en.js';
import { declineStatus, describeClientError, errorMessageKey, isNavigableUrl, type FlowStatus } from './describe.js';

export type Phase = 'idle' | 'loading' | 'ready' | 'submitting' | 'redirecting' | 'challenge' | 'action' | 'waiting' | 'done' | 'error';
/** What *Try again* does after an error: load the payment again, confirm again, or nothing (no button). */
export type Retry = 'load' | 'confirm' | null;
export type Problem = TenderErrorDetail & { retry: Retry };

export interface Polling {
  /** Polling stops at this time (ms since the epoch) and the payment is reported as it is. */
  deadline: number;
  /** The next delay, in ms. */
  delay: number;
  /** The back-off never waits longer than this. */
  maxDelay: number;
}

export interface FlowState {
  phase: Phase;
  generation: number;
  payment: PaymentResponse | null;
  status: FlowStatus | null;
  problem: Problem | null;
  /** When a wait screen's display window ends (ms since the epoch; 0: not shown). */
  waitUntil: number;
  poll: Polling | null;
}

/** A client call's answer, as the headless client resolves it. */
export type Answer = { ok: true; payment: PaymentResponse } | { ok: false; error: ClientError | null };

export type FlowEvent =
  /**
   * A new payment (or the end of a preview): `complete` when keys, secret and API base are all set,
   * `partial` when only some are; `pending` in the isolated frame before its host sent the rest (the
   * form shows, loading, and takes input meanwhile).
   */
  | { type: 'start'; config: 'complete' | 'partial' | 'none' | 'pending' }
  /** The API client's module could not be fetched. */
  | { type: 'client-unavailable'; generation: number }
  | { type: 'loaded'; generation: number; answer: Answer; returning: boolean; now: number }
  /** The card form is valid and `tender-submit` was not cancelled. */
  | { type: 'submit' }
  | { type: 'confirmed'; generation: number; answer: Answer; now: number }
  /** The payment as retrieved after a confirm refused with IR_16 (`error`: that refusal). */
  | { type: 'checked'; generation: number; answer: Answer; error: ClientError; now: number }
  /** A poll timer fired. */
  | { type: 'tick'; generation: number }
  | { type: 'polled'; generation: number; answer: Answer; now: number }
  /** The host cancelled `tender-redirect`: it handles the navigation itself. */
  | { type: 'redirect-cancelled'; generation: number }
  | { type: 'retry' }
  /** *Continue authentication* on a payment waiting for a redirect or a challenge in the modal. */
  | { type: 'continue' }
  /**
   * The modal closed: `ended`, the challenge said it ended (a checked message, which carries no outcome);
   * else the customer closed it (Escape or its close button), which reports no outcome.
   */
  | { type: 'challenge-done'; generation: number; ended: boolean; now: number }
  /** The element was connected again (moved in the DOM). */
  | { type: 'reconnect' }
  /** A preview state (`previewState()` of `preview.js`): a sample payment, no network. */
  | { type: 'preview'; shown: PreviewShown };

/** The flow's part of a preview state (`previewState()` of `preview.js` makes one). */
export type PreviewShown = Pick<FlowState, 'phase' | 'payment' | 'status' | 'waitUntil'>;

export type FlowEffect =
  /** Load the client, then retrieve the payment (or read the return URL) → `loaded`. */
  | { type: 'load' }
  /** Confirm the card in the form → `confirmed`. */
  | { type: 'confirm' }
  /** Retrieve the payment after a refused confirm → `checked` (carrying `error` back). */
  | { type: 'check'; error: ClientError }
  /** Retrieve the payment → `polled`. */
  | { type: 'poll' }
  /** Fire `tick` after `delay` ms (replacing any pending one). */
  | { type: 'timer'; delay: number }
  /** `tender-ready` (at most once per connection: the runner guards that). */
  | { type: 'ready' }
  | { type: 'result'; payment: PaymentResponse; retryable: boolean }
  /** Open the 3-D Secure challenge in the modal dialog (always http(s)) → `challenge-done`. */
  | { type: 'challenge'; url: string }
  /** Retrieve the payment for a fresh challenge link (a link is single-use) → `confirmed`, as if confirmed again: the challenge opens. */
  | { type: 'reopen' }
  /** `tender-redirect`, then navigate the top window unless cancelled (→ `redirect-cancelled`). Always http(s). */
  | { type: 'redirect'; url: string }
  | { type: 'error'; detail: TenderErrorDetail }
  /** Confirm again, as the pay button would (after *Try again*). */
  | { type: 'confirm-again' };

export interface Transition {
  state: FlowState;
  effects: FlowEffect[];
}

/** How long a `processing` payment is polled before the element reports it as processing. */
export const PROCESSING_POLL_MS = 2 * 60 * 1000;
/** Polls are never closer than this, whatever the API's `poll_config` says. */
export const MIN_POLL_MS = 1000;
/** The back-off's ceiling (or the API's own delay when that is longer). */
export const MAX_POLL_MS = 5000;
/** A wait screen without a display window is polled this long. */
const WAIT_SCREEN_MS = 5 * 60_000;

export const initialFlowState: FlowState = { phase: 'idle', generation: 0, payment: null, status: null, problem: null, waitUntil: 0, poll: null };

const stay = (state: FlowState): Transition => ({ state, effects: [] });

export function transition(state: FlowState, event: FlowEvent): Transition {
  if ('generation' in event && event.generation !== state.generation) return stay(state); // an answer about an older payment
  switch (event.type) {
    case 'start': {
      const fresh: FlowState = { ...initialFlowState, generation: state.generation + 1 };
      if (event.config === 'complete') return load(fresh);
      if (event.config === 'pending') return stay({ ...fresh, phase: 'loading' });
      if (event.config === 'partial') {
        return raise(fresh, { code: 'configuration', message: 'publishable-key, client-secret and api-base are all required', recoverable: false }, null);
      }
      return stay(fresh);
    }
    case 'client-unavailable':
      return raise(state, { code: 'network', message: 'The API client could not be loaded', recoverable: true }, 'load');
    case 'loaded':
      if (!event.answer.ok) return raiseClientError(state, event.answer.error, 'load');
      return showPayment(state, event.answer.payment, event.returning ? 'return' : 'load', event.now);
    case 'submit':
      if (state.phase !== 'ready' || !state.payment) return stay(state);
      return { state: { ...state, phase: 'submitting', status: { key: 'processing', tone: 'info' } }, effects: [{ type: 'confirm' }] };
    case 'confirmed':
      // also the answer to `reopen`
      return confirmed(state, event.answer, event.now);
    case 'checked': {
      const { answer } = event;
      if (answer.ok && !isConfirmable(answer.payment.status)) return showPayment(state, answer.payment, 'poll', event.now);
      return raiseClientError({ ...state, phase: 'ready' }, event.error, 'confirm');
    }
    case 'tick':
      return state.phase === 'waiting' ? { state, effects: [{ type: 'poll' }] } : stay(state);
    case 'polled':
      return polled(state, event.answer, event.now);
    case 'redirect-cancelled':
      return stay({ ...state, phase: 'action', status: { key: 'status.awaitingAuthentication', tone: 'info' } });
    case 'retry': {
      const retry = state.problem?.retry;
      const cleared: FlowState = { ...state, problem: null, status: null };
      if (retry === 'confirm') return { state: { ...cleared, phase: 'ready' }, effects: [{ type: 'confirm-again' }] };
      return retry === 'load' ? load(cleared) : stay(state);
    }
    case 'continue': {
      const next = customerAction(state.payment);
      if (state.phase !== 'action' || !next) return stay(state);
      return next.popup ? { state: { ...state, phase: 'loading' }, effects: [{ type: 'reopen' }] } : redirect(state, next.url);
    }
    case 'challenge-done':
      if (state.phase !== 'challenge') return stay(state);
      // ended: retrieve the payment now (then polled while it is processing); closed: offer to reopen
      if (event.ended) return { state: { ...state, phase: 'waiting', poll: { deadline: event.now + PROCESSING_POLL_MS, delay: MIN_POLL_MS, maxDelay: MAX_POLL_MS } }, effects: [{ type: 'poll' }] };
      return stay({ ...state, phase: 'action' });
    case 'reconnect':
      if (state.phase === 'ready') return { state, effects: [{ type: 'ready' }] };
      if (state.phase === 'waiting' && state.payment) return { state, effects: [{ type: 'timer', delay: 0 }] };
      return stay(state);
    case 'preview':
      return stay({ ...initialFlowState, generation: state.generation + 1, ...event.shown });
  }
}

function load(state: FlowState): Transition {
  return { state: { ...state, phase: 'loading' }, effects: [{ type: 'load' }] };
}

function confirmed(state: FlowState, answer: Answer, now: number): Transition {
  if (answer.ok) return showPayment(state, answer.payment, 'confirm', now);
  const { error } = answer;
  if (error?.outcomeUnknown) {
    // the confirm may have gone through: never report a failure, keep checking instead
    const detail: TenderErrorDetail = { code: 'outcome_unknown', message: error.message, recoverable: true };
    const checking: FlowState = { ...state, status: { key: 'error.outcomeUnknown', tone: 'danger' } };
    const polling = state.payment ? startPolling(checking, now, PROCESSING_POLL_MS, 2000) : stay(checking);
    return { state: polling.state, effects: [{ type: 'error', detail }, ...polling.effects] };
  }
  // the payment may have moved on (another tab, an earlier attempt): find out what it is now. IR_16
  // also answers card data the API refuses, in which case the payment is still confirmable.
  if (error?.type === 'api' && error.code === 'IR_16') return { state, effects: [{ type: 'check', error }] };
  return raiseClientError({ ...state, phase: 'ready' }, error, 'confirm');
}

function polled(state: FlowState, answer: Answer, now: number): Transition {
  if (state.phase !== 'waiting' || !state.poll) return stay(state);
  const payment = answer.ok ? answer.payment : state.payment;
  if (answer.ok && !stillWaiting(answer.payment)) return showPayment(state, answer.payment, 'poll', now);
  if (now >= state.poll.deadline) {
    // stop polling but never guess: report what the payment is now
    const done: FlowState = { ...state, phase: 'done', poll: null };
    return { state: done, effects: payment ? [{ type: 'result', payment, retryable: false }] : [] };
  }
  const { delay, maxDelay } = state.poll;
  const next = Math.min(Math.round(delay * 1.5), maxDelay);
  return { state: { ...state, payment, poll: { ...state.poll, delay: next } }, effects: [{ type: 'timer', delay }] };
}

/** Still moving on by itself: processing, or on a wait screen (a 3-D Secure redirect needs the customer instead). */
function stillWaiting(payment: PaymentResponse): boolean {
  return isWaiting(payment.status) && (payment.status === 'processing' || payment.next_action?.type === 'wait_screen_information');
}

/** Polls every `delay` ms (at least {@link MIN_POLL_MS}), backing off by half each time, until `forMs` have passed. */
function startPolling(state: FlowState, now: number, forMs: number, delay: number): Transition {
  const first = Math.max(delay, MIN_POLL_MS);
  const poll: Polling = { deadline: now + forMs, delay: first, maxDelay: Math.max(first, MAX_POLL_MS) };
  return polled({ ...state, phase: 'waiting', poll }, { ok: false, error: null }, now);
}

/** The 3-D Secure step a payment waits for: a redirect, or a challenge in the modal (`popup`). */
function customerAction(payment: PaymentResponse | null): { url: string; popup: boolean } | null {
  const action = payment?.next_action;
  if (action?.type === 'redirect_to_url' && 'redirect_to_url' in action) return { url: String(action.redirect_to_url), popup: false };
  return action?.type === 'redirect_inside_popup' && 'popup_url' in action ? { url: String(action.popup_url), popup: true } : null;
}

/** Shows a payment and tells the host what it means. `origin`: where it came from. */
function showPayment(previous: FlowState, payment: PaymentResponse, origin: 'load' | 'return' | 'confirm' | 'poll', now: number): Transition {
  const state: FlowState = { ...previous, payment, problem: null, poll: null };
  const { status } = payment;
  if (isConfirmable(status)) return { state: { ...state, phase: 'ready', status: null }, effects: [{ type: 'ready' }] };
  if (status === 'failed' && payment.manual_retry_allowed) {
    if (origin === 'load') return { state: { ...state, phase: 'ready', status: null }, effects: [{ type: 'ready' }] };
    const declined: FlowState = { ...state, phase: 'ready', status: { ...declineStatus(payment), tone: 'danger' } };
    return { state: declined, effects: [{ type: 'ready' }, { type: 'result', payment, retryable: true }] };
  }
  if (status === 'processing') return startPolling({ ...state, status: { key: 'status.processing', tone: 'info' } }, now, PROCESSING_POLL_MS, 1000);
  if (status === 'requires_customer_action') {
    const action = payment.next_action;
    const next = customerAction(payment);
    if (next) {
      const { url, popup } = next;
      if (!isNavigableUrl(url)) {
        const message = 'A redirect that is not http(s) was not followed';
        return raise(state, { code: 'unsafe_redirect', message, recoverable: false }, null);
      }
      const awaiting: FlowStatus = { key: 'status.awaitingAuthentication', tone: 'info' };
      if (origin === 'confirm' && popup) return { state: { ...state, phase: 'challenge', status: awaiting }, effects: [{ type: 'challenge', url }] };
      if (origin === 'confirm') return redirect(state, url);
      // found on load, or still waiting after the challenge ended (timed out, or closed unanswered): say so
      return stay({ ...state, phase: 'action', status: awaiting });
    }
    if (action?.type === 'wait_screen_information' && 'display_from_timestamp' in action) {
      const until = typeof action.display_to_timestamp === 'number' ? action.display_to_timestamp / 1e6 : 0;
      const pollConfig = action.poll_config as { delay_in_secs?: number } | null | undefined;
      const every = (pollConfig?.delay_in_secs ?? 2) * 1000;
      const waiting: FlowState = { ...state, waitUntil: until, status: { key: 'status.waitScreen', tone: 'info' } };
      return startPolling(waiting, now, (until ? Math.max(until - now, 0) : WAIT_SCREEN_MS) + 5000, every);
    }
    const message = `This payment needs a customer action the element cannot handle (${action?.type ?? 'none'})`;
    return raise(state, { code: 'unsupported_action', message, recoverable: false }, null);
  }
  // a final state: succeeded, requires_capture, partially captured, cancelled, failed without retry
  const tone = status === 'failed' || status === 'cancelled' ? 'danger' : 'success';
  const key = `status.${status}`;
  const shown: FlowStatus = status === 'failed' ? { ...declineStatus(payment), tone } : { key: key in en ? (key as MessageKey) : 'status.succeeded', tone };
  return { state: { ...state, phase: 'done', status: shown }, effects: [{ type: 'result', payment, retryable: false }] };
}

function redirect(state: FlowState, url: string): Transition {
  return { state: { ...state, phase: 'redirecting', status: { key: 'status.redirecting', tone: 'info' } }, effects: [{ type: 'redirect', url }] };
}

function raiseClientError(state: FlowState, error: ClientError | null, retry: 'load' | 'confirm'): Transition {
  const detail = describeClientError(error);
  return raise(state, detail, detail.recoverable ? retry : null);
}

/** Shows a problem and reports it; after a refused confirm the form stays open for *Try again*. */
function raise(state: FlowState, detail: TenderErrorDetail, retry: Retry): Transition {
  const phase = retry === 'confirm' ? state.phase : 'error';
  const raised: FlowState = { ...state, phase, poll: null, problem: { ...detail, retry }, status: { key: errorMessageKey(detail.code), tone: 'danger' } };
  return { state: raised, effects: [{ type: 'error', detail }] };
}
