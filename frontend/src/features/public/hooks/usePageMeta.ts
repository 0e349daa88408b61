import { useEffect } from 'react';
import { declarePageHead, pageTitle } from '../../../lib/page-head';

/** Sets `document.title` to "{title} · Redpen" and the page's meta description. */
export function usePageMeta(title: string, description: string): void {
  const fullTitle = pageTitle(title);
  declarePageHead({ title: fullTitle, description });
  useEffect(() => {
    document.title = fullTitle;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.appendChild(meta);
    }
    meta.content = description;
  }, [fullTitle, description]);
}
