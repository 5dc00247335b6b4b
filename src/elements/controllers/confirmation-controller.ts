import { html, type ReactiveController, type ReactiveControllerHost, type TemplateResult } from 'lit';
import type { FlowState } from '../../flow/machine.js';
import type * as ConfirmationModule from '../tender-checkout/confirmation.js';
import { lazy } from '../lazy.js';

export interface ConfirmationHost extends ReactiveControllerHost {
  readonly renderRoot: HTMLElement | DocumentFragment;
}

/** The confirmation's template and styles: a chunk of its own. */
const loadConfirmationModule = lazy<typeof ConfirmationModule>(() => import('../tender-checkout/confirmation.js'));

/**
 * After a success the status area shows a confirmation (a check mark, the amount, the payment id as
 * reference) around the status line. Its chunk is asked for as soon as a confirm starts (or a payment
 * is shown already done), so it is there with the outcome; until then, or if it cannot load, the
 * status line shows alone.
 */
export class ConfirmationController implements ReactiveController {
  /** Settles when the chunk asked for is loaded (or failed to). */
  loaded: Promise<unknown> = Promise.resolve();
  private module?: typeof ConfirmationModule;

  constructor(
    private readonly host: ConfirmationHost,
    private readonly state: () => FlowState,
  ) {
    host.addController(this);
  }

  hostUpdate(): void {
    const { phase } = this.state();
    if (this.module || (phase !== 'submitting' && phase !== 'done')) return;
    this.loaded = loadConfirmationModule().then(
      (module) => {
        this.module = module;
        this.host.requestUpdate();
      },
      () => undefined, // the status line says it alone; the next update tries again
    );
  }

  /** The status area's content: the confirmation after a success, else the status `line` as it is. */
  render(line: TemplateResult, amount: string, reference: string): unknown {
    const { phase, status } = this.state();
    if (!this.module || phase !== 'done' || status?.tone !== 'success') return line;
    return this.module.confirmation(html, this.host.renderRoot, line, amount, reference);
  }
}
