import type { Messages } from '#shared/i18n/messages';

/** The Report dialog in Somali (mirrors en/report.ts). */
export const report: Messages['report'] = {
  open: 'Ka warbixi xayeysiiskan',
  title: 'Ka warbixi xayeysiiskan',
  intro: 'Noo sheeg waxa khaldan. Kooxdayadu waxay hubisaa warbixin kasta.',
  reason: 'Sababta',
  reasons: {
    scam: 'Khiyaano ama musuqmaasuq',
    sold: 'Horay ayaa loo iibiyay',
    'wrong-information': 'Macluumaad khaldan',
    offensive: 'Wax aan habboonayn',
    other: 'Wax kale',
  },
  note: 'Maxaad dareentay? (ikhtiyaari)',
  notePlaceholder: 'Tusaale: qiimaha ma aha midka iibiyuhu weydiinayo.',
  contact: 'Taleefankaaga ama iimaylkaaga (ikhtiyaari)',
  contactHint: 'Kaliya haddii aad rabto inaan kuu soo jawaabno. Shaqaalaha oo keliya ayaa arka.',
  honeypot: 'Goobtan faaruq ka dhig',
  send: 'Dir warbixinta',
  sending: 'Waa la dirayaa...',
  cancel: 'Jooji',
  close: 'Xir',
  sent: 'Mahadsanid. Warbixintaadu waxay gaartay kooxdayada.',
  failed: 'Warbixintaada lama dirin. Fadlan isku day mar kale.',
  tooMany: 'Maanta horay ayaad u soo sheegtay xayeysiiskan. Kooxdayadu way eegi doontaa.',
  errors: {
    reasonRequired: 'Dooro sabab',
    noteTooLong: 'Qoraalka ha ka badin 1,000 xaraf',
    contactTooLong: 'Xiriirkaaga ha ka badin 200 xaraf',
  },
};
