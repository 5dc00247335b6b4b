import { css, unsafeCSS } from 'lit';
import { DEFAULT_TOKEN_CSS } from '../../themes/default-tokens.js';

/**
 * A token as the rules read it: the host page's `--tender-<name>` (on the element or any ancestor)
 * wins; otherwise the value the preset and `appearance.variables` wrote to `--_tender-<name>` on `:host`
 * (docs/theming.md, "Order of precedence").
 */
const t = (name: string) => unsafeCSS(`var(--tender-${name}, var(--_tender-${name}))`);

/** Values of every token with no appearance at all: the `default` preset. */
export const defaultTokens = unsafeCSS(DEFAULT_TOKEN_CSS);

/**
 * Host CSS may set a floored token (focus ring width, input min height, border width) to a bare `0`, a
 * number: `max(2px, 0)` is then invalid and voids the whole declaration (no focus ring, 11 px inputs). As the
 * appearance compiler does for `appearance.variables`, the rules read it as `0px`: a container style query
 * sees the host's value and `.base` redefines the token for everything inside it, so the `max()` floors hold
 * (the three `@container style(…)` blocks after the floating labels).
 *
 * Visual rules sit on `.base`. Layouts (`layout-*`) and label styles (`labels-*`) are classes on `.base`;
 * their rules (any but the default `split` and `above`) and the appearance's own stylesheet (compiled
 * from `appearance`) come with the appearance chunk and are adopted after these.
 */
export const styles = css`
  ${defaultTokens}
  :host {
    display: block;
  }
  :host([hidden]) {
    display: none;
  }
  /* the form and the messages set display: grid; hidden must still hide them */
  [hidden] {
    display: none !important;
  }
  .base {
    container: tender / inline-size;
    box-sizing: border-box;
    color-scheme: var(--_tender-color-scheme, light);
    color: ${t('color-text')};
    background: ${t('color-background')};
    font-family: ${t('font-family')};
    font-size: ${t('font-size-base')};
    font-weight: ${t('font-weight-normal')};
    line-height: ${t('line-height')};
    display: grid;
    gap: ${t('spacing-unit')};
    padding: ${t('container-padding')};
  }
  *,
  *::before,
  *::after {
    box-sizing: inherit;
  }
  form {
    display: grid;
    gap: ${t('spacing-unit')};
    margin: 0;
  }
  .new-card {
    display: contents;
  }
  .row {
    display: grid;
    grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
    gap: ${t('spacing-unit')} ${t('column-gap')};
  }
  .field {
    display: grid;
    align-content: start;
    gap: ${t('label-gap')};
    min-width: 0;
    position: relative;
  }
  label {
    color: ${t('color-label')};
    font-size: ${t('font-size-label')};
    font-weight: ${t('font-weight-label')};
    /* a word longer than its field (1.4.12 text spacing at 320 px: "Sicherheitscode") breaks rather than runs out */
    overflow-wrap: anywhere;
  }
  .control {
    position: relative;
    display: flex;
    align-items: center;
  }
  input {
    font: inherit;
    color: ${t('color-input-text')};
    width: 100%;
    /* WCAG 2.5.8: no theme makes a target smaller than 24 × 24 px */
    min-height: max(24px, ${t('input-min-height')});
    padding: ${t('input-padding')};
    background: ${t('color-input-background')};
    border: ${t('border-width')} solid ${t('color-border')};
    border-radius: ${t('border-radius')};
    box-shadow: ${t('shadow-input')};
  }
  input.with-brand {
    padding-right: 4.5em;
  }
  input::placeholder {
    color: ${t('color-placeholder')};
    opacity: 1;
  }
  input:hover:not(:disabled) {
    border-color: ${t('color-border-hover')};
  }
  input:focus-visible {
    outline: max(2px, ${t('focus-ring-width')}) solid ${t('color-focus')};
    outline-offset: 1px;
    box-shadow: ${t('shadow-input-focus')};
  }
  input[aria-invalid='true'] {
    border-color: ${t('color-danger')};
    border-width: max(2px, ${t('border-width')});
    /* the thicker border takes no room: nothing moves (and the card frame does not grow) when a field turns invalid */
    margin-block: calc(${t('border-width')} - max(2px, ${t('border-width')}));
  }
  input:disabled {
    background: ${t('color-disabled')};
    cursor: not-allowed;
  }
  /* the mark of the detected network (card-extras.ts draws it), sized in font-size-small */
  .brand {
    position: absolute;
    right: 8px;
    font-size: ${t('font-size-small')};
  }
  .error,
  .hint {
    color: ${t('color-danger')};
    font-size: ${t('font-size-small')};
    margin: 0;
  }
  .hint {
    color: ${t('color-text-secondary')};
  }
  /* the accepted networks (show-brands) and the CVC illustration come with a chunk of their own (card-extras.ts): their room is kept from the first paint */
  .brands {
    min-height: 1.625em;
  }
  /* two lines whatever the width, so the form's height (and the room the element reserves for it, 372px) does not depend on where the hint wraps */
  #cvc-hint {
    display: flex;
    gap: .5em;
    min-height: 2lh;
  }
  .art {
    flex: none;
    width: 2.25em;
    height: 1.5em;
  }
  button {
    font: inherit;
    font-weight: ${t('font-weight-button')};
    min-height: max(24px, ${t('input-min-height')});
    min-width: 24px;
    padding: ${t('button-padding')};
    border: 0;
    border-radius: ${t('button-radius')};
    background: ${t('color-primary')};
    color: ${t('color-on-primary')};
    box-shadow: ${t('shadow-button')};
    cursor: pointer;
  }
  button:hover:not(:disabled) {
    background: ${t('color-primary-hover')};
  }
  button:focus-visible {
    outline: max(2px, ${t('focus-ring-width')}) solid ${t('color-focus')};
    outline-offset: 2px;
  }
  button:disabled {
    cursor: progress;
  }
  button.secondary {
    background: transparent;
    color: ${t('color-primary')};
    border: 1px solid currentColor;
    box-shadow: none;
  }
  .status {
    margin: 0;
  }
  /* without the pay button the status line says loading, then processing: its line is kept, so the form's height does not change between them */
  .no-button [part='status'] {
    min-height: 1lh;
  }
  .status.success {
    color: ${t('color-success')};
  }
  .status.danger {
    color: ${t('color-danger')};
  }
  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }

  /* layouts other than split and label styles other than above come with the appearance chunk (src/themes/layout-styles.ts) */
  @container tender (max-width: 14rem) {
    .row {
      grid-template-columns: minmax(0, 1fr);
    }
  }

  @container style(--tender-focus-ring-width: 0) {
    .base {
      --tender-focus-ring-width: 0px;
    }
  }
  @container style(--tender-input-min-height: 0) {
    .base {
      --tender-input-min-height: 0px;
    }
  }
  @container style(--tender-border-width: 0) {
    .base {
      --tender-border-width: 0px;
    }
  }

  @media (prefers-reduced-motion: reduce) {
    *,
    *::before,
    *::after {
      transition: none !important;
      animation: none !important;
    }
  }
  @media (forced-colors: active) {
    input,
    button {
      border: 1px solid CanvasText;
    }
    input[aria-invalid='true'] {
      border-width: 3px;
      margin-block: -2px;
    }
    input:focus-visible,
    button:focus-visible {
      outline: 3px solid Highlight;
    }
  }
`;
