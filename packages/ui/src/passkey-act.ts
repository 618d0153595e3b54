// The page's half of a person's act that takes a passkey (a partner's reset or change of stock,
// inviting or removing someone, an editor's grant on the launch board): it asks the site's server for the act's statement, has
// this browser's passkey answer the statement's challenge, and sends the answer back. The page
// only carries the ceremony: the server wrote the statement, and decides on the answer.
import { refusal, type ToolRefusal, type ToolResult } from '@warrant/surface';

export type PostJson = (path: string, body: unknown) => Promise<ToolResult>;

/** A statement the server proposed for the person's passkey: the WebAuthn request options over it. */
export interface PasskeyProposal {
  readonly ok: true;
  readonly options: object;
}

/**
 * Has this browser's passkey answer the statement the server `proposed`, and sends the answer to
 * `confirm` (a site whose routes are declared with @warrant/site-api calls its two routes here).
 */
export async function answerWithPasskey<A>(
  proposed: Promise<PasskeyProposal | ToolRefusal>,
  confirm: (response: object) => Promise<A | ToolRefusal>,
): Promise<A | ToolRefusal> {
  const statement = await proposed;
  if (!statement.ok) return statement;
  const { startAuthentication } = await import('@simplewebauthn/browser');
  let response: object;
  try {
    response = await startAuthentication({
      optionsJSON: statement.options as Parameters<typeof startAuthentication>[0]['optionsJSON'],
    });
  } catch (error) {
    return refusal(
      'PASSKEY_NOT_GIVEN',
      `Your passkey did not answer (${error instanceof Error ? error.message : String(error)}), so nothing was changed.`,
    );
  }
  return confirm(response);
}

/** POSTs `body` to `<path>/options`, answers its challenge with a passkey, then POSTs `body` and the answer to `path`. */
export function confirmWithPasskey(post: PostJson, path: string, body: Record<string, unknown>): Promise<ToolResult> {
  return answerWithPasskey(post(`${path}/options`, body) as Promise<PasskeyProposal | ToolRefusal>, (response) =>
    post(path, { ...body, response }),
  );
}
