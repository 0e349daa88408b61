import { useEffect, useRef, useState, type RefObject } from 'react';

/**
 * Becomes true once the element's top edge has risen to `viewportFraction` of the viewport height
 * (0.8 = "80 % down the screen"), and stays true. Without IntersectionObserver it is true at once, so
 * content is never left hidden.
 */
export function useInView<T extends Element>(
  viewportFraction: number,
  enabled = true,
): [RefObject<T | null>, boolean] {
  const ref = useRef<T | null>(null);
  // Not `typeof IntersectionObserver` here: the prerendered HTML (rendered where there is none) must show the
  // same state the browser's first render does, or hydration would keep the wrong one. The effect settles it.
  const [inView, setInView] = useState(() => !enabled);

  useEffect(() => {
    if (inView) return;
    const node = ref.current;
    if (!enabled || !node || typeof IntersectionObserver === 'undefined') {
      setInView(true);
      return;
    }
    const bottomMargin = Math.round((1 - viewportFraction) * 100);
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setInView(true);
          observer.disconnect();
        }
      },
      { rootMargin: `0px 0px -${bottomMargin}% 0px`, threshold: 0 },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [enabled, inView, viewportFraction]);

  return [ref, inView];
}
