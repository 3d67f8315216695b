export { sessionMiddleware, SESSION_COOKIE, SIGNED_IN_HINT_COOKIE, type SessionData } from './session';
export { clearHint, endSession, refreshHint, startSession } from './session-control';
export { loadSessionKeys } from './session-keys';
export { requireUserId, sessionUserId } from './session-user';
export { requireUser, type RequireUserOptions, type SignedInState } from './current-user';
