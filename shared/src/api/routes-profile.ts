import { agentProfileSchema } from './agent-profile';
import { errorResponse, imageResponse, invalidInput, signedIn, type ApiRoute } from './route-types';

const shareNotFound = { 404: errorResponse('No such share, or the agent shows no photo') };

/** The agent's profile for buyers: kept in Settings, shown on every shared page of theirs. */
export const PROFILE_ROUTES: ApiRoute[] = [
  {
    method: 'get',
    path: '/api/user/agent-profile',
    summary: "The agent's profile shown to buyers (name, brokerage, phone, photo or logo)",
    tag: 'User',
    auth: 'session',
    responses: { 200: { description: 'The profile', schema: agentProfileSchema }, ...signedIn },
  },
  {
    method: 'put',
    path: '/api/user/agent-profile',
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
    path: '/api/shares/{token}/agent-photo',
    summary: "The sharing agent's photo or logo, when they chose to show it",
    tag: 'Sharing',
    auth: 'none',
    responses: { 200: imageResponse('The image'), ...shareNotFound },
  },
  {
    method: 'get',
    path: '/api/property-shares/{token}/agent-photo',
    summary: "The sharing agent's photo or logo, when they chose to show it",
    tag: 'Properties',
    auth: 'none',
    responses: { 200: imageResponse('The image'), ...shareNotFound },
  },
];
