// What a partner's page calls its people: its staff, who hand things over, book them in and reset
// the site. The bar itself is @warrant/ui's people bar.
import type { PeopleBarWords } from '@warrant/ui';

export function staffBarWords(organisation: string): PeopleBarWords {
  return {
    key: 'staff',
    heading: 'Staff',
    signIn: 'Sign in with your staff passkey',
    passkeyNote: 'Changing this week\u2019s stock and resetting the site\u2019s data ask for your passkey each time.',
    nobodyYet: `${organisation} has no staff signed up yet. The person who runs this site has a one-time setup link on the server\u2019s console (npm start prints it); open it in this browser to enrol.`,
    whySignIn:
      'Staff sign in to hand things over, book them in or reset this site. New here? A staff member invites you with a link.',
    listHeading: `Staff of ${organisation}`,
  };
}
