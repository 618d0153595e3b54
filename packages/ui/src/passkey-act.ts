// The page's half of a person's act that takes a passkey (a partner's reset or change of stock,
// inviting or removing someone, an editor's grant on the launch board): it asks the site's server for the act's statement, has
// this browser's passkey answer the statement's challenge, and sends the answer back. The page
// only carries the ceremony: the server wrote the statement, and decides on the answer.
import { refusal, type ToolResult } from '@warrant/surface';

export type PostJson = (path: string, body: unknown) => Promise<ToolResult>;

/** POSTs `body` to `<path>/options`, answers its challenge with a passkey, then POSTs `body` and the answer to `path`. */
export async function confirmWithPasskey(
  post: PostJson,
  path: string,
  body: Record<string, unknown>,
): Promise<ToolResult> {
  const proposed = await post(`${path}/options`, body);
  if (!proposed.ok) return proposed;
  const { startAuthentication } = await import('@simplewebauthn/browser');
  let response: unknown;
  try {
    response = await startAuthentication({
      optionsJSON: proposed['options'] as Parameters<typeof startAuthentication>[0]['optionsJSON'],
    });
  } catch (error) {
    return refusal(
      'PASSKEY_NOT_GIVEN',
      `Your passkey did not answer (${error instanceof Error ? error.message : String(error)}), so nothing was changed.`,
    );
  }
  return post(path, { ...body, response });
}
