export { LandingPage, LANDING_HEADING } from './landing-page';
