/** Public forms (contact, newsletter, listing reports) take small bodies: a long message is 5,000 characters. */
export const PUBLIC_FORM_BODY_LIMIT = 16 * 1024;
