// The desk page's calls to its own server. The server decides; the page shows its answers.
import { refusal, type ToolRefusal } from '@warrant/surface';

export type ServerAnswer<T> = ({ readonly ok: true } & T) | ToolRefusal;

const UNREACHABLE = "The desk's server cannot be reached, so nothing that needs it (signing in, approving) can happen now. Nothing was changed.";

export async function askDeskServer<T>(path: string, body?: unknown): Promise<ServerAnswer<T>> {
  try {
    const response = await fetch(path, body === undefined ? { cache: 'no-store' } : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return (await response.json()) as ServerAnswer<T>;
  } catch {
    return refusal('DESK_SERVER_UNREACHABLE', UNREACHABLE);
  }
}
