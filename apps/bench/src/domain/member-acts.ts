// A member's own acts at the bench: marking themself present (and, with the chair's question put,
// voting). Each is made only from the member's own signed-in page and recorded as that person's:
// the server names who, from the session (or the passkey), never from what a body says.
export const MEMBER_ACT_TYPES = ['mark_present', 'cast_vote'] as const;
export type MemberActType = (typeof MEMBER_ACT_TYPES)[number];

/** How a member votes on the question the chair has put. */
export const CHOICES = ['aye', 'nay', 'abstain'] as const;
export type Choice = (typeof CHOICES)[number];

/** The roles whose holders are members of the assembly: the chair presides and is a member too. */
export const MEMBER_ROLES: ReadonlySet<string> = new Set(['member', 'chair']);
