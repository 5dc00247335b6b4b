import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type * as ClientModule from '../../api/client.js';
import type { CardInput, ConfirmOptions, SavedCardInput, TenderClient } from '../../api/client.js';
import type { PaymentResponse } from '../../api/schemas.js';
import { declineStatus, withoutCardData, type FlowStatus } from '../../flow/describe.js';
import { initialFlowState, transition, type FlowEffect, type FlowEvent, type FlowState, type PreviewShown } from '../../flow/machine.js';
import type * as ChallengeModule from '../challenge/challenge-dialog.js';
import type { ConfirmOutcome, TenderResultDetail } from '../../events.js';
import { lazy } from '../lazy.js';
import { navigateTop } from '../navigate.js';
import type { Emit } from '../tender-element.js';

export interface PaymentFlowHost extends ReactiveControllerHost, HTMLElement {
  readonly hasUpdated: boolean;
  readonly renderRoot: HTMLElement | DocumentFragment;
  publishableKey: string;
  clientSecret: string;
  apiBase: string;
  returnUrl: string;
  requestTimeout: number;
  /** A preview state is shown: no network, no events. */
  preview: string;
  /** `modal` (default): the 3-D Secure challenge opens in a dialog; `redirect`: the page navigates. */
  threeDs: string;
  /** In the isolated frame: what the host element does for the flow. */
  hooks: FrameHooks | null;
}

/**
 * What the host element does for a form running in the isolated frame (src/frame/frame.ts): the
 * frame cannot fire events on the merchant's page, navigate it or open a dialog over it.
 */
export interface FrameHooks {
  /** Whether the host sent its configuration yet (until then the form shows, loading). */
  configured(): boolean;
  /** Settles with the host's first configuration (the payment may load before it; its page URL comes with it). */
  configuration?: Promise<void>;
  /** The host page's URL (a return from a redirect is read from it). */
  pageUrl(): string;
  /** Fires the cancelable `tender-submit` on the host; resolves false when cancelled. */
  submit(paymentId: string): Promise<boolean>;
  /** Fires the cancelable `tender-redirect` on the host, which navigates unless cancelled; resolves false when cancelled. */
  redirect(paymentId: string, url: string): Promise<boolean>;
  /** The return was read: the host takes these query parameters off its URL. */
  returned(params: string[]): void;
  /**
   * Opens the challenge in a dialog over the host page; resolves like the inline dialog (`null`: aborted),
   * `true` too once `left()` (the payment read) says the payment moved on, the dialog then closed.
   */
  challenge(url: string, paymentId: string, signal: AbortSignal, left: () => Promise<boolean>): Promise<boolean | null>;
  /** The API client's fetch in the frame (it answers the first retrieve with the payment asked for at the frame's start). */
  fetch?: (url: string, init: RequestInit) => Promise<Response>;
}

export interface PaymentFlowOptions {
  emit: Emit;
  /** The card to confirm with: typed, or a saved one (its `paymentToken`). */
  card: () => CardInput | SavedCardInput;
  /** The customer's consent to keep the card, for the confirm (saved-cards.ts). */
  saving?: () => Pick<ConfirmOptions, 'customerAcceptance' | 'setupFutureUsage'>;
  /** Awaited before a loaded payment is shown (the customer's saved cards are fetched then). */
  loaded?: (payment: PaymentResponse, client: TenderClient) => Promise<unknown>;
  /** Settles when the form can show in the customer's language and look (loaded beside the client). */
  prepared: () => Promise<unknown>;
  /** The text of a status line (for `tender-result.errorMessage`). */
  text: (status: Pick<FlowStatus, 'key' | 'text'>) => string;
  /** Confirms again, as the pay button does (after *Try again*). */
  confirmAgain: () => void;
}

/**
 * The API client and its zod schemas come in their own chunk, fetched when the first payment is
 * loaded: the form paints without them (docs/decisions/0003). A failed fetch is tried again next time.
 */
const loadClientModule = lazy<typeof ClientModule>(() => import('../../api/client.js'));

/** The 3-D Secure modal: a chunk of its own, fetched when a challenge opens. */
const loadChallengeModule = lazy<typeof ChallengeModule>(() => import('../challenge/challenge-dialog.js'));

/** Phases a wait passes through without a focus move: the confirm in flight, the dialog (it has focus), a reload, a navigation. */
const HOLDING: ReadonlySet<string> = new Set(['submitting', 'challenge', 'loading', 'redirecting']);

/** The focused element, through open shadow roots (the form sits in the host element's). */
function deepActiveElement(): Element | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}


/**
 * Runs the payment flow of `src/flow/`: sends it events and performs its effects with the lazily
 * loaded API client, timers, navigation and the element's events. `state` is what the element renders.
 */
export class PaymentFlowController implements ReactiveController {
  state: FlowState = initialFlowState;
  private pending: Promise<ConfirmOutcome> | null = null;
  private client: TenderClient | null = null;
  private clientConfig = '';
  private timer: ReturnType<typeof setTimeout> | undefined;
  private connection = 0;
  private readyConnection = -1;
  /** Aborts the open challenge dialog. */
  private challenge: AbortController | undefined;
  /**
   * A wait the customer started (Pay, *Continue authentication*, *Try again*) and where focus was then,
   * when in the widget: when it ends, focus goes on from there (`placeFocus`). Null: no focus move (a
   * payment loading, a preview).
   */
  private focusWait: { from: Element | null } | null = null;

  constructor(
    private readonly host: PaymentFlowHost,
    private readonly options: PaymentFlowOptions,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    this.connection += 1;
    if (this.host.hasUpdated && !this.host.preview) void this.send({ type: 'reconnect' });
  }

  hostDisconnected(): void {
    clearTimeout(this.timer);
    this.challenge?.abort();
  }

  /** A new payment (or the end of a preview): the old one's answers are dropped. */
  start(): void {
    const { publishableKey, clientSecret, apiBase } = this.host;
    const set = [publishableKey, clientSecret, apiBase].filter(Boolean).length;
    this.stop();
    const pending = this.host.hooks?.configured() === false;
    void this.send({ type: 'start', config: pending ? 'pending' : set === 3 ? 'complete' : set ? 'partial' : 'none' });
  }

  preview(shown: PreviewShown): void {
    this.stop();
    void this.send({ type: 'preview', shown });
  }

  /** Confirms the payment; the element has checked the card and fired `tender-submit`. */
  pay(): Promise<ConfirmOutcome> {
    if (!this.client) return Promise.resolve({ type: 'error', detail: { code: 'configuration', message: 'The element is not configured', recoverable: false } });
    const { generation } = this.state;
    this.awaitFocus();
    this.pending = this.send({ type: 'submit' }).then((effects) => this.outcome(effects, generation));
    return this.pending;
  }

  /** The customer started a wait: where focus is now, when it is in the widget, is where it may go on from. */
  private awaitFocus(): void {
    const active = deepActiveElement();
    this.focusWait = { from: this.host.renderRoot.contains(active) ? active : null };
  }

  /**
   * Focus after a wait the customer started (WCAG 2.4.3), in one place for every outcome: when the form
   * is open again (a decline, a confirm that did not go through) the field to fix, else the card number
   * or the saved card chosen (the reason is in its description), *Continue authentication* when a
   * challenge was closed, else the status line (the confirmation after a success; while the payment is checked after a challenge, or processes, it holds
   * focus until the outcome). It moves only right after the render that shows the outcome, and only
   * when focus is still where the wait left it or was lost with what went away (the body; a control
   * hidden under it): focus the customer moved themselves meanwhile — into a field, out to the page,
   * out of the card frame — stays where they put it, and nothing moves later.
   */
  private placeFocus(): void {
    const wait = this.focusWait;
    const { phase } = this.state;
    if (!wait || HOLDING.has(phase)) return;
    const settled = phase !== 'waiting';
    if (settled) this.focusWait = null;
    void this.host.updateComplete.then(() => {
      const { renderRoot, hooks } = this.host;
      const active = deepActiveElement();
      // a later phase, or a newer wait, places focus itself; in the card frame, a document without focus
      // means the customer is on the merchant's page
      if (this.state.phase !== phase || this.focusWait !== (settled ? null : wait) || (hooks && !document.hasFocus())) return;
      if (active && active !== document.body && active !== wait.from && !(renderRoot.contains(active) && !active.checkVisibility())) return;
      // the form open again: the field to fix (a postal code the card's address check refused), else the card
      // number, else the saved card chosen (the card fields are hidden under it)
      const shown = (selector: string) => [...renderRoot.querySelectorAll<HTMLElement>(selector)].find((element) => element.checkVisibility());
      const target = phase === 'ready' ? (shown('[aria-invalid=true]') ?? shown('#number,[name=saved]:checked')) : renderRoot.querySelector<HTMLElement>(phase === 'action' ? 'button.secondary' : '[part=status]');
      target?.focus();
      if (!settled) wait.from = target ?? null;
    });
  }

  /** The confirm under way (until the flow leaves `submitting`): a second `confirm()` resolves with the same outcome. */
  get confirming(): Promise<ConfirmOutcome> | null {
    return this.state.phase === 'submitting' ? this.pending : null;
  }

  /**
   * Feeds the flow one event and performs its effects. Resolves with every effect this event led to,
   * the answers to its requests included (a timer's later polls are not).
   */
  send(event: FlowEvent): Promise<FlowEffect[]> {
    const { state, effects } = transition(this.state, event);
    if (event.type === 'continue' || event.type === 'retry') this.awaitFocus();
    if (state !== this.state) {
      const moved = state.phase !== this.state.phase;
      this.state = state;
      this.host.requestUpdate();
      if (moved) this.placeFocus();
    }
    const follow = effects.map((effect) => this.perform(effect, state.generation));
    return Promise.all(follow).then((more) => [...effects, ...more.flat()]);
  }

  private stop(): void {
    clearTimeout(this.timer);
    this.focusWait = null;
    this.challenge?.abort();
    this.readyConnection = -1; // the payment shown next is announced, even on this connection
    this.pending = null; // a confirm still in flight belongs to the old payment: its answer is dropped
  }

  private async perform(effect: FlowEffect, generation: number): Promise<FlowEffect[]> {
    const { host, options } = this;
    const { emit } = options;
    switch (effect.type) {
      case 'load':
        return this.load(generation);
      case 'confirm': {
        const page = this.pageUrl();
        const returnUrl = host.returnUrl || page.split('#')[0] || page;
        const iframe = host.threeDs !== 'redirect';
        const card = options.card();
        const confirmOptions = { returnUrl, iframe, ...options.saving?.() };
        const answer = await ('paymentToken' in card
          ? this.client!.confirmSavedCardPayment(host.clientSecret, card, confirmOptions)
          : this.client!.confirmCardPayment(host.clientSecret, card, confirmOptions));
        return this.send({ type: 'confirmed', generation, answer, now: Date.now() });
      }
      case 'check': {
        const answer = await this.client!.retrievePayment(host.clientSecret);
        return this.send({ type: 'checked', generation, answer, error: effect.error, now: Date.now() });
      }
      case 'poll': {
        if (!this.client || !host.isConnected) return [];
        const answer = await this.client.retrievePayment(host.clientSecret);
        return this.send({ type: 'polled', generation, answer, now: Date.now() });
      }
      case 'timer':
        clearTimeout(this.timer);
        if (host.isConnected) this.timer = setTimeout(() => void this.send({ type: 'tick', generation }), effect.delay);
        return [];
      case 'ready': {
        const { payment } = this.state;
        if (!payment || !host.isConnected || this.readyConnection === this.connection) return [];
        this.readyConnection = this.connection;
        const { payment_id: paymentId, amount, currency, status } = payment;
        emit('tender-ready', { paymentId, amount, currency, status });
        return [];
      }
      case 'result':
        emit('tender-result', this.result(effect.payment, effect.retryable));
        return [];
      case 'redirect':
        if (host.hooks) {
          const proceed = await host.hooks.redirect(this.state.payment?.payment_id ?? '', effect.url);
          return proceed ? [] : this.send({ type: 'redirect-cancelled', generation });
        }
        if (!emit('tender-redirect', { paymentId: this.state.payment?.payment_id ?? '', url: effect.url }, { cancelable: true })) {
          return this.send({ type: 'redirect-cancelled', generation });
        }
        navigateTop(effect.url); // http(s) only: the flow refuses any other redirect
        return [];
      case 'challenge': {
        // the dialog resolves true when the challenge ended (its page said so, or the payment was read past it),
        // false when closed, null when aborted
        this.challenge = new AbortController();
        const { signal } = this.challenge;
        const paymentId = this.state.payment!.payment_id;
        const left = () => this.client!.retrievePayment(host.clientSecret).then((answer) => answer.ok && answer.payment.status !== 'requires_customer_action');
        const { hooks } = host;
        const ended = await (hooks
          ? hooks.challenge(effect.url, paymentId, signal, left)
          : loadChallengeModule().then(
              (module) => module.openChallenge(host, effect.url, paymentId, host.apiBase, options.text, signal, left),
              () => false, // the dialog could not load: *Continue authentication* tries again
            ));
        return ended === null ? [] : this.send({ type: 'challenge-done', generation, ended, now: Date.now() });
      }
      case 'reopen': {
        const answer = await this.client!.retrievePayment(host.clientSecret);
        return this.send({ type: 'confirmed', generation, answer, now: Date.now() });
      }
      case 'error':
        emit('tender-error', effect.detail);
        return [];
      case 'confirm-again':
        options.confirmAgain();
        return [];
    }
  }

  private async load(generation: number): Promise<FlowEffect[]> {
    const { host } = this;
    let client: TenderClient;
    try {
      // the form shows in the customer's language and look from the start: both load beside the client
      // (asked for after the client: this runs from willUpdate, before the locale controller's hostUpdate)
      client = await this.ensureClient();
      await this.options.prepared();
    } catch {
      return this.send({ type: 'client-unavailable', generation });
    }
    await host.hooks?.configuration;
    if (generation !== this.state.generation) return [];
    const url = new URL(this.pageUrl());
    const returning = url.searchParams.get('payment_intent_client_secret') === host.clientSecret;
    const answer = returning ? await client.paymentFromReturnUrl(url) : await client.retrievePayment(host.clientSecret);
    if (answer?.ok) await this.options.loaded?.(answer.payment, client);
    if (generation !== this.state.generation) return [];
    if (returning) {
      const { RETURN_PARAMS } = await loadClientModule();
      if (host.hooks) host.hooks.returned(RETURN_PARAMS);
      else {
        for (const name of RETURN_PARAMS) url.searchParams.delete(name);
        history.replaceState(history.state, '', url.toString());
      }
    }
    return this.send({ type: 'loaded', generation, answer: answer ?? { ok: false, error: null }, returning, now: Date.now() });
  }

  /** The merchant page's URL: this page's, or in the frame the host's. */
  private pageUrl(): string {
    return this.host.hooks?.pageUrl() ?? location.href;
  }

  private async ensureClient(): Promise<TenderClient> {
    const { publishableKey, apiBase, requestTimeout } = this.host;
    const config = `${publishableKey}|${apiBase}|${requestTimeout}`;
    const { createClient } = await loadClientModule();
    if (!this.client || this.clientConfig !== config) {
      const timeoutMs = requestTimeout > 0 ? requestTimeout : undefined;
      const fetch = this.host.hooks?.fetch;
      this.client = createClient({ publishableKey, baseUrl: apiBase, ...(timeoutMs ? { timeoutMs } : {}), ...(fetch ? { fetch } : {}) });
      this.clientConfig = config;
    }
    return this.client;
  }

  private result(payment: PaymentResponse, retryable: boolean): TenderResultDetail {
    const detail: TenderResultDetail = { paymentId: payment.payment_id, status: payment.status, retryable, payment: withoutCardData(payment) };
    if (payment.error_code) {
      detail.errorCode = payment.error_code;
      detail.errorMessage = this.options.text(declineStatus(payment));
    }
    return detail;
  }

  /** What `confirm()` resolves with, from the effects a confirm led to. */
  private outcome(effects: FlowEffect[], generation: number): ConfirmOutcome {
    if (generation !== this.state.generation) return { type: 'cancelled' };
    for (const effect of effects) {
      if (effect.type === 'redirect') return { type: 'redirect', url: effect.url };
      if (effect.type === 'result') return { type: 'result', detail: this.result(effect.payment, effect.retryable) };
      if (effect.type === 'error') return { type: 'error', detail: effect.detail };
    }
    // in `action` the customer closed the challenge's dialog: no outcome
    const { payment, phase } = this.state;
    return payment && phase !== 'action' ? { type: 'result', detail: this.result(payment, false) } : { type: 'cancelled' };
  }
}
