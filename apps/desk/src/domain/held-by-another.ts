// The refusal for acting on a request another dispatcher holds, in one wording: the desk's server
// answers it (the authority, server/request-holders.ts) and a page answers it first, for a friendly
// answer before anything is sent (verbs, a person's acts).
import { refusal, type ToolRefusal } from '@warrant/surface';
import type { RequestHolder } from './request.ts';

export const heldByAnotherRefusal = (request: string, holder: RequestHolder): ToolRefusal =>
  refusal(
    'REQUEST_HELD_BY_ANOTHER',
    `${request} is held by ${holder.name}: only the dispatcher who holds a request acts on it. Nothing was recorded. Ask ${holder.name} to release it, or take it over with a reason.`,
    { request, holder: { id: holder.id, name: holder.name } },
  );
