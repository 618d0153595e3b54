// The numbers of the ids this page makes (R-n, P-n, L-n, A-n), reserved from the desk's server
// (server/id-numbers.ts), which hands each out once however many pages make ids at once.
import { askDesk } from '../api/ask-desk.ts';
import { DESK_API } from '../api/desk-api.ts';
import type { IdKind } from '../domain/id-kinds.ts';

export const reserveIdNumber = (kind: IdKind, atLeast: number) =>
  askDesk(DESK_API.reserveId, { body: { kind, at_least: atLeast } });
