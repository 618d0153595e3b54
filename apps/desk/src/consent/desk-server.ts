// The desk page's calls to its own server. The server decides; the page shows its answers.
import { refusal, type ToolRefusal } from '@warrant/surface';

export type ServerAnswer<T> = ({ readonly ok: true } & T) | ToolRefusal;

const UNREACHABLE =
  "The desk's server cannot be reached, so nothing that needs it (signing in, approving) can happen now. Nothing was changed.";

/** Calls the desk's server: GET, or POST with a JSON body. `unreachable` is what to say when it cannot be reached. */
export async function askDeskServer<T>(
  path: string,
  body?: unknown,
  unreachable = UNREACHABLE,
): Promise<ServerAnswer<T>> {
  try {
    const response = await fetch(
      path,
      body === undefined
        ? { cache: 'no-store' }
        : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
    );
    return (await response.json()) as ServerAnswer<T>;
  } catch {
    return refusal('DESK_SERVER_UNREACHABLE', unreachable);
  }
}
