/** The company support line, the default WhatsApp number (spec §5). */
export const SUPPORT_WHATSAPP_NUMBER = '254712345678';
export const SUPPORT_PHONE_DISPLAY = '+254 712 345 678';
export const SUPPORT_EMAIL = 'info@somalidiaspora.co.ke';

/** Spec §5: non-digits are stripped and a leading 0 becomes 254. */
export function toWhatsAppNumber(raw: string): string {
  const digits = raw.replace(/\D/g, '');
  return digits.startsWith('0') ? `254${digits.slice(1)}` : digits;
}

/** A wa.me chat link with an optional prefilled message. */
export function whatsAppLink(rawNumber: string = SUPPORT_WHATSAPP_NUMBER, message?: string): string {
  const base = `https://wa.me/${toWhatsAppNumber(rawNumber)}`;
  return message ? `${base}?text=${encodeURIComponent(message)}` : base;
}
