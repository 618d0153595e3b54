// How a turn asks its model: one request, one answer. The page binds it to a chat-completions
// endpoint (askModel); the turn itself knows no endpoint and no key.
import type { ModelAnswer, ModelRequest } from './chat-completions.ts';

export type AskModel = (request: ModelRequest, signal: AbortSignal) => Promise<ModelAnswer>;
