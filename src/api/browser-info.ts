/** The `browser_info` the API uses for 3-D Secure risk checks. */
export interface BrowserInfo {
  user_agent?: string;
  accept_header?: string;
  language?: string;
  color_depth?: number;
  screen_height?: number;
  screen_width?: number;
  /** `Date.prototype.getTimezoneOffset()`, in minutes. */
  time_zone?: number;
  java_enabled?: boolean;
  java_script_enabled?: boolean;
  [member: string]: unknown;
}

const ACCEPT_HEADER = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/webp,image/apng,*/*;q=0.8';

/** `browser_info` from the running browser; undefined outside one (Node). */
export function collectBrowserInfo(): BrowserInfo | undefined {
  if (typeof window === 'undefined' || typeof navigator === 'undefined' || typeof screen === 'undefined') return undefined;
  return {
    user_agent: navigator.userAgent,
    accept_header: ACCEPT_HEADER,
    language: navigator.language,
    color_depth: screen.colorDepth,
    screen_height: screen.height,
    screen_width: screen.width,
    time_zone: new Date().getTimezoneOffset(),
    java_enabled: false,
    java_script_enabled: true,
  };
}
