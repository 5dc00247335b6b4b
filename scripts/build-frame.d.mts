/** The types of build-frame.mjs (the sandbox builds the frame when it is missing). */
export interface FrameManifest {
  script: string;
  inline: string;
  preload: string[];
  billing: string[];
  /** Of `preload` and `billing`, the files the page carries after its critical script → their carried form (docs/decisions/0100). */
  carried: Record<string, string>;
  locales: Record<string, string[]>;
}
export function buildFrame(outdir?: string, options?: { minify?: boolean; plugins?: unknown[] }): Promise<FrameManifest>;
/** The start of the frame's critical script: where its imports of the files the page carries go. */
export const CARRIED_LOADER: string;
