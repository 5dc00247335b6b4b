import type { Plugin } from 'esbuild';

export const LOCALE_MODULE: RegExp;
export function localeValues(file: string, keys: readonly string[]): Promise<string[]>;
export function englishKeys(): Promise<string[]>;
export function localeValuesPlugin(): Plugin;
