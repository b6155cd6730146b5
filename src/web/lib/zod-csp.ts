import { config } from 'zod';

// zod compiles fast validators with `new Function` when it can; probing for that trips our
// Content-Security-Policy (no eval) in the browser. Plain validation is fast enough for forms.
config({ jitless: true });
