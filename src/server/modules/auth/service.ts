// What other modules use of sign-in (the account page throttles password checks as sign-in does);
// the sessions plugin is sessions.ts.
export { createSignInThrottle } from './sign-in-throttle';
