/**
 * The in-page probe of bench/cold-load.ts. It is injected into every document of a load (the
 * merchant's page and, in isolated mode, the card frame) before the document's own scripts run, and
 * never touches the page's code: it watches.
 *
 * - It finds the card-number field (`input[autocomplete="cc-number"]`) in the document and in every
 *   shadow root, closed ones included (it wraps `attachShadow` to see them).
 * - Once per frame (`requestAnimationFrame`) it looks at the field; a mark is the time of a task
 *   posted from that rAF callback, i.e. after the frame's main-thread work (style, layout, paint):
 *   `painted` for the first frame in which the field has a box and is visible, `typeable` for the
 *   first in which it is also enabled, writable, focusable and not inert (never before `painted`).
 *   Frames come at 60 Hz, so a mark is late by up to one frame interval.
 * - In a document holding an `<iframe>` it records the frame element's box each time it changes,
 *   so that the load can tell when the card frame is big enough to show the field.
 * - `tender-ready` and `tender-error` are caught on `window` in the capture phase.
 *
 * Times are `performance.now()` of the document (ms from its time origin). Each change is reported
 * to Node through the `__coldBenchReport` binding when Playwright has exposed it.
 */

/** The marks of one document. */
export interface ColdMarks {
  painted: number | null;
  typeable: number | null;
  ready: number | null;
  /** The field's bottom edge in the document at `painted` (CSS px), to compare with the card frame's height. */
  fieldBottom: number | null;
  /** The first iframe in the document: [time, width, height, shown and not inert], at each change. */
  frameBoxes: [number, number, number, boolean][];
  /** Codes of `tender-error` events. */
  errors: string[];
}

declare global {
  interface Window {
    __coldBench?: ColdMarks;
    __coldBenchReport?: (marks: ColdMarks) => void;
  }
}

const LOOK_FOR_MS = 30_000;

const marks: ColdMarks = { painted: null, typeable: null, ready: null, fieldBottom: null, frameBoxes: [], errors: [] };
window.__coldBench = marks;
const report = () => window.__coldBenchReport?.(marks);

const roots: (Document | ShadowRoot)[] = [document];
const attachShadow = Element.prototype.attachShadow;
Element.prototype.attachShadow = function (this: Element, init: ShadowRootInit): ShadowRoot {
  const root = attachShadow.call(this, init);
  roots.push(root);
  return root;
};

const find = <T extends Element>(selector: string): T | null => {
  for (const root of roots) {
    const found = root.querySelector<T>(selector);
    if (found?.isConnected) return found;
  }
  return null;
};

/** `inert` on the element or on an ancestor, through shadow hosts. */
const inert = (element: Element): boolean => {
  for (let node: Element | null = element; node; ) {
    if (node.closest('[inert]')) return true;
    const root = node.getRootNode();
    node = root instanceof ShadowRoot ? root.host : null;
  }
  return false;
};

const shown = (element: Element): boolean => {
  const box = element.getBoundingClientRect();
  return box.width > 0 && box.height > 0 && element.checkVisibility({ opacityProperty: true, visibilityProperty: true });
};

addEventListener('tender-ready', () => {
  marks.ready ??= performance.now();
  report();
}, { capture: true });
addEventListener('tender-error', (event) => {
  marks.errors.push(String((event as CustomEvent<{ code?: string }>).detail?.code));
  report();
}, { capture: true });

const channel = new MessageChannel();
const afterFrame: (() => void)[] = [];
channel.port1.onmessage = () => afterFrame.shift()?.();

let frameBoxSeen = '';

const look = () => {
  const field = find<HTMLInputElement>('input[autocomplete="cc-number"]');
  if (field && marks.typeable === null && shown(field)) {
    const typeable = !field.matches(':disabled') && !field.readOnly && field.tabIndex >= 0 && !inert(field);
    const bottom = field.getBoundingClientRect().bottom;
    afterFrame.push(() => {
      const time = performance.now();
      if (marks.painted === null) {
        marks.painted = time;
        marks.fieldBottom = bottom;
      }
      if (typeable) marks.typeable = time;
      report();
    });
    channel.port2.postMessage(null);
  }
  const frame = find<HTMLIFrameElement>('iframe');
  if (frame) {
    const box = frame.getBoundingClientRect();
    const visible = shown(frame) && !inert(frame);
    const key = `${box.width} ${box.height} ${visible}`;
    if (key !== frameBoxSeen) {
      frameBoxSeen = key;
      afterFrame.push(() => {
        marks.frameBoxes.push([performance.now(), box.width, box.height, visible]);
        report();
      });
      channel.port2.postMessage(null);
    }
  }
  if (performance.now() < LOOK_FOR_MS) requestAnimationFrame(look);
};
requestAnimationFrame(look);
