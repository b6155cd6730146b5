import '#web/lib/zod-csp';
import { zodResolver } from '@hookform/resolvers/zod';
import { contactSchema } from '#shared/contact-schema';

/** The shared rules as a react-hook-form resolver; loaded on demand (see contact-form.tsx). */
export const contactFormResolver = zodResolver(contactSchema);
