import { Suspense, lazy, useEffect, useState } from 'react';
import { toaster } from '../ui/toaster';

const AppToaster = lazy(() => import('../ui/AppToaster'));

/**
 * The layouts' toaster, mounted (and its module loaded) when the first toast is created: most page views never
 * toast. The store keeps toasts created meanwhile and the toaster shows them when it mounts.
 */
export function DeferredToaster() {
  const [wanted, setWanted] = useState(() => toaster.getCount() > 0);
  useEffect(() => {
    if (wanted) return;
    if (toaster.getCount() > 0) {
      setWanted(true);
      return;
    }
    return toaster.subscribe(() => setWanted(true));
  }, [wanted]);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  );
}
