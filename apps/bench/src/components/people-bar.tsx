// Who is at the bench: its clerk, chair and members, signed in with their passkeys (@warrant/ui's
// people bar over the bench's people routes). Anyone can follow the meeting; only a signed-in
// person's page records anything in it.
import { OVER_FETCH } from '@warrant/site-api';
import { refusal, type ToolResult } from '@warrant/surface';
import { PeopleBar, type PeopleBarWords } from '@warrant/ui';
import type { SignedInPerson } from './roll-call.tsx';

const PEOPLE_WORDS: PeopleBarWords = {
  key: 'person',
  heading: 'People of this meeting',
  signIn: 'Sign in with your passkey',
  passkeyNote:
    'Signed in, your page (and an agent working in it, on your behalf) can record acts in the meeting. The chair’s acts (putting the question, ruling) also ask for the chair’s passkey, each time.',
  nobodyYet:
    'The bench has no clerk yet. The person who runs it has a one-time setup link on the server\u2019s console (npm start prints it); open it in this browser to enrol as the clerk.',
  whySignIn:
    'Anyone can follow the meeting here. Recording anything in it takes a person of the meeting, signed in. New here? The clerk invites you.',
  listHeading: 'People of this meeting',
  roles: [
    { value: 'member', label: 'member' },
    { value: 'chair', label: 'chair' },
  ],
};

const UNREACHABLE = refusal(
  'BENCH_SERVER_UNREACHABLE',
  "The bench's server cannot be reached. Nothing was changed; try again when it is back.",
);

/** POSTs to the bench's own server, its session cookie with it. */
async function post(path: string, body: unknown): Promise<ToolResult> {
  try {
    return (await OVER_FETCH('POST', path, body)) as ToolResult;
  } catch {
    return UNREACHABLE;
  }
}

export function BenchPeopleBar({ onSession }: { onSession(person: SignedInPerson | null): void }) {
  return <PeopleBar post={post} words={PEOPLE_WORDS} onSession={onSession} />;
}
