import { API_PATHS } from './api-paths';
import { agentProfileSchema } from './agent-profile';
import {
  changeEmailSchema,
  changePasswordSchema,
  confirmEmailSchema,
  messageSchema,
  profileUpdateSchema,
} from './account';
import { userSchema } from './auth';
import { shareParamsSchema } from './shares';
import { errorResponse, imageResponse, invalidInput, signedIn, type ApiRoute } from './route-types';

const shareNotFound = { 404: errorResponse('No such share, or the agent shows no photo') };

/** The agent's profile for buyers: kept in Settings, shown on every shared page of theirs. */
export const PROFILE_ROUTES = [
  {
    method: 'patch',
    path: API_PATHS.userProfile,
    summary: 'Change the name shown in the app (and first and last name)',
    tag: 'User',
    auth: 'session',
    request: { json: profileUpdateSchema },
    responses: { 200: { description: 'The user', schema: userSchema }, ...signedIn, ...invalidInput },
  },
  {
    method: 'post',
    path: API_PATHS.userPassword,
    summary: 'Change the password (the current one required); every other session is signed out',
    tag: 'User',
    auth: 'session',
    request: { json: changePasswordSchema },
    responses: { 200: { description: 'Changed', schema: messageSchema }, ...signedIn, ...invalidInput },
  },
  {
    method: 'post',
    path: API_PATHS.userEmail,
    summary:
      'Ask to change the email: a confirmation link goes to the new address, a link that cancels it to the current one (current password required; limited per account and per new address)',
    tag: 'User',
    auth: 'session',
    request: { json: changeEmailSchema },
    responses: {
      200: { description: 'Link sent', schema: messageSchema },
      ...signedIn,
      ...invalidInput,
      429: errorResponse('Too many email changes from this account or to this address (Retry-After header)'),
    },
  },
  {
    method: 'post',
    path: API_PATHS.userEmailConfirm,
    summary: 'Open the link from the mail: the new address replaces the old one, which is told',
    tag: 'User',
    auth: 'none',
    request: { json: confirmEmailSchema },
    responses: {
      200: { description: 'The user with the new address', schema: userSchema },
      ...invalidInput,
    },
  },
  {
    method: 'post',
    path: API_PATHS.userEmailCancel,
    summary:
      'Open the link mailed to the current address: the pending email change is dropped (works until it is confirmed)',
    tag: 'User',
    auth: 'none',
    request: { json: confirmEmailSchema },
    responses: {
      200: { description: 'Cancelled', schema: messageSchema },
      ...invalidInput,
    },
  },
  {
    method: 'get',
    path: API_PATHS.userAgentProfile,
    summary: "The agent's profile shown to buyers (name, brokerage, phone, photo or logo)",
    tag: 'User',
    auth: 'session',
    responses: { 200: { description: 'The profile', schema: agentProfileSchema }, ...signedIn },
  },
  {
    method: 'put',
    path: API_PATHS.userAgentProfile,
    summary: "Replace the agent's profile shown to buyers (empty fields are not shown)",
    tag: 'User',
    auth: 'session',
    request: { json: agentProfileSchema },
    responses: {
      200: { description: 'The profile', schema: agentProfileSchema },
      ...signedIn,
      ...invalidInput,
    },
  },
  {
    method: 'get',
    path: API_PATHS.shareAgentPhoto,
    summary: "The sharing agent's photo or logo, when they chose to show it",
    tag: 'Sharing',
    auth: 'none',
    request: { params: shareParamsSchema },
    responses: { 200: imageResponse('The image'), ...shareNotFound },
  },
  {
    method: 'get',
    path: API_PATHS.propertyShareAgentPhoto,
    summary: "The sharing agent's photo or logo, when they chose to show it",
    tag: 'Properties',
    auth: 'none',
    request: { params: shareParamsSchema },
    responses: { 200: imageResponse('The image'), ...shareNotFound },
  },
] as const satisfies readonly ApiRoute[];
