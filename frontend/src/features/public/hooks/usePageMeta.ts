import { useEffect } from 'react';

export const SITE_NAME = 'Redpen';

/** Sets `document.title` to "{title} · Redpen" and the page's meta description. */
export function usePageMeta(title: string, description: string): void {
  useEffect(() => {
    document.title = title === SITE_NAME ? SITE_NAME : `${title} · ${SITE_NAME}`;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.appendChild(meta);
    }
    meta.content = description;
  }, [title, description]);
}
