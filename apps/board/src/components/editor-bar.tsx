// Who is at the board: its editors, signed in with their passkeys (@warrant/ui's people bar over
// the board's people routes). Only a signed-in editor's page changes the board.
import { PeopleBar, type PeopleBarWords } from '@warrant/ui';
import { postJson } from '../post-json.ts';

const EDITOR_WORDS: PeopleBarWords = {
  key: 'editor',
  heading: 'Editors',
  signIn: 'Sign in with your editor passkey',
  passkeyNote: 'Signed in, your page can frame fields and decide what the agent asks for.',
  nobodyYet:
    'The board has no editors yet. The person who runs it has a one-time setup link on the server\u2019s console (npm start prints it); open it in this browser to enrol.',
  whySignIn: 'Editors sign in to frame fields for the agent and decide its requests. New here? An editor invites you.',
  listHeading: 'Editors of this board',
};

export function EditorBar() {
  return <PeopleBar post={postJson} words={EDITOR_WORDS} />;
}
