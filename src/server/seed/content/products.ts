import { type SeedInput, type SeedListing, seedListing } from './types';

const product = (input: SeedInput<'product'>) => seedListing('product', input);

export const PRODUCTS: SeedListing[] = [
  // Phones
  product({
    subcategory: 'phones',
    motif: 'phone',
    title: 'Samsung Galaxy A15 128GB, Dual SIM',
    description:
      'Brand new in sealed box with one-year Samsung Kenya warranty. 6.5-inch Super AMOLED screen and a ' +
      '5,000 mAh battery that easily lasts a full day. Delivery within Nairobi the same day.',
    price: 19_500,
    location: 'Eastleigh, Nairobi',
    whatsapp_number: '0712 483 905',
    product_condition: 'new',
  }),
  product({
    subcategory: 'phones',
    motif: 'phone',
    title: 'iPhone 13 Pro 256GB Graphite',
    description:
      'Refurbished to grade A with a new original battery (100% health) and no Face ID issues. ' +
      'Comes with a charging cable, a clear case and a three-month shop warranty.',
    price: 89_000,
    location: 'Westlands, Nairobi',
    whatsapp_number: '+254 722 519 377',
    product_condition: 'refurbished',
  }),
  product({
    subcategory: 'phones',
    motif: 'phone',
    title: 'Tecno Spark 20 Pro+ 256GB',
    description:
      'New Tecno Spark 20 Pro+ with a curved 120 Hz display and 8GB RAM. Good camera for the price, ' +
      'perfect for TikTok and WhatsApp business. Lipa na M-Pesa accepted.',
    price: 24_999,
    location: 'Luthuli Avenue, Nairobi CBD',
    whatsapp_number: '0745-220-118',
    product_condition: 'new',
  }),
  product({
    subcategory: 'phones',
    motif: 'phone',
    title: 'Used iPhone 11 64GB, battery health 86%',
    description:
      'Personally used for two years, always in a case, small scratch on the back glass only. ' +
      'Unlocked for all networks, iCloud removed. Can meet at Capital Centre, Mombasa Road.',
    price: 36_000,
    location: 'South C, Nairobi',
    whatsapp_number: '254711602934',
    product_condition: 'used',
  }),
  product({
    subcategory: 'phones',
    motif: 'phone',
    title: 'Samsung Galaxy S24 Ultra 512GB Titanium Black',
    description:
      'Brand new, imported from Dubai with a Kenyan KEBS-compliant charger. Includes the S Pen and a ' +
      'free screen protector fitted at the shop.',
    price: 149_000,
    location: 'Kilimani, Nairobi',
    whatsapp_number: '+254 733 870 412',
    product_condition: 'new',
  }),

  // Electronics
  product({
    subcategory: 'electronics',
    motif: 'laptop',
    title: 'HP EliteBook 840 G6, Core i5, 16GB RAM, 512GB SSD',
    description:
      'Ex-UK office laptop, refurbished and tested, with a new battery and backlit keyboard. ' +
      'Ideal for students and remote work; Windows 11 Pro and Office installed.',
    price: 42_000,
    location: 'Kilimani, Nairobi',
    whatsapp_number: '0701 338 250',
    product_condition: 'refurbished',
  }),
  product({
    subcategory: 'electronics',
    motif: 'tv',
    title: 'Hisense 55-inch 4K UHD Smart TV',
    description:
      'New Hisense VIDAA smart TV with Netflix, YouTube and Showmax built in. Free wall mount and ' +
      'installation within Eastleigh and South C.',
    price: 52_500,
    location: 'Eastleigh, Nairobi',
    whatsapp_number: '+254 799 145 602',
    product_condition: 'new',
  }),
  product({
    subcategory: 'electronics',
    motif: 'speaker',
    title: 'JBL Charge 5 Bluetooth Speaker',
    description:
      'Original JBL, waterproof, about 20 hours of playtime and it also charges your phone. ' +
      'Used for a few months only, with the box and the USB-C cable.',
    price: 14_500,
    location: 'Parklands, Nairobi',
    whatsapp_number: '0728 907 114',
    product_condition: 'used',
  }),
  product({
    subcategory: 'electronics',
    motif: 'camera',
    title: 'Canon EOS 250D with 18-55mm Lens',
    description:
      'Lightweight DSLR, great for weddings, product photos and YouTube. Shutter count around 8,000; ' +
      'comes with a 64GB card, a spare battery and a bag.',
    price: 58_000,
    location: 'Nyali, Mombasa',
    whatsapp_number: '+254 720 664 018',
    product_condition: 'used',
  }),

  // Baati and Somali clothing
  product({
    subcategory: 'baati',
    motif: 'dress',
    title: 'Cotton Baati House Dresses, Set of 3',
    description:
      'Soft, breathable cotton baati in bright prints, one size fits most. Made for the Nairobi ' +
      'heat and easy to wash. Mix your own colours from over 20 designs.',
    price: 2_800,
    location: 'Eastleigh, Nairobi',
    whatsapp_number: '0722 310 447',
    product_condition: 'new',
  }),
  product({
    subcategory: 'baati',
    motif: 'dress',
    title: 'Silk Dirac with Matching Garbasaar',
    description:
      'Flowing silk dirac with a matching garbasaar shawl, ideal for weddings and Eid. ' +
      'Available in emerald, gold and royal blue; we can adjust the length for you.',
    price: 6_500,
    location: 'Eastleigh, Nairobi',
    whatsapp_number: '+254 712 558 903',
    product_condition: 'new',
  }),
  product({
    subcategory: 'baati',
    motif: 'dress',
    title: "Children's Baati Dresses, Sizes 2 to 10",
    description:
      'Colourful cotton baati for girls, sold per piece or in bundles of five. Good quality stitching ' +
      'that survives the washing machine.',
    price: 1_200,
    location: 'Garissa',
    whatsapp_number: '0799 402 815',
    product_condition: 'new',
  }),
  product({
    subcategory: 'baati',
    motif: 'dress',
    title: 'Hand-Embroidered Wedding Dirac, Worn Once',
    description:
      'Elegant dirac with gold hand embroidery and a beaded neckline, worn once for a nikaah. ' +
      'Dry-cleaned and ready to wear; fits sizes 12 to 14.',
    price: 9_500,
    location: 'South C, Nairobi',
    whatsapp_number: '+254 741 227 630',
    product_condition: 'used',
  }),

  // Accessories
  product({
    subcategory: 'accessories',
    motif: 'headphones',
    title: 'Apple AirPods Pro (2nd Generation)',
    description:
      'Refurbished AirPods Pro with active noise cancellation and a MagSafe charging case. ' +
      'Tested and cleaned, with new ear tips and a 90-day warranty.',
    price: 24_000,
    location: 'Westlands, Nairobi',
    whatsapp_number: '0733 120 586',
    product_condition: 'refurbished',
  }),
  product({
    subcategory: 'accessories',
    motif: 'watch',
    title: 'Casio G-Shock GA-2100 Watch',
    description:
      'Original Casio G-Shock, shock resistant and water resistant to 200 metres. ' +
      'New with tags and the tin box; a great Eid gift.',
    price: 14_500,
    location: 'Kisumu',
    whatsapp_number: '+254 708 331 942',
    product_condition: 'new',
  }),
  product({
    subcategory: 'accessories',
    motif: 'handbag',
    title: 'Turkish Leather Handbag',
    description:
      'Genuine leather handbag from Istanbul with a detachable shoulder strap and three inner pockets. ' +
      'Available in tan, black and burgundy.',
    price: 7_800,
    location: 'Eastleigh, Nairobi',
    whatsapp_number: '0757 664 210',
    product_condition: 'new',
  }),

  // Cases
  product({
    subcategory: 'cases',
    motif: 'phone-case',
    title: 'iPhone 15 Pro Clear MagSafe Case',
    description:
      'Crystal clear case that does not yellow, with strong MagSafe magnets and raised edges to protect ' +
      'the camera. Free delivery in the CBD.',
    price: 1_500,
    location: 'Nairobi CBD',
    whatsapp_number: '+254 716 904 332',
    product_condition: 'new',
  }),
  product({
    subcategory: 'cases',
    motif: 'phone-case',
    title: 'Rugged Armour Case for Samsung A-Series',
    description:
      'Shockproof case with a built-in kickstand for the Galaxy A05, A15, A25 and A35. ' +
      'Wholesale prices available for phone shops.',
    price: 850,
    location: 'Eastleigh, Nairobi',
    whatsapp_number: '0790 118 675',
    product_condition: 'new',
  }),
  product({
    subcategory: 'cases',
    motif: 'phone-case',
    title: 'Leather Wallet Case with Card Slots',
    description:
      'Flip case in soft leather with three card slots and a cash pocket, for iPhone and Samsung models. ' +
      'Lightly used, still in very good condition.',
    price: 1_100,
    location: 'Nakuru',
    whatsapp_number: '+254 724 556 018',
    product_condition: 'used',
  }),
  product({
    subcategory: 'cases',
    motif: 'phone-case',
    title: '14-inch Laptop Sleeve with Shoulder Strap',
    description:
      'Padded, water-resistant sleeve for 13 and 14-inch laptops, with a front pocket for the charger. ' +
      'Ex-display item, refurbished zip.',
    price: 2_200,
    location: 'Thika',
    whatsapp_number: '0113 245 870',
    product_condition: 'refurbished',
  }),
];
