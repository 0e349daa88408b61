import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';

/** A sign-in island's `go` inside the app: the router's navigation instead of a document load. */
export function useIslandNavigation(): (href: string, replace: boolean) => void {
  const navigate = useNavigate();
  return useCallback((href: string, replace: boolean) => void navigate({ href, replace }), [navigate]);
}
