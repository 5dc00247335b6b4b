import type { ReactiveController, ReactiveControllerHost } from 'lit';

/**
 * The one live region: says each new status line after an update, and whatever else the element
 * announces (a field error, an invalid submit). The same text twice in a row is cleared first, so it
 * is heard again.
 */
export class AnnouncerController implements ReactiveController {
  private lastStatus = '';

  constructor(
    host: ReactiveControllerHost,
    private readonly region: () => HTMLElement | null | undefined,
    private readonly statusText: () => string,
  ) {
    host.addController(this);
  }

  hostUpdated(): void {
    const text = this.statusText();
    if (text && text !== this.lastStatus) this.announce(text);
    this.lastStatus = text;
  }

  announce(text: string): void {
    const region = this.region();
    if (!region) return;
    if (region.textContent === text) {
      region.textContent = '';
      setTimeout(() => (region.textContent = text), 150);
    } else {
      region.textContent = text;
    }
  }
}
