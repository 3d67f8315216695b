export { limitsRoutes } from './limits.routes';
export { isPro, limitsService, monthlyAllowance } from './limits.service';
export { DAY_MS, HOUR_MS, enforceRateLimit } from './rate-limit';
export { assertStyleAllowed } from './pro-style';
