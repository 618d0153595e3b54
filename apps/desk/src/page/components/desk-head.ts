// The desk's signed tree heads as the page reads them from its own server, each checked in the page
// against the desk's published key (/.well-known/warrant-desk.json) with the ledger package's
// verifier. The page's own record already imports the ledger package statically, so it is in the
// first bundle anyway: a dynamic import here would split nothing off (Rolldown's
// INEFFECTIVE_DYNAMIC_IMPORT), only warn on every build.
import { verifyTreeHead, type SignedTreeHead } from '@warrant/ledger';
import { isError } from '@warrant/surface';
import { askDesk } from '../../api/ask-desk.ts';
import { DESK_API } from '../../api/desk-api.ts';

export type DeskHead =
  | { readonly ok: true; readonly head: SignedTreeHead }
  | { readonly ok: false; readonly code: string; readonly message: string; readonly head?: unknown };

let deskKey: Promise<string | null> | null = null;

/** The desk's published Ed25519 key (base64), read once per page; asked again after a failure. */
function publishedKey(): Promise<string | null> {
  deskKey ??= askDesk(DESK_API.deskRecord).then((record) =>
    !isError(record) && typeof record.key === 'string' ? record.key : null,
  );
  const asked = deskKey;
  void asked.then((key) => {
    if (key === null && deskKey === asked) deskKey = null;
  });
  return asked;
}

/** The latest signed head, or the one of `size` rows when one was signed; checked against the desk's key. */
export async function readDeskHead(size?: number): Promise<DeskHead> {
  const [answer, key] = await Promise.all([
    askDesk(DESK_API.ledgerHead, {
      query: { size },
      unreachable: "The desk's server cannot be reached, so its signed head cannot be read now.",
    }),
    publishedKey(),
  ]);
  if (isError(answer)) return { ok: false, code: answer.code, message: answer.message };
  if (key === null)
    return {
      ok: false,
      code: 'NO_DESK_KEY',
      message: "The desk's published key cannot be read, so its signed head cannot be checked now.",
      head: answer,
    };
  const checked = verifyTreeHead(answer, { key });
  if (!checked.ok)
    return {
      ok: false,
      code: 'HEAD_UNVERIFIED',
      message: `The desk's signed head does not check against the desk's key: ${checked.reason}.`,
      head: answer,
    };
  return { ok: true, head: checked.head };
}

/** The head to check an export of `rows` rows against: the one signed at that size when there is one, else the latest. */
export async function headForExport(rows: number): Promise<DeskHead> {
  const exact = rows > 0 ? await readDeskHead(rows) : null;
  if (exact && (exact.ok || exact.code !== 'HEAD_NOT_FOUND')) return exact;
  return readDeskHead();
}
