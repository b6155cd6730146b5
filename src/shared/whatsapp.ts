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
