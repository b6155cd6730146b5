/** The most digits an international number has, country code included (E.164). */
export const E164_MAX_DIGITS = 15;

/** Refused where a phone or WhatsApp number is typed: more digits than any number has. */
export const PHONE_TOO_MANY_DIGITS_MESSAGE = 'common.errors.phoneTooManyDigits';

/** Whether a number as typed, once normalised as links read it, fits E.164 ('0712…' counts as 254712…). */
export function fitsE164(raw: string): boolean {
  return toWhatsAppNumber(raw).length <= E164_MAX_DIGITS;
}

/** docs/product.md#whatsapp-links: non-digits are stripped and a leading 0 becomes Kenya's 254. */
export function toWhatsAppNumber(raw: string): string {
  const digits = raw.replace(/\D/g, '');
  return digits.startsWith('0') ? `254${digits.slice(1)}` : digits;
}

/** A wa.me chat link with an optional prefilled message. */
export function whatsAppLink(rawNumber: string, message?: string): string {
  const base = `https://wa.me/${toWhatsAppNumber(rawNumber)}`;
  return message ? `${base}?text=${encodeURIComponent(message)}` : base;
}

/** A call link for a number as shown ('+254 712 345 678', '0712 345 678'): tel:+254712345678. */
export function telLink(rawNumber: string): string {
  return `tel:+${toWhatsAppNumber(rawNumber)}`;
}
