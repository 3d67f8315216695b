export { sessionMiddleware, SIGNED_IN_HINT_COOKIE } from './session';
export { clearHint, endSession, refreshHint, startSession } from './session-control';
export { loadSessionKeys } from './session-keys';
export { requireUserId, sessionId, sessionUserId } from './session-user';
export { requireUser, type RequireUserOptions, type SignedInState } from './current-user';
