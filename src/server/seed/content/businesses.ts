import { type SeedInput, type SeedListing, seedListing } from './types';

const business = (input: SeedInput<'business'>) => seedListing('business', input);

export const BUSINESSES: SeedListing[] = [
  // Restaurants
  business({
    subcategory: 'restaurant',
    business_type: 'Restaurant',
    motif: 'restaurant',
    title: 'Somali Restaurant in Eastleigh, 60 Seats',
    description:
      'Busy restaurant known for its camel meat, bariis iskukaris and fresh juices, with a loyal ' +
      'lunch crowd. Sale includes all kitchen equipment, furniture and a transferable lease.',
    price: 4_500_000,
    location: 'Eastleigh, Nairobi',
    whatsapp_number: '0722 914 203',
    monthly_revenue: 1_200_000,
    years_established: 8,
  }),
  business({
    subcategory: 'restaurant',
    business_type: 'Cafe',
    motif: 'restaurant',
    title: 'Cafe and Juice Bar in South C',
    description:
      'Modern cafe with an espresso machine, a juice bar and outdoor seating near the shopping centre. ' +
      'Owner relocating abroad; staff willing to stay.',
    price: 1_800_000,
    location: 'South C, Nairobi',
    whatsapp_number: '+254 733 618 472',
    monthly_revenue: 450_000,
    years_established: 4,
  }),
  business({
    subcategory: 'restaurant',
    business_type: 'Hotel and restaurant',
    motif: 'restaurant',
    title: 'Pilau and Nyama Choma Hotel in Garissa',
    description:
      'Well-known hotel on the main road serving travellers on the Garissa-Nairobi route, with 40 seats ' +
      'and a take-away counter. Building lease has 6 years left.',
    price: 2_200_000,
    location: 'Garissa',
    whatsapp_number: '0799 301 558',
    monthly_revenue: 620_000,
    years_established: 11,
  }),
  business({
    subcategory: 'restaurant',
    business_type: 'Coffee kiosk',
    motif: 'restaurant',
    title: 'Newly Fitted Coffee Kiosk in Westlands',
    description:
      'Brand-new coffee kiosk at the entrance of an office park, opened this year. ' +
      'Comes with a two-group espresso machine, a grinder and the supplier contracts.',
    price: 650_000,
    location: 'Westlands, Nairobi',
    whatsapp_number: '+254 712 207 934',
    monthly_revenue: null,
    years_established: 0,
  }),

  // Retail
  business({
    subcategory: 'retail',
    business_type: 'Mini-supermarket',
    motif: 'cart',
    title: 'Mini-Supermarket in Kileleshwa',
    description:
      'Neighbourhood mini-mart with a butchery corner, M-Pesa and bill-payment agency, serving three ' +
      'apartment blocks. Stock worth about KES 1.5M is included in the price.',
    price: 3_800_000,
    location: 'Kileleshwa, Nairobi',
    whatsapp_number: '0710 552 318',
    monthly_revenue: 1_650_000,
    years_established: 6,
  }),
  business({
    subcategory: 'retail',
    business_type: 'Mobile phone shop',
    motif: 'cart',
    title: 'Mobile Phone and Accessories Shop on Luthuli Avenue',
    description:
      'Phone shop with a repair bench, a Safaricom dealership line and regular wholesale customers. ' +
      'Price includes stock, shelving and two years left on the lease.',
    price: 1_500_000,
    location: 'Nairobi CBD',
    whatsapp_number: '+254 745 776 201',
    monthly_revenue: 380_000,
    years_established: 3,
  }),
  business({
    subcategory: 'retail',
    business_type: 'Pharmacy',
    motif: 'cart',
    title: 'Licensed Pharmacy in Thika Town',
    description:
      'Retail pharmacy with a PPB licence, a busy clinic next door and a steady prescription trade. ' +
      'A registered pharmacist can stay on for the handover.',
    price: 5_500_000,
    location: 'Thika',
    whatsapp_number: '0721 860 447',
    monthly_revenue: 900_000,
    years_established: 12,
  }),
  business({
    subcategory: 'retail',
    business_type: 'Perfume and cosmetics shop',
    motif: 'cart',
    title: 'Perfume, Oud and Cosmetics Shop in Eastleigh',
    description:
      'Small, profitable shop selling Arabian perfumes, oud, uunsi and cosmetics to a loyal ' +
      'clientele. Supplier contacts in Dubai are part of the sale.',
    price: 900_000,
    location: 'Eastleigh, Nairobi',
    whatsapp_number: '+254 790 224 613',
    monthly_revenue: 210_000,
    years_established: 5,
  }),

  // Services
  business({
    subcategory: 'service',
    business_type: 'Travel agency',
    motif: 'gear',
    title: 'IATA-Accredited Travel Agency in Nairobi CBD',
    description:
      'Ticketing and travel agency with IATA accreditation, a GDS subscription and corporate clients, ' +
      'strong on Nairobi-Mogadishu and Hajj and Umrah packages.',
    price: 7_500_000,
    location: 'Nairobi CBD',
    whatsapp_number: '0733 411 905',
    monthly_revenue: 1_400_000,
    years_established: 15,
  }),
  business({
    subcategory: 'service',
    business_type: 'Car wash',
    motif: 'gear',
    title: 'Car Wash and Detailing Centre in Kilimani',
    description:
      'Car wash on a busy corner with four bays, a pressure-washer set, a vacuum station and a waiting ' +
      'lounge. Land lease of 5 years, renewable.',
    price: 1_200_000,
    location: 'Kilimani, Nairobi',
    whatsapp_number: '+254 722 195 880',
    monthly_revenue: 320_000,
    years_established: 2,
  }),
  business({
    subcategory: 'service',
    business_type: 'Beauty salon and spa',
    motif: 'gear',
    title: 'Ladies Beauty Salon and Henna Studio in Lavington',
    description:
      'Private ladies-only salon offering hair, henna, make-up and spa treatments, with five chairs and ' +
      'a booking list for weddings. Revenue records available to serious buyers.',
    price: 2_400_000,
    location: 'Lavington, Nairobi',
    whatsapp_number: '0768 503 129',
    monthly_revenue: null,
    years_established: 7,
  }),
  business({
    subcategory: 'service',
    business_type: 'Cleaning company',
    motif: 'gear',
    title: 'Commercial Cleaning Company with Contracts',
    description:
      'Cleaning company with 35 staff and three running contracts with office blocks and a hospital. ' +
      'Equipment, a van and the company name are included.',
    price: 3_000_000,
    location: 'Kisumu',
    whatsapp_number: '+254 701 928 476',
    monthly_revenue: 780_000,
    years_established: null,
  }),

  // Manufacturing
  business({
    subcategory: 'manufacturing',
    business_type: 'Bottled water plant',
    motif: 'factory',
    title: 'Bottled Water Plant in Machakos',
    description:
      'KEBS-certified water bottling plant with reverse osmosis, a filling line and a borehole, ' +
      'producing about 2,000 bottles an hour. Supplies supermarkets across Machakos county.',
    price: 12_000_000,
    location: 'Machakos',
    whatsapp_number: '0712 774 608',
    monthly_revenue: 2_100_000,
    years_established: 9,
  }),
  business({
    subcategory: 'manufacturing',
    business_type: 'Bakery',
    motif: 'factory',
    title: 'Commercial Bakery with Two Delivery Vans, Nakuru',
    description:
      'Bakery producing bread, cakes and sambusa pastry for shops and schools, with a rotary oven and ' +
      'two refrigerated vans. Fully trained team of 18.',
    price: 6_800_000,
    location: 'Nakuru',
    whatsapp_number: '+254 725 640 019',
    monthly_revenue: 1_350_000,
    years_established: 14,
  }),
  business({
    subcategory: 'manufacturing',
    business_type: 'Furniture workshop',
    motif: 'factory',
    title: 'Furniture Workshop in Eldoret',
    description:
      'Workshop making sofas, beds and school desks, with woodworking machines and a showroom in town. ' +
      'Good order book from schools and hotels.',
    price: 2_500_000,
    location: 'Eldoret',
    whatsapp_number: '0729 318 462',
    monthly_revenue: 540_000,
    years_established: 22,
  }),
  business({
    subcategory: 'manufacturing',
    business_type: 'Soap and detergent factory',
    motif: 'factory',
    title: 'Soap and Detergent Factory in Thika',
    description:
      'Factory producing bar soap, liquid detergent and hand wash under two registered brands, ' +
      'on a leased 1-acre site. Distribution to Central Kenya and Nairobi.',
    price: 18_500_000,
    location: 'Thika',
    whatsapp_number: '+254 798 215 336',
    monthly_revenue: 3_400_000,
    years_established: 18,
  }),

  // Wholesale
  business({
    subcategory: 'wholesale',
    business_type: 'Food wholesale',
    motif: 'boxes',
    title: 'Rice, Sugar and Cooking Oil Wholesaler in Eastleigh',
    description:
      'Established food wholesaler supplying shops in Nairobi and up to Garissa and Wajir, with a ' +
      'godown, a forklift and a lorry. Stock valued separately.',
    price: 9_000_000,
    location: 'Eastleigh, Nairobi',
    whatsapp_number: '0722 508 741',
    monthly_revenue: 4_800_000,
    years_established: 20,
  }),
  business({
    subcategory: 'wholesale',
    business_type: 'Clothing wholesale',
    motif: 'boxes',
    title: 'Turkish and Dubai Clothing Wholesale Business',
    description:
      "Import and wholesale business for abayas, jilbabs and children's wear, with three shops in " +
      'Eastleigh mall and a container every six weeks from Istanbul.',
    price: 20_000_000,
    location: 'Eastleigh, Nairobi',
    whatsapp_number: '+254 711 406 982',
    monthly_revenue: 5_200_000,
    years_established: 10,
  }),
  business({
    subcategory: 'wholesale',
    business_type: 'Hardware wholesale',
    motif: 'boxes',
    title: 'Hardware and Building Materials Wholesale, Kisumu',
    description:
      'Hardware wholesaler selling cement, iron sheets and plumbing supplies to contractors in western ' +
      'Kenya. Includes a yard, a 10-tonne truck and a transferable supplier credit line.',
    price: 14_000_000,
    location: 'Kisumu',
    whatsapp_number: '0733 902 617',
    monthly_revenue: 3_900_000,
    years_established: 30,
  }),
  business({
    subcategory: 'wholesale',
    business_type: 'Cereals store',
    motif: 'boxes',
    title: 'Cereals and Animal Feed Store in Eldoret',
    description:
      'Maize, beans and animal feed store with a weighbridge and storage for 5,000 bags, buying from ' +
      'local farmers at harvest. Small team, easy to run.',
    price: 4_200_000,
    location: 'Eldoret',
    whatsapp_number: '+254 720 551 390',
    monthly_revenue: null,
    years_established: null,
  }),
];
