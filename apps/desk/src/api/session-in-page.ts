// Who was signed in when the desk's page was served, written into the page by the desk's server.
//
// Agent clients list a page's tools at navigation, so the desk registers its always-on verbs
// before the load event; and it registers a verb that acts only in a signed-in dispatcher's page.
// So the page must know, as its first script runs, whether a dispatcher is signed in. Asking
// the server (GET /api/session) answers after the load event. The server that serves the page
// already holds the answer (the request carries the session cookie), so it writes it into the
// page: a data block, which no CSP blocks and nothing executes, with the dispatcher's id and name
// only (never a token). The answer is as of the moment the page was served: the page still asks
// the server as it opens, and what it registers follows that answer (a session ended meanwhile
// removes what acts). The page is served no-store, so no cache hands one browser's answer to
// another, or an old one to a reload. Nothing here is authority: every act is decided by the
// server on the session it is sent with.

/** The element the server writes and the page reads. */
export const SESSION_IN_PAGE_ID = 'desk-session';

export interface DispatcherInPage {
  readonly id: string;
  readonly name: string;
}

// JSON in a script element: `<` and the rest escaped, so no name can close the element or open another.
const escapeForScript = (json: string): string =>
  json.replace(/[<>&\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** The served page with who is signed in (or that no one is) written at the end of its head; unchanged with no head. */
export function writeSessionIntoPage(html: string, dispatcher: DispatcherInPage | null): string {
  const end = html.indexOf('</head>');
  if (end < 0) return html;
  const json = escapeForScript(
    JSON.stringify({ dispatcher: dispatcher ? { id: dispatcher.id, name: dispatcher.name } : null }),
  );
  const block = `<script type="application/json" id="${SESSION_IN_PAGE_ID}">${json}</script>`;
  return `${html.slice(0, end)}${block}${html.slice(end)}`;
}

/** Who the page was served to, as its server wrote it; null when no one, or when nothing was written (another server). */
export function sessionInPage(document: Document): DispatcherInPage | null {
  const text = document.getElementById(SESSION_IN_PAGE_ID)?.textContent;
  if (!text) return null;
  try {
    const { dispatcher } = JSON.parse(text) as { dispatcher?: unknown };
    if (typeof dispatcher !== 'object' || dispatcher === null) return null;
    const { id, name } = dispatcher as Record<string, unknown>;
    return typeof id === 'string' && typeof name === 'string' ? { id, name } : null;
  } catch {
    return null;
  }
}
