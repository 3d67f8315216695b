import { limitsSchema, userSchema } from '@shared/api';
import { apiPath } from '@shared/api/api-paths';
import { apiJson, apiJsonOrNullOn401 } from './api-client';

// The signed-in user's start-up reads, in a chunk of their own: a visitor's first load needs no zod.
export const fetchCurrentUser = () => apiJsonOrNullOn401(apiPath('authUser'), userSchema);
export const fetchLimits = () => apiJson(apiPath('userLimits'), limitsSchema);
