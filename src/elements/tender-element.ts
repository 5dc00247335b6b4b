import { LitElement } from 'lit';
import { defineElement, VERSION } from './define-element.js';

/** The `detail` type of a Tender event. */
export type EventDetail<K extends keyof HTMLElementEventMap> = HTMLElementEventMap[K] extends CustomEvent<infer D> ? D : never;
/** The element's event helper as controllers get it: dispatches on the host, returns false when cancelled. */
export type Emit = <K extends keyof HTMLElementEventMap>(name: K, detail: EventDetail<K>, options?: { cancelable?: boolean }) => boolean;

/**
 * The base of every Tender element: a typed event helper and a guarded `define` that warns instead
 * of throwing when a second copy of the library registers the same tag.
 */
export class TenderElement extends LitElement {
  static version = VERSION;

  /** Registers the element once; a second registration of the tag is a warning, not an error. */
  static define(tag: string): void {
    defineElement(tag, this);
  }

  /** Dispatches a typed `CustomEvent` that bubbles and crosses shadow roots. Returns false when cancelled. */
  protected emit<K extends keyof HTMLElementEventMap>(
    name: K,
    detail: EventDetail<K>,
    options: { cancelable?: boolean } = {},
  ): boolean {
    // built outside dispatchEvent(): the manifest lists each element's events from its JSDoc instead
    const event = new CustomEvent(name, { detail, bubbles: true, composed: true, cancelable: options.cancelable ?? false });
    return this.dispatchEvent(event);
  }
}
