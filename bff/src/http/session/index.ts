export { sessionMiddleware, SIGNED_IN_HINT_COOKIE } from './session';
export { clearHint, endSession, refreshHint, startSession } from './session-control';
export { loadSessionKeys } from './session-keys';
export { sessionId, sessionUserId } from './session-user';
export { apiKeyAuth, apiKeyCaller, hashApiKey, unlessApiKey, type ApiKeyCaller } from './api-key';
