import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { emulateMedia, sendKeys, setViewport } from '@web/test-runner-commands';
import '../../define.js';
import { PRESETS, PRESET_NAMES, type Appearance, type PresetName } from '../../themes/index.js';
import type { PreviewState, TenderCheckout } from './tender-checkout.js';
import type { TenderErrorDetail } from '../../events.js';
import { EventLog, fillCard, mountCheckout, payButton, root } from '../../../test/browser/checkout-harness.js';

const STATES: PreviewState[] = ['empty', 'filled', 'errors', 'processing', 'redirecting', 'succeeded', 'declined', 'wait-screen'];

/** `#0b57d0` → `rgb(11, 87, 208)`, as getComputedStyle reports colours. */
function rgb(hex: string): string {
  const digits = hex.replace('#', '');
  const full = digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits.slice(0, 6);
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

const part = (element: TenderCheckout, selector: string) => root(element).querySelector<HTMLElement>(selector)!;
const style = (element: TenderCheckout, selector: string) => getComputedStyle(part(element, selector));

async function previewElement(state: PreviewState, setup: { theme?: string; appearance?: Appearance; locale?: string } = {}) {
  const element = document.createElement('tender-checkout');
  element.setAttribute('inline', '');
  element.setAttribute('preview', state);
  element.setAttribute('locale', setup.locale ?? 'en');
  if (setup.theme) element.setAttribute('theme', setup.theme);
  if (setup.appearance) element.appearance = setup.appearance;
  const log = new EventLog(element);
  await fixture<TenderCheckout>(element);
  await element.updateComplete;
  return { element, log };
}

const errorsOf = (log: EventLog) => log.of('tender-error').map((event) => event.detail as TenderErrorDetail);

describe('<tender-checkout> appearance', () => {
  afterEach(async () => {
    await emulateMedia({ colorScheme: 'light', reducedMotion: 'no-preference', forcedColors: 'none' });
    await setViewport({ width: 800, height: 600 });
  });

  it('is accessible with the default look', async () => {
    const { element } = await previewElement('filled');
    await expect(element).to.be.accessible();
  });

  describe('every preset in every state passes axe, colour contrast included', () => {
    for (const theme of PRESET_NAMES) {
      for (const state of STATES) {
        it(`${theme}: ${state}`, async () => {
          const { element, log } = await previewElement(state, { theme });
          expect(errorsOf(log)).to.deep.equal([]);
          await expect(element).to.be.accessible();
        });
      }
      it(`${theme}: dark colour scheme, errors and declined`, async () => {
        for (const state of ['errors', 'declined'] as const) {
          const { element } = await previewElement(state, { appearance: { theme, colorScheme: 'dark' } });
          await expect(element).to.be.accessible();
        }
      });
    }
  });

  describe('presets', () => {
    for (const theme of PRESET_NAMES) {
      it(`${theme}: paints the preset's primary colour, border width and radius`, async () => {
        const { element } = await previewElement('filled', { theme });
        const preset = PRESETS[theme as PresetName];
        expect(style(element, 'button[part~=button]').backgroundColor).to.equal(rgb(preset.variables.colorPrimary));
        expect(parseFloat(style(element, '#number').borderTopWidth)).to.equal(parseFloat(preset.variables.borderWidth));
        expect(parseFloat(style(element, '#number').borderTopLeftRadius)).to.equal(parseFloat(preset.variables.borderRadius));
      });
    }

    it('the theme attribute and appearance.theme choose a preset; appearance.theme wins', async () => {
      const { element } = await previewElement('filled', { theme: 'night', appearance: { theme: 'classic' } });
      expect(style(element, 'button[part~=button]').backgroundColor).to.equal(rgb(PRESETS.classic.variables.colorPrimary));
      element.appearance = null;
      await element.updateComplete;
      expect(style(element, 'button[part~=button]').backgroundColor).to.equal(rgb(PRESETS.night.variables.colorPrimary));
    });
  });

  describe('order of precedence: preset < appearance variables < host CSS', () => {
    const sheet = new CSSStyleSheet();
    before(() => {
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    });
    afterEach(() => sheet.replaceSync(''));

    it('appearance variables beat the preset', async () => {
      const { element } = await previewElement('filled', { appearance: { theme: 'night', variables: { colorPrimary: '#123456' } } });
      expect(style(element, 'button[part~=button]').backgroundColor).to.equal(rgb('#123456'));
      // the other preset values stay
      expect(style(element, '.base').backgroundColor).to.equal(rgb(PRESETS.night.variables.colorBackground));
    });

    it('host CSS on the element beats appearance variables and the preset', async () => {
      sheet.replaceSync('tender-checkout.host-themed { --tender-color-primary: #654321; }');
      const { element } = await previewElement('filled', { appearance: { theme: 'night', variables: { colorPrimary: '#123456' } } });
      element.classList.add('host-themed');
      expect(style(element, 'button[part~=button]').backgroundColor).to.equal(rgb('#654321'));
    });

    it('host CSS on an ancestor beats them too', async () => {
      sheet.replaceSync('.shop-theme { --tender-border-radius: 13px; }');
      const wrapper = await fixture<HTMLElement>(html`<div class="shop-theme"><tender-checkout preview="filled" theme="soft"></tender-checkout></div>`);
      const element = wrapper.querySelector('tender-checkout')!;
      await element.updateComplete;
      expect(style(element, '#number').borderTopLeftRadius).to.equal('13px');
    });

    it('::part rules of the host page apply, including the invalid input part', async () => {
      sheet.replaceSync('tender-checkout::part(input-invalid) { background-color: rgb(255, 240, 240); }');
      const { element } = await previewElement('errors');
      expect(style(element, '#number').backgroundColor).to.equal('rgb(255, 240, 240)');
      expect(style(element, '#name').backgroundColor).not.to.equal('rgb(255, 240, 240)');
    });
  });

  describe('rules', () => {
    it('styles a part in a state (input:focus, input:invalid, button)', async () => {
      const { element } = await previewElement('errors', {
        appearance: { rules: { 'input:focus': { borderColor: '#008000' }, 'input:invalid': { backgroundColor: '#fff0f0' }, button: { textTransform: 'uppercase' } } },
      });
      expect(style(element, '#number').backgroundColor).to.equal(rgb('#fff0f0'));
      expect(style(element, 'button[part~=button]').textTransform).to.equal('uppercase');
      part(element, '#name').focus();
      await sendKeys({ press: 'Shift+Tab' }); // keyboard focus: :focus-visible
      await sendKeys({ press: 'Tab' });
      expect(style(element, '#name').borderTopColor).to.equal(rgb('#008000'));
    });
  });

  describe('bad input is rejected, naming the key, and the rest applies', () => {
    it('an injection attempt in a colour', async () => {
      const { element, log } = await previewElement('filled', {
        appearance: { variables: { colorPrimary: 'red; background:url(https://evil.example/x)', colorText: '#222222' } },
      });
      const errors = errorsOf(log);
      expect(errors).to.have.length(1);
      expect(errors[0]).to.include({ code: 'invalid_appearance', key: 'appearance.variables.colorPrimary', recoverable: false });
      expect(errors[0]!.message).to.contain('appearance.variables.colorPrimary');
      expect(style(element, '.base').color).to.equal(rgb('#222222'));
      expect(style(element, 'button[part~=button]').backgroundColor).to.equal(rgb(PRESETS.default.variables.colorPrimary));
      expect(style(element, 'button[part~=button]').backgroundImage).to.equal('none');
    });

    it('an unknown theme, a bad colour, a disallowed property and an unknown selector: one error each', async () => {
      const { element, log } = await previewElement('filled', {
        appearance: {
          theme: 'neon' as PresetName,
          variables: { colorDanger: 'not-a-colour', borderRadius: '10px' },
          rules: { input: { position: 'fixed', color: '#333333' }, 'input:nonsense': { color: '#000' } } as Appearance['rules'],
        },
      });
      const keys = errorsOf(log).map((error) => error.key);
      expect(keys).to.have.members(['appearance.theme', 'appearance.variables.colorDanger', 'appearance.rules.input.position', 'appearance.rules["input:nonsense"]']);
      expect(style(element, '#number').borderTopLeftRadius).to.equal('10px');
      expect(style(element, '#number').color).to.equal(rgb('#333333'));
      expect(style(element, '#number').position).to.equal('static');
    });

    it('an unknown theme attribute names the attribute', async () => {
      const { log } = await previewElement('filled', { theme: 'neon' });
      expect(errorsOf(log).map((error) => error.key)).to.deep.equal(['theme']);
    });

    it('a font that cannot be loaded (not a font file) is a recoverable error; the fallback font is used', async () => {
      const { element, log } = await previewElement('filled', {
        appearance: { fonts: [{ family: 'Missing Sans', src: '/package.json' }], variables: { fontFamily: '"Missing Sans", serif' } },
      });
      await waitUntil(() => errorsOf(log).length > 0, 'no font error');
      expect(errorsOf(log)[0]).to.include({ code: 'font_load_failed', key: 'appearance.fonts[0]', recoverable: true });
      expect(style(element, '.base').fontFamily).to.contain('Missing Sans');
    });

    it('renders with no inline styles and no <style> elements (strict CSP)', async () => {
      const { element } = await previewElement('errors', { appearance: { theme: 'soft', labels: 'floating', layout: 'single-line', variables: { colorPrimary: '#5b21b6' } } });
      expect(root(element).querySelectorAll('[style]')).to.have.length(0);
      expect(root(element).querySelectorAll('style')).to.have.length(0);
      expect(element.hasAttribute('style')).to.equal(false);
    });
  });

  describe('labels', () => {
    it('above: the label sits above its input', async () => {
      const { element } = await previewElement('empty', { appearance: { labels: 'above' } });
      expect(part(element, 'label[for=number]').getBoundingClientRect().bottom).to.be.at.most(part(element, '#number').getBoundingClientRect().top + 1);
    });

    it('floating: the label sits inside the input and the placeholder is hidden until focus', async () => {
      const { element } = await previewElement('empty', { appearance: { labels: 'floating' } });
      const label = part(element, 'label[for=number]').getBoundingClientRect();
      const input = part(element, '#number').getBoundingClientRect();
      expect(label.top).to.be.at.least(input.top - 1);
      expect(label.top).to.be.below(input.bottom);
      expect(getComputedStyle(part(element, '#number'), '::placeholder').color).to.equal('rgba(0, 0, 0, 0)');
      await expect(element).to.be.accessible();
    });

    it('hidden: labels stay for assistive technology and placeholders name the fields', async () => {
      const { element } = await previewElement('empty', { appearance: { labels: 'hidden' } });
      const label = part(element, 'label[for=number]');
      expect(label.getBoundingClientRect().width).to.be.at.most(1);
      expect(label.textContent).to.equal('Card number');
      expect(part(element, '#number').getAttribute('placeholder')).to.equal('Card number');
      await expect(element).to.be.accessible();
    });
  });

  describe('layout', () => {
    const rect = (element: TenderCheckout, id: string) => part(element, `#${id}`).getBoundingClientRect();

    it('split: expiry and CVC side by side', async () => {
      const { element } = await previewElement('filled', { appearance: { layout: 'split' } });
      expect(Math.round(rect(element, 'expiry').top)).to.equal(Math.round(rect(element, 'cvc').top));
      expect(rect(element, 'number').bottom).to.be.at.most(rect(element, 'expiry').top);
    });

    it('stacked: every field on its own row', async () => {
      const { element } = await previewElement('filled', { appearance: { layout: 'stacked' } });
      expect(rect(element, 'expiry').bottom).to.be.at.most(rect(element, 'cvc').top);
    });

    it('single-line: number, expiry and CVC on one row when there is room, wrapping when narrow', async () => {
      const wide = await fixture<HTMLElement>(html`<div class="wide-box"></div>`);
      const { element } = await previewElement('filled', { appearance: { layout: 'single-line' } });
      wide.append(element);
      await setViewport({ width: 900, height: 600 });
      expect(Math.round(rect(element, 'number').top)).to.equal(Math.round(rect(element, 'expiry').top));
      expect(Math.round(rect(element, 'cvc').top)).to.equal(Math.round(rect(element, 'expiry').top));
      await setViewport({ width: 320, height: 640 });
      expect(rect(element, 'number').bottom).to.be.at.most(rect(element, 'expiry').top);
    });
  });

  describe('colour scheme', () => {
    it('dark uses the preset dark palette', async () => {
      const { element } = await previewElement('filled', { appearance: { colorScheme: 'dark' } });
      expect(style(element, '.base').backgroundColor).to.equal(rgb(PRESETS.default.dark!.colorBackground));
      expect(style(element, '.base').colorScheme).to.equal('dark');
    });

    it('auto follows prefers-color-scheme', async () => {
      const { element } = await previewElement('filled', { appearance: { colorScheme: 'auto' } });
      await emulateMedia({ colorScheme: 'light' });
      expect(style(element, '.base').backgroundColor).to.equal(rgb(PRESETS.default.variables.colorBackground));
      await emulateMedia({ colorScheme: 'dark' });
      expect(style(element, '.base').backgroundColor).to.equal(rgb(PRESETS.default.dark!.colorBackground));
    });

    it('light keeps the light palette in a dark environment', async () => {
      await emulateMedia({ colorScheme: 'dark' });
      const { element } = await previewElement('filled', { appearance: { colorScheme: 'light' } });
      expect(style(element, '.base').backgroundColor).to.equal(rgb(PRESETS.default.variables.colorBackground));
    });
  });

  describe('accessibility beyond axe', () => {
    it('focus is visible on every control, in every preset', async () => {
      for (const theme of PRESET_NAMES) {
        const { element, log } = await mountCheckout({ attributes: { theme } });
        await log.wait('tender-ready');
        await element.updateComplete;
        part(element, '#expiry').focus();
        await sendKeys({ press: 'Shift+Tab' }); // the keyboard reaches the card number, then each control in turn
        for (const [index, id] of ['#number', '#expiry', '#cvc', '#name', 'button[part~=button]'].entries()) {
          if (index > 0) await sendKeys({ press: 'Tab' });
          expect(root(element).activeElement, `${theme} ${id}`).to.equal(part(element, id));
          const focused = style(element, id);
          expect(focused.outlineStyle, `${theme} ${id}`).to.equal('solid');
          expect(parseFloat(focused.outlineWidth), `${theme} ${id}`).to.be.at.least(2);
        }
        element.remove();
      }
    });

    it('every target is at least 24 × 24 px, whatever the theme says', async () => {
      const { element } = await previewElement('filled', { appearance: { variables: { inputMinHeight: '10px', inputPadding: '0', buttonPadding: '0' } } });
      const targets = [...root(element).querySelectorAll<HTMLElement>('input, button')];
      // the card's four fields and the pay button at least: an empty form would pass the loop below unchecked
      expect(targets.map((target) => target.id)).to.include.members(['number', 'expiry', 'cvc', 'name']);
      expect(targets.some((target) => target.localName === 'button')).to.equal(true);
      for (const target of targets) {
        const box = target.getBoundingClientRect();
        expect(box.width, target.id).to.be.at.least(24);
        expect(box.height, target.id).to.be.at.least(24);
      }
    });

    for (const layout of ['stacked', 'split', 'single-line'] as const) {
      it(`reflows at 320 px wide with no horizontal scrolling (${layout})`, async () => {
        await setViewport({ width: 320, height: 800 });
        const { element } = await previewElement('errors', { appearance: { layout } });
        const base = part(element, '.base');
        expect(base.scrollWidth).to.be.at.most(base.clientWidth);
        expect(document.documentElement.scrollWidth).to.be.at.most(320);
      });
    }

    it('reflows at 200 % text size on a 640 px viewport', async () => {
      await setViewport({ width: 640, height: 800 });
      const { element } = await previewElement('declined', { appearance: { variables: { fontSizeBase: '32px', fontSizeLabel: '28px', fontSizeSmall: '28px' } } });
      const base = part(element, '.base');
      expect(base.scrollWidth).to.be.at.most(base.clientWidth);
      expect(document.documentElement.scrollWidth).to.be.at.most(640);
    });

    it('honours prefers-reduced-motion (no label transition)', async () => {
      const { element } = await previewElement('empty', { appearance: { labels: 'floating' } });
      expect(style(element, 'label[for=number]').transitionDuration).not.to.equal('0s');
      await emulateMedia({ reducedMotion: 'reduce' });
      expect(style(element, 'label[for=number]').transitionDuration).to.equal('0s');
    });

    it('in forced-colours mode inputs keep a border and focus a visible outline', async () => {
      await emulateMedia({ forcedColors: 'active' });
      const { element } = await previewElement('filled', { theme: 'flat' });
      expect(parseFloat(style(element, '#number').borderTopWidth)).to.be.at.least(1);
      part(element, '#expiry').focus();
      await sendKeys({ press: 'Shift+Tab' });
      await sendKeys({ press: 'Tab' });
      expect(style(element, '#expiry').outlineStyle).to.equal('solid');
      await expect(element).to.be.accessible();
    });

    it('a themed element still pays with the keyboard alone against the sandbox', async () => {
      const { element, log } = await mountCheckout({ attributes: { theme: 'high-contrast' }, configure: (el) => (el.appearance = { labels: 'floating', layout: 'single-line' }) });
      await log.wait('tender-ready');
      part(element, '#number').focus();
      await fillCard(element, { number: '4242424242424242' });
      await sendKeys({ press: 'Tab' }); // to the name field
      await sendKeys({ press: 'Tab' }); // to the pay button
      expect(root(element).activeElement).to.equal(payButton(element));
      await sendKeys({ press: 'Enter' });
      const result = await log.wait('tender-result');
      expect(result.detail).to.include({ status: 'succeeded' });
    });
  });
});
