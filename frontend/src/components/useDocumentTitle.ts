import { useEffect } from 'react';
import { declarePageHead, pageTitle } from '../lib/page-head';

/** Sets `document.title` to "<title> · Redpen" while the component is mounted. */
export function useDocumentTitle(title: string | null | undefined): void {
  if (title) declarePageHead({ title: pageTitle(title) });
  useEffect(() => {
    if (!title) return;
    const previous = document.title;
    document.title = pageTitle(title);
    return () => {
      document.title = previous;
    };
  }, [title]);
}
