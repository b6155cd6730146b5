import { type SeedInput, type SeedListing, seedListing } from './types';

const property = (input: SeedInput<'property'>) => seedListing('property', input);

// Houses are listed under the 'apartment' subcategory and offices under 'commercial':
// the subcategory list only has four entries, the property type six.
const APARTMENT = { subcategory: 'apartment', property_type: 'apartment', motif: 'apartment' } as const;
const HOUSE = { subcategory: 'apartment', property_type: 'house', motif: 'house' } as const;
const SHOP = { subcategory: 'shop', property_type: 'shop', motif: 'shop' } as const;
const LAND = { subcategory: 'land', property_type: 'land', motif: 'land' } as const;
const OFFICE = { subcategory: 'commercial', property_type: 'office', motif: 'office' } as const;
const WAREHOUSE = { subcategory: 'commercial', property_type: 'commercial', motif: 'warehouse' } as const;
const COMMERCIAL_BUILDING = { subcategory: 'commercial', property_type: 'commercial', motif: 'office' } as const;
const FOR_SALE = { listing_type: 'sale', rent_period: null } as const;
const PER_MONTH = { listing_type: 'rent', rent_period: 'month' } as const;

export const PROPERTIES: SeedListing[] = [
  // Apartments and houses
  property({
    ...APARTMENT,
    ...PER_MONTH,
    title: '2-Bedroom Apartment to Let in Kilimani',
    description:
      'Bright two-bedroom apartment on the 6th floor with a balcony, backup generator, borehole water ' +
      'and a lift. Walking distance to Yaya Centre; rent is per month, one month deposit.',
    price: 85_000,
    location: 'Kilimani, Nairobi',
    whatsapp_number: '0722 845 113',
    bedrooms: 2,
    bathrooms: 2,
    square_feet: 1_150,
  }),
  property({
    ...APARTMENT,
    ...FOR_SALE,
    title: '3-Bedroom Apartment for Sale in Kileleshwa',
    description:
      'Spacious three-bedroom apartment, all en-suite, with a DSQ, gym and swimming pool. ' +
      'Ready title (sectional), service charge KES 12,000 per month.',
    price: 16_500_000,
    location: 'Kileleshwa, Nairobi',
    whatsapp_number: '+254 733 402 918',
    bedrooms: 3,
    bathrooms: 4,
    square_feet: 1_900,
  }),
  property({
    ...APARTMENT,
    ...PER_MONTH,
    title: 'Furnished 1-Bedroom Apartment in South C',
    description:
      'Fully furnished one-bedroom with fast Wi-Fi, a modern kitchen and secure parking, close to ' +
      'South C mosque and Capital Centre. Monthly rent; short stays for diaspora visitors possible.',
    price: 55_000,
    location: 'South C, Nairobi',
    whatsapp_number: '0710 276 554',
    bedrooms: 1,
    bathrooms: 1,
    square_feet: 650,
  }),
  property({
    ...APARTMENT,
    ...FOR_SALE,
    title: '4-Bedroom Penthouse in Eastleigh, Section III',
    description:
      'New penthouse with a rooftop terrace and a view over the city, 24-hour security and two lifts. ' +
      'Close to First Avenue shops and schools; for sale with a title.',
    price: 24_000_000,
    location: 'Eastleigh, Nairobi',
    whatsapp_number: '+254 712 660 471',
    bedrooms: 4,
    bathrooms: 3,
    square_feet: 2_600,
  }),
  property({
    ...HOUSE,
    ...FOR_SALE,
    title: '4-Bedroom Townhouse for Sale in Lavington',
    description:
      'Modern townhouse in a gated community of eight units: all bedrooms en-suite, a family lounge, ' +
      'a DSQ and a private garden. Title ready for transfer.',
    price: 38_000_000,
    location: 'Lavington, Nairobi',
    whatsapp_number: '0733 209 687',
    bedrooms: 4,
    bathrooms: 5,
    square_feet: 3_400,
  }),
  property({
    ...HOUSE,
    ...FOR_SALE,
    title: '5-Bedroom House on Half an Acre in Karen',
    description:
      'Maisonette on a quiet, leafy half acre with mature gardens, a borehole, solar water heating and ' +
      'a two-bedroom guest wing. Ideal for a large family returning home.',
    price: 95_000_000,
    location: 'Karen, Nairobi',
    whatsapp_number: '+254 722 731 560',
    bedrooms: 5,
    bathrooms: 5,
    square_feet: 6_200,
  }),
  property({
    ...HOUSE,
    ...PER_MONTH,
    title: '3-Bedroom Bungalow to Let in Nyali',
    description:
      'Airy bungalow ten minutes from Nyali beach, with a large compound, a gate-keeper and parking ' +
      'for three cars. Monthly rent, two months deposit.',
    price: 120_000,
    location: 'Nyali, Mombasa',
    whatsapp_number: '0741 558 302',
    bedrooms: 3,
    bathrooms: 2,
    square_feet: 2_100,
  }),

  // Shops
  property({
    ...SHOP,
    ...PER_MONTH,
    title: 'Ground-Floor Shop to Let on First Avenue, Eastleigh',
    description:
      'High-footfall shop facing First Avenue, with a glass front, a mezzanine store and CCTV. ' +
      'Rent per month; suitable for clothes, phones or cosmetics.',
    price: 180_000,
    location: 'Eastleigh, Nairobi',
    whatsapp_number: '+254 799 880 241',
    bedrooms: null,
    bathrooms: null,
    square_feet: 420,
  }),
  property({
    ...SHOP,
    ...PER_MONTH,
    title: 'Mall Stall to Let near Garissa Lodge',
    description:
      'Small stall on the first floor of a busy mall, with good lighting and a lockable shutter. ' +
      'Ideal for baati, perfumes or phone accessories; rent per month.',
    price: 35_000,
    location: 'Eastleigh, Nairobi',
    whatsapp_number: '0721 404 935',
    bedrooms: null,
    bathrooms: null,
    square_feet: 120,
  }),
  property({
    ...SHOP,
    ...FOR_SALE,
    title: 'Shop for Sale on Moi Avenue, Mombasa',
    description:
      'Freehold shop in the Old Town area of Mombasa with a tenant paying KES 65,000 per month. ' +
      'A steady income property with a clean title.',
    price: 7_800_000,
    location: 'Mombasa',
    whatsapp_number: '+254 725 318 660',
    bedrooms: null,
    bathrooms: 1,
    square_feet: 560,
  }),
  property({
    ...SHOP,
    ...PER_MONTH,
    title: 'Corner Shop with Back Room in Garissa Town',
    description:
      'Corner shop on the main road near the market, with a back room that can be used as a store ' +
      'or an office. Monthly rent, negotiable for a long lease.',
    price: 28_000,
    location: 'Garissa',
    whatsapp_number: '0708 912 446',
    bedrooms: null,
    bathrooms: null,
    square_feet: 300,
  }),

  // Commercial and offices
  property({
    ...OFFICE,
    ...PER_MONTH,
    title: 'Office Space in Westlands, 2,400 sq ft',
    description:
      'Open-plan, fitted office with two meeting rooms, fibre internet and backup power, on Waiyaki Way. ' +
      'Monthly rent including service charge, ample parking.',
    price: 240_000,
    location: 'Westlands, Nairobi',
    whatsapp_number: '+254 733 561 802',
    bedrooms: null,
    bathrooms: 2,
    square_feet: 2_400,
  }),
  property({
    ...WAREHOUSE,
    ...PER_MONTH,
    title: 'Godown to Let off Mombasa Road',
    description:
      '10,000 sq ft warehouse with a 9-metre eave height, a loading bay and offices, five minutes from ' +
      'the Southern Bypass. Monthly rent; three-phase power.',
    price: 450_000,
    location: 'Industrial Area, Nairobi',
    whatsapp_number: '0720 337 158',
    bedrooms: null,
    bathrooms: 2,
    square_feet: 10_000,
  }),
  property({
    ...COMMERCIAL_BUILDING,
    ...FOR_SALE,
    title: 'Mixed-Use Building for Sale in Parklands',
    description:
      'Five-storey building with shops on the ground floor and 16 apartments above, fully let. ' +
      'Gross rent about KES 1.1 million per month.',
    price: 145_000_000,
    location: 'Parklands, Nairobi',
    whatsapp_number: '+254 711 782 093',
    bedrooms: null,
    bathrooms: null,
    square_feet: 18_500,
  }),
  property({
    ...OFFICE,
    ...PER_MONTH,
    title: 'Serviced Office Suite in Upper Hill',
    description:
      'Furnished four-desk suite with reception, meeting room booking and cleaning included. ' +
      'A good base for a diaspora business in Nairobi; monthly rent.',
    price: 95_000,
    location: 'Upper Hill, Nairobi',
    whatsapp_number: '0746 119 287',
    bedrooms: null,
    bathrooms: 1,
    square_feet: 600,
  }),

  // Land
  property({
    ...LAND,
    ...FOR_SALE,
    title: 'Eighth-Acre Plot in Kitengela, Ready Title',
    description:
      'Fenced 50 x 100 plot in a growing residential area, with water and electricity nearby, ' +
      'ten minutes from the Namanga road. Clean title; site visits every Saturday.',
    price: 1_250_000,
    location: 'Kitengela, Kajiado',
    whatsapp_number: '+254 722 086 374',
    bedrooms: null,
    bathrooms: null,
    square_feet: 5_000,
  }),
  property({
    ...LAND,
    ...FOR_SALE,
    title: '5 Acres of Farmland in Machakos',
    description:
      'Gently sloping red-soil land with a seasonal stream, good for fruit farming or a holiday home. ' +
      'Freehold title, 2 km from the tarmac.',
    price: 4_500_000,
    location: 'Machakos',
    whatsapp_number: '0713 648 025',
    bedrooms: null,
    bathrooms: null,
    square_feet: 217_800,
  }),
  property({
    ...LAND,
    ...FOR_SALE,
    title: 'Commercial Plot on the Nakuru-Eldoret Highway',
    description:
      'Half-acre commercial plot with highway frontage, suitable for a petrol station, hotel or ' +
      'warehouse. Approved change of user already in place.',
    price: 12_000_000,
    location: 'Eldoret',
    whatsapp_number: '+254 790 431 516',
    bedrooms: null,
    bathrooms: null,
    square_feet: 21_780,
  }),
];
