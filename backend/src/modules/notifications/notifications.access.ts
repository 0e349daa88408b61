import type { Caller } from '../../common/access.js';

/**
 * Who may touch which notice (docs/architecture.md "Guards, access policies and admin slices"): a notice is its
 * recipient's alone. Anyone else, and a notice that does not exist, hear the same 404.
 */
export function canReadNotification(user: Caller, notice: { userId: string } | undefined): notice is { userId: string } {
  return notice !== undefined && notice.userId === user.id;
}
