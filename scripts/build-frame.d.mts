/** The types of build-frame.mjs (the sandbox builds the frame when it is missing). */
export interface FrameManifest {
  script: string;
  preload: string[];
  locales: Record<string, string[]>;
}
export function buildFrame(outdir?: string, options?: { minify?: boolean; plugins?: unknown[] }): Promise<FrameManifest>;
