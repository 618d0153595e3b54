// An approval is raised only from a signed-in dispatcher's page: a request to raise one with no
// dispatcher's session is refused before the approval routes see it, and nothing is raised.
// (Where an approval comes from, a plan the desk committed, is the approval routes' to decide.)
import type { Hono } from 'hono';
import type { Database } from '@warrant/site-server';
import { refusal } from '@warrant/surface';
import { DESK_API } from '../api/desk-api.ts';
import { refused } from './http.ts';
import { currentDispatcher } from './sessions.ts';

/** Registers the guard; call it before the approval routes. */
export function approvalRaisingGuard(app: Hono, db: Database): void {
  app.post(DESK_API.raiseApproval.path, async (c, next) => {
    if (await currentDispatcher(c, db)) return next();
    return refused(
      c,
      refusal(
        'NOT_SIGNED_IN',
        "Only a signed-in dispatcher's page asks for an approval. Sign in with your passkey. Nothing was raised.",
      ),
      401,
    );
  });
}
