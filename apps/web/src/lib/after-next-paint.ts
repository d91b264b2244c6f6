import { useEffect, useState } from 'react';

/** Resolves once the browser has painted the current frame. */
export const afterNextPaint = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

/**
 * False until the browser has painted the component for the first time. Work that nobody needs in
 * the first frame (a menu's code, the toaster) waits for it, so that it neither delays that paint
 * nor competes with it for the network.
 */
export function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let mounted = true;
    void afterNextPaint().then(() => {
      if (mounted) setPainted(true);
    });
    return () => {
      mounted = false;
    };
  }, []);
  return painted;
}
