// Who is signed in on this page, as the desk's server says. An agent acts at the desk only in a
// signed-in dispatcher's page: the page learns this as it opens, and a page whose person signs in
// or out opens again, so the verbs it offers are always those of who is there.
import { askDeskServer, type ServerAnswer } from './consent/desk-server.ts';

export interface DeskSession {
  readonly dispatcher: { readonly id: string; readonly name: string } | null;
  /** How many dispatchers the desk has (none: the page says how the first one enrols). */
  readonly dispatchers: number;
}

export const askDeskSession = (): Promise<ServerAnswer<DeskSession>> => askDeskServer<DeskSession>('/api/session');

/** After a person signs in or out here: the page opens again as what it now is (acting as them, or read-only). */
export function openPageAgain(): void {
  location.reload();
}
