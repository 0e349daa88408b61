import type { UseQueryResult } from '@tanstack/react-query';
import type { Essay } from '../essay-rules';

/** The essay's file links: presigned, valid for S3_PRESIGN_TTL_SECONDS (5 min by default). */
export type FileKind = 'fileUrl' | 'markingScheme' | 'modelURL';

/** A link older than this is fetched again before use (a minute short of the default 5-minute validity). */
export const LINK_REUSE_MS = 4 * 60 * 1000;

/**
 * Hands out a link that will still open: the one in hand while it is young, else the essay fetched again
 * (the server signs new links on every read).
 */
export function useFreshLink(essay: UseQueryResult<Essay>) {
  const isFresh = () => Date.now() - essay.dataUpdatedAt < LINK_REUSE_MS;

  async function freshLink(kind: FileKind): Promise<string | null> {
    if (isFresh() && essay.data) return essay.data[kind];
    const again = await essay.refetch();
    return again.data?.[kind] ?? null;
  }

  /**
   * Opens the file in a new tab. The tab is opened at once (inside the click, so no pop-up blocker steps in) and
   * pointed at the link when it is ready.
   */
  async function openInNewTab(kind: FileKind): Promise<void> {
    if (isFresh() && essay.data?.[kind]) {
      window.open(essay.data[kind], '_blank', 'noopener,noreferrer');
      return;
    }
    const tab = window.open('', '_blank');
    const url = await freshLink(kind);
    if (!tab) return;
    if (!url) {
      tab.close();
      return;
    }
    tab.opener = null;
    tab.location.href = url;
  }

  return { freshLink, openInNewTab };
}
