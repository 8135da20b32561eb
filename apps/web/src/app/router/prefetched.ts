import { useEffect } from "react";

export type Prefetched<T> = { load: () => Promise<T> };

/**
 * Code fetched ahead of need (the next sign-in step, the form's schemas): one download shared by the prefetch and
 * every later caller. A failed download is not kept, so the next call tries again instead of failing until a reload.
 */
export const prefetched = <T>(load: () => Promise<T>): Prefetched<T> => {
  let loading: Promise<T> | undefined;
  return {
    load: () => {
      loading ??= load().catch((error: unknown) => {
        loading = undefined;
        throw error;
      });
      return loading;
    },
  };
};

/** Starts the download when the component mounts. A failure here is met again, and shown, by the caller that needs it. */
export const usePrefetch = (code: Prefetched<unknown>): void => {
  useEffect(() => {
    code.load().catch(() => {});
  }, [code]);
};
