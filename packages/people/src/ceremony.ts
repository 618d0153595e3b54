// What every passkey ceremony shares: how long it may take, and the challenge its client data
// names (the server looks its own record of the ceremony up by it).

/** A ceremony (enrol, sign in, confirm an act) is answered within this, or started again. */
export const CEREMONY_MINUTES = 5;

/** The challenge a ceremony's client data names (base64url JSON), or null when it does not parse. */
export function challengeOf(response: unknown): string | null {
  if (typeof response !== 'object' || response === null) return null;
  const inner = (response as { response?: unknown }).response;
  if (typeof inner !== 'object' || inner === null) return null;
  const clientDataJSON = (inner as { clientDataJSON?: unknown }).clientDataJSON;
  if (typeof clientDataJSON !== 'string' || clientDataJSON.length > 4096) return null;
  try {
    const challenge: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')).challenge;
    return typeof challenge === 'string' && challenge.length <= 128 ? challenge : null;
  } catch {
    return null;
  }
}
