export { SignInDialog, SIGN_IN_TITLE, SIGN_IN_BENEFITS } from './components/sign-in-dialog';
export { UserMenu, PlanBadge } from './components/user-menu';
