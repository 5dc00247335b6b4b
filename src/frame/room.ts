/**
 * The card frame's height, told to the host, and never shorter than what the frame paints.
 *
 * The host sets the iframe's height from the `size` the frame sends; that takes a message to another
 * process and back, so a message that appears in the form (a field's error after a submit, a decline's
 * reason) would be drawn cut off at the frame's bottom for an animation frame or more. Instead, when a
 * render makes the form taller than the frame, the parts it newly shows are held out of the layout
 * (visually hidden: still read as descriptions, still focusable) while the frame asks for the height it
 * needs; they show once the frame is that tall, or after HOLD_MS whatever happens (a host that does not
 * grow the frame still gets the messages).
 *
 * It all happens between a render and its paint: the form's DOM changes are seen by a MutationObserver
 * (a microtask after the render), the form is measured then (a layout, no paint) and the new parts are
 * held before the browser paints.
 */

/** The parts of the form that appear and grow it: messages, the status area, the buttons beside it. */
const GROWING = '.error, .hint, [part=status] > *, button.secondary, .networks, .brands';

/** The longest a new part waits for the frame to grow. */
export const HOLD_MS = 400;

const HELD_STYLE: Record<string, string> = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  'clip-path': 'inset(50%)',
  'white-space': 'nowrap',
};

/**
 * Watches `form` (a custom element with a shadow root) in the frame's window `win` and sends
 * `{ type: 'size', height }` whenever its height changes, holding newly shown parts while the frame
 * is shorter than it. `onSize` runs after each size sent. Returns what stops it.
 */
export function watchHeight(form: HTMLElement, win: Window, send: (body: { type: 'size'; height: number }) => void, onSize: () => void = () => {}): () => void {
  const root = form.shadowRoot;
  let lastHeight = -1;
  /** The parts shown at the last check (a part hidden again is held again when it reappears). */
  let shown = new Set<Element>();
  /** Each held part, with its own inline style to put back. */
  const held = new Map<HTMLElement, string>();
  let wanted = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const height = () => Math.ceil(form.getBoundingClientRect().height);
  const report = (value: number) => {
    if (value === lastHeight) return;
    lastHeight = value;
    send({ type: 'size', height: value });
    onSize();
  };
  const rendered = (element: Element) => element.getClientRects().length > 0;

  const release = () => {
    clearTimeout(timer);
    timer = undefined;
    for (const [element, style] of held) element.style.cssText = style;
    held.clear();
    wanted = 0;
    report(height());
  };

  const check = () => {
    if (!root) return;
    // (until the first size is reported nothing was painted: the first render is not held)
    const seen = lastHeight < 0;
    const now = new Set<Element>();
    const fresh: HTMLElement[] = [];
    for (const element of root.querySelectorAll<HTMLElement>(GROWING)) {
      if (held.has(element) || !rendered(element)) continue;
      now.add(element);
      if (!shown.has(element)) fresh.push(element);
    }
    for (const element of held.keys()) now.add(element);
    shown = now;
    const needed = height();
    // (a frame still 0 px high is not shown yet: the host holds its place until the frame says hello)
    if (seen || needed <= win.innerHeight || fresh.length === 0 || win.innerHeight === 0) {
      if (held.size && needed <= win.innerHeight) release();
      return;
    }
    // the render made the form taller than the frame: hold what it newly shows until the frame has grown
    for (const element of fresh) {
      held.set(element, element.style.cssText);
      for (const [property, value] of Object.entries(HELD_STYLE)) element.style.setProperty(property, value, 'important');
    }
    wanted = Math.max(wanted, needed);
    lastHeight = wanted;
    send({ type: 'size', height: wanted });
    onSize();
    clearTimeout(timer);
    timer = setTimeout(release, HOLD_MS);
  };

  const onResize = () => {
    if (held.size && win.innerHeight >= wanted) release();
  };

  const mutations = new MutationObserver(check);
  if (root) mutations.observe(root, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['hidden', 'class'] });
  const sizes = new ResizeObserver(() => {
    // while parts are held the frame waits for the height it asked for: a smaller one would undo it
    if (!held.size) report(height());
  });
  sizes.observe(form);
  win.addEventListener('resize', onResize);
  return () => {
    mutations.disconnect();
    sizes.disconnect();
    win.removeEventListener('resize', onResize);
    clearTimeout(timer);
  };
}
