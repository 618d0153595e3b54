// Who is signed in on this page, as the desk's server says. An agent acts at the desk only in a
// signed-in dispatcher's page: the page learns this as it opens, and a page whose person signs in
// or out opens again, so the verbs it offers are always those of who is there.
import { askDesk } from '../api/ask-desk.ts';
import { DESK_API } from '../api/desk-api.ts';

export type { DeskSession } from '../api/answers.ts';

export const askDeskSession = () => askDesk(DESK_API.session);

/** After a person signs in or out here: the page opens again as what it now is (acting as them, or read-only). */
export function openPageAgain(): void {
  location.reload();
}
