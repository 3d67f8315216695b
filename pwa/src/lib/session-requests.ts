import { limitsSchema, userSchema } from '@shared/api';
import { apiJson, apiJsonOrNullOn401 } from './api-client';

// The signed-in user's start-up reads, in a chunk of their own: a visitor's first load needs no zod.
export const fetchCurrentUser = () => apiJsonOrNullOn401('/api/auth/user', userSchema);
export const fetchLimits = () => apiJson('/api/user/limits', limitsSchema);
