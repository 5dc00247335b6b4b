import { css } from 'lit';

/** Visual rules sit on `.base`; themes set `--tender-*` values (the appearance work adds presets). */
export const styles = css`
  :host {
    display: block;
  }
  :host([hidden]) {
    display: none;
  }
  .base {
    --_text: var(--tender-color-text, #1a1a1a);
    --_muted: var(--tender-color-text-secondary, #555);
    --_bg: var(--tender-color-background, #fff);
    --_input-bg: var(--tender-color-input-background, #fff);
    --_border: var(--tender-color-border, #767676);
    --_primary: var(--tender-color-primary, #0b57d0);
    --_on-primary: var(--tender-color-on-primary, #fff);
    --_danger: var(--tender-color-danger, #b3261e);
    --_success: var(--tender-color-success, #146c2e);
    --_focus: var(--tender-color-focus, #0b57d0);
    --_radius: var(--tender-border-radius, 6px);
    --_gap: var(--tender-spacing-unit, 12px);
    box-sizing: border-box;
    color: var(--_text);
    background: var(--_bg);
    font-family: var(--tender-font-family, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif);
    font-size: var(--tender-font-size-base, 16px);
    line-height: var(--tender-line-height, 1.4);
    display: grid;
    gap: var(--_gap);
  }
  *,
  *::before,
  *::after {
    box-sizing: inherit;
  }
  form {
    display: grid;
    gap: var(--_gap);
    margin: 0;
  }
  .row {
    display: grid;
    grid-template-columns: 1fr 1fr;
    gap: var(--_gap);
  }
  .field {
    display: grid;
    gap: 4px;
    min-width: 0;
  }
  label {
    font-weight: var(--tender-font-weight-label, 500);
    font-size: 0.875em;
  }
  .control {
    position: relative;
    display: flex;
    align-items: center;
  }
  input {
    font: inherit;
    color: inherit;
    width: 100%;
    min-height: 44px;
    padding: 10px 12px;
    background: var(--_input-bg);
    border: var(--tender-border-width, 1px) solid var(--_border);
    border-radius: var(--_radius);
  }
  input.with-brand {
    padding-inline-end: 4.5em;
  }
  input::placeholder {
    color: var(--tender-color-placeholder, #6b6b6b);
  }
  input:focus-visible {
    outline: 3px solid var(--_focus);
    outline-offset: 1px;
  }
  input[aria-invalid='true'] {
    border-color: var(--_danger);
    border-width: 2px;
  }
  input:disabled {
    opacity: 0.7;
  }
  .brand {
    position: absolute;
    inset-inline-end: 8px;
    font-size: 0.75em;
    font-weight: 700;
    letter-spacing: 0.02em;
    padding: 2px 6px;
    border-radius: 4px;
    border: 1px solid currentColor;
    color: var(--_muted);
  }
  .error {
    color: var(--_danger);
    font-size: 0.875em;
    margin: 0;
  }
  button {
    font: inherit;
    font-weight: 600;
    min-height: 44px;
    padding: 10px 16px;
    border: 0;
    border-radius: var(--_radius);
    background: var(--_primary);
    color: var(--_on-primary);
    cursor: pointer;
  }
  button:focus-visible {
    outline: 3px solid var(--_focus);
    outline-offset: 2px;
  }
  button:disabled {
    cursor: progress;
    opacity: 0.8;
  }
  button.secondary {
    background: transparent;
    color: var(--_primary);
    border: 1px solid currentColor;
  }
  .status {
    margin: 0;
  }
  .status.success {
    color: var(--_success);
  }
  .status.danger {
    color: var(--_danger);
  }
  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
  }
  @media (prefers-reduced-motion: reduce) {
    * {
      transition: none !important;
      animation: none !important;
    }
  }
  @media (forced-colors: active) {
    input,
    button {
      border: 1px solid CanvasText;
    }
    input:focus-visible,
    button:focus-visible {
      outline: 3px solid Highlight;
    }
  }
`;
