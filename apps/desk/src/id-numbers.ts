// The numbers of the ids this page makes (R-n, P-n, L-n, A-n), reserved from the desk's server
// (server/id-numbers.ts), which hands each out once however many pages make ids at once.
import { askDeskServer } from './consent/desk-server.ts';
import type { IdKind } from './domain/id-kinds.ts';

export const reserveIdNumber = (kind: IdKind, atLeast: number) =>
  askDeskServer<{ readonly number: number }>('/api/ids', { kind, at_least: atLeast });
