import { useEffect, useEffectEvent, useRef } from 'react';

/**
 * Calls `loadMore` whenever the returned sentinel element scrolls near the viewport and `enabled` is true.
 * Observing again after each change means a short page that leaves the sentinel visible keeps loading.
 */
export function useLoadMoreOnScroll<T extends Element>(loadMore: () => void, enabled: boolean) {
  const sentinelRef = useRef<T>(null);
  const onVisible = useEffectEvent(loadMore);

  useEffect(() => {
    const sentinel = sentinelRef.current;
    if (!sentinel || !enabled) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onVisible();
      },
      { rootMargin: '0px 0px 320px 0px' },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [enabled]);

  return sentinelRef;
}
