/** The types of frame-files.mjs (bench/cold-load.ts counts the frame's JavaScript with it). */
export function frameFiles(frameDir: string): { critical: string[]; upFront: string[] } | null;
