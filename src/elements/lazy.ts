/**
 * A lazily imported module, fetched once on first use (the script-tag build makes each such module a
 * chunk of its own). A failed fetch is forgotten, so the next use tries again.
 */
export function lazy<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}
