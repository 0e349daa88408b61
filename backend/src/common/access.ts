/**
 * A policy's answer when the API tells refusals apart (docs/architecture.md "Guards, access policies and admin slices"):
 * `'allowed'`, or the name of the refusal, which the caller maps to its status and code (404 for what the caller
 * may not know exists, 409 for a state, 403 for a rule). Policies with one way to refuse return a boolean.
 */
export type Access<Refusal extends string> = 'allowed' | Refusal;

/** Whom a policy is asked about: the signed-in user (`AuthenticatedUser`), or the socket's caller; only the id decides. */
export interface Caller {
  id: string;
}

/**
 * docs/decisions.md "Nobody deals with themselves": an item (an essay, a session, a payable) whose student is
 * also the tutor it names, a row from before the rule held. Its rating and payout are refused with 409 `SELF_DEALING`.
 */
export function isSelfHeld(item: { studentId: string; tutorId: string | null }): boolean {
  return item.tutorId !== null && item.tutorId === item.studentId;
}
