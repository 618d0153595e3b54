// @warrant/people: who is a person at a site. Passkeys, sessions, one-time links (setup links and
// invitations), and acts on people that take a person's fresh passkey assertion.
export type { PeopleRoles, PeopleSite, PeopleTables, Person } from './people-site.ts';
export { CEREMONY_MINUTES, challengeOf } from './ceremony.ts';
export { nameProblem, NAME_MAX_LENGTH } from './person-name.ts';
export {
  INVITATION_MAX_TTL_MS,
  isLinkCode,
  LINK_FRAGMENT,
  linkUrl,
  mintEnrolmentLink,
  openLink,
  peopleCount,
  SETUP_LINK_TTL_MS,
  type EnrolmentLink,
  type HeldLink,
  type LinkKind,
} from './enrolment-links.ts';
export { finishEnrolment, startEnrolment, type Enrolled } from './registration.ts';
export { checkAssertion, type AssertionResponse, type CheckedAssertion } from './assertion.ts';
export { currentPerson, endSession, SESSION_HOURS, startSession } from './sessions.ts';
export { finishSignIn, startSignIn } from './sign-in.ts';
export {
  confirmAct,
  personActChallenge,
  proposeAct,
  type PersonAct,
  type ConfirmedAct,
  type PersonActStatement,
  type ProposedAct,
} from './person-acts.ts';
export { personOnList, removePerson } from './removal.ts';
export type { PeopleEvent, PeopleRecorder } from './people-events.ts';
export { peopleOperator, type PeopleOperator } from './operator.ts';
export {
  ACT_STATEMENT_MS,
  INVITATION_TTL_MS,
  peopleRoutes,
  refused,
  sitePeople,
  type PeopleWords,
  type SitePeople,
} from './people-routes.ts';
