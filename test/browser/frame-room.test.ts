// The card frame's height (src/frame/room.ts): a part the form newly shows waits, held out of the
// layout, until the frame is as tall as the form with it; the frame asks for that height at once.
// A stand-in form (a shadow root with an error line) and a stand-in window whose height the test sets.
import { expect, waitUntil } from '@open-wc/testing';
import { HOLD_MS, watchHeight } from '../../src/frame/room.js';

class StandInWindow extends EventTarget {
  innerHeight: number;
  constructor(height: number) {
    super();
    this.innerHeight = height;
  }
  /** The host grew (or shrank) the iframe. */
  resize(height: number) {
    this.innerHeight = height;
    this.dispatchEvent(new Event('resize'));
  }
}

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));

async function setUp(viewport: number) {
  const form = document.createElement('div');
  form.style.cssText = 'display:block;width:300px';
  const root = form.attachShadow({ mode: 'open' });
  root.innerHTML = '<div style="height:100px"></div><p class="error" hidden style="margin:0;height:40px">Enter your card number.</p>';
  document.body.append(form);
  const win = new StandInWindow(viewport);
  const sizes: number[] = [];
  let metas = 0;
  const stop = watchHeight(form, win as unknown as Window, (body) => sizes.push(body.height), () => (metas += 1));
  await nextFrame();
  const error = root.querySelector<HTMLElement>('.error')!;
  return { form, win, sizes, error, metas: () => metas, stop: () => (stop(), form.remove()) };
}

/** The error line's box as laid out: 1 × 1 px (and out of the flow) while it is held. */
const box = (element: HTMLElement) => element.getBoundingClientRect().height;

describe('the card frame’s height (room.ts)', () => {
  it('holds a new error line out of the layout until the frame has grown, asking for the height at once', async () => {
    const { form, win, sizes, error, metas, stop } = await setUp(100);
    try {
      expect(sizes).to.deep.equal([100]);
      error.hidden = false;
      await Promise.resolve(); // the observer's microtask: before any paint
      await Promise.resolve();
      expect(sizes.at(-1), 'the height asked for, before the line shows').to.equal(140);
      expect(box(error), 'the line, held').to.be.at.most(1);
      expect(form.getBoundingClientRect().height, 'the form fits the frame meanwhile').to.be.at.most(win.innerHeight);
      await nextFrame();
      expect(box(error), 'still held: the frame has not grown').to.be.at.most(1);
      win.resize(140);
      expect(box(error), 'shown once the frame is tall enough').to.equal(40);
      expect(form.getBoundingClientRect().height).to.equal(140);
      expect(metas(), 'the title goes with each size').to.be.at.least(2);
    } finally {
      stop();
    }
  });

  it('shows the line after HOLD_MS when the frame never grows (a host that keeps its own height)', async () => {
    const { error, sizes, stop } = await setUp(100);
    try {
      error.hidden = false;
      await nextFrame();
      expect(box(error)).to.be.at.most(1);
      await waitUntil(() => box(error) === 40, 'the line never showed', { timeout: HOLD_MS * 4 });
      expect(sizes.at(-1)).to.equal(140);
    } finally {
      stop();
    }
  });

  it('holds nothing when the frame already has room, and reports a shrink at once', async () => {
    const { error, sizes, stop } = await setUp(300);
    try {
      error.hidden = false;
      await nextFrame();
      expect(box(error), 'room enough: shown at once').to.equal(40);
      expect(sizes.at(-1)).to.equal(140);
      error.hidden = true;
      await nextFrame();
      expect(sizes.at(-1)).to.equal(100);
    } finally {
      stop();
    }
  });

  it('holds nothing while the frame is 0 px high (not shown yet) and nothing of the first render', async () => {
    const { error, sizes, stop } = await setUp(0);
    try {
      error.hidden = false;
      await nextFrame();
      expect(box(error)).to.equal(40);
      expect(sizes.at(-1)).to.equal(140);
    } finally {
      stop();
    }
  });

  it('a line hidden and shown again is held again', async () => {
    const { win, error, stop } = await setUp(100);
    try {
      error.hidden = false;
      await nextFrame();
      win.resize(140);
      expect(box(error)).to.equal(40);
      error.hidden = true;
      await nextFrame();
      win.resize(100);
      error.hidden = false;
      await Promise.resolve();
      await Promise.resolve();
      expect(box(error), 'held again').to.be.at.most(1);
    } finally {
      stop();
    }
  });
});
