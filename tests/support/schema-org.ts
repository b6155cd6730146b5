/**
 * Checks JSON-LD against the schema.org vocabulary for the types the site writes: each type
 * must exist, each property must belong to the type or one it extends (as schema.org defines
 * them), the properties search engines require must be there, and values of a known kind
 * (addresses, dates, prices, currencies, enumeration members) must be well-formed.
 * The table holds the types' own properties from schema.org (a subset of the long tail of
 * rarely used ones); what is required or expected comes from search engines' structured-data
 * guidelines (Product, Offer, BreadcrumbList, Article, Organization).
 */
interface TypeRule {
  /** The type it extends (schema.org's subClassOf). */
  parent?: string;
  properties: string[];
  /** Must be there. */
  required?: string[];
  /** Should be there: a missing one is reported too, the site writes them all. */
  expected?: string[];
}

const TYPES: Record<string, TypeRule> = {
  Thing: {
    properties: [
      'additionalType',
      'alternateName',
      'description',
      'disambiguatingDescription',
      'identifier',
      'image',
      'mainEntityOfPage',
      'name',
      'potentialAction',
      'sameAs',
      'subjectOf',
      'url',
    ],
  },
  CreativeWork: {
    parent: 'Thing',
    properties: [
      'about',
      'audience',
      'author',
      'contentLocation',
      'copyrightHolder',
      'dateCreated',
      'dateModified',
      'datePublished',
      'genre',
      'headline',
      'inLanguage',
      'isPartOf',
      'keywords',
      'mainEntity',
      'offers',
      'provider',
      'publisher',
      'text',
      'thumbnailUrl',
    ],
  },
  WebPage: {
    parent: 'CreativeWork',
    properties: [
      'breadcrumb',
      'lastReviewed',
      'mainContentOfPage',
      'primaryImageOfPage',
      'relatedLink',
      'reviewedBy',
      'significantLink',
      'speakable',
      'specialty',
    ],
  },
  RealEstateListing: {
    parent: 'WebPage',
    properties: ['datePosted', 'leaseLength'],
    required: ['name', 'url', 'offers'],
    expected: ['description', 'datePosted'],
  },
  Article: {
    parent: 'CreativeWork',
    properties: [
      'articleBody',
      'articleSection',
      'backstory',
      'pageEnd',
      'pageStart',
      'pagination',
      'speakable',
      'wordCount',
    ],
  },
  SocialMediaPosting: { parent: 'Article', properties: ['sharedContent'] },
  BlogPosting: {
    parent: 'SocialMediaPosting',
    properties: [],
    required: ['headline', 'datePublished', 'author'],
    expected: ['image', 'publisher', 'url', 'description'],
  },
  Intangible: { parent: 'Thing', properties: [] },
  StructuredValue: { parent: 'Intangible', properties: [] },
  Product: {
    parent: 'Thing',
    properties: [
      'aggregateRating',
      'brand',
      'category',
      'color',
      'gtin',
      'itemCondition',
      'manufacturer',
      'material',
      'model',
      'offers',
      'productID',
      'review',
      'sku',
      'weight',
    ],
    required: ['name', 'offers'],
    expected: ['description', 'url'],
  },
  Service: {
    parent: 'Intangible',
    properties: [
      'aggregateRating',
      'areaServed',
      'audience',
      'availableChannel',
      'brand',
      'broker',
      'category',
      'hoursAvailable',
      'isRelatedTo',
      'isSimilarTo',
      'logo',
      'offers',
      'produces',
      'provider',
      'review',
      'serviceArea',
      'serviceOutput',
      'serviceType',
      'slogan',
      'termsOfService',
    ],
    required: ['name', 'offers'],
    expected: ['description', 'url', 'provider'],
  },
  Offer: {
    parent: 'Intangible',
    properties: [
      'acceptedPaymentMethod',
      'addOn',
      'advanceBookingRequirement',
      'aggregateRating',
      'areaServed',
      'availability',
      'availabilityEnds',
      'availabilityStarts',
      'businessFunction',
      'category',
      'deliveryLeadTime',
      'eligibleRegion',
      'gtin',
      'hasMerchantReturnPolicy',
      'inventoryLevel',
      'itemCondition',
      'itemOffered',
      'leaseLength',
      'mpn',
      'offeredBy',
      'price',
      'priceCurrency',
      'priceSpecification',
      'priceValidUntil',
      'review',
      'seller',
      'serialNumber',
      'shippingDetails',
      'sku',
      'validFrom',
      'validThrough',
      'warranty',
    ],
    required: ['price', 'priceCurrency', 'availability'],
    expected: ['url'],
  },
  PriceSpecification: {
    parent: 'StructuredValue',
    properties: [
      'eligibleQuantity',
      'eligibleTransactionVolume',
      'maxPrice',
      'membershipPointsEarned',
      'minPrice',
      'price',
      'priceCurrency',
      'validForMemberTier',
      'validFrom',
      'validThrough',
      'valueAddedTaxIncluded',
    ],
  },
  UnitPriceSpecification: {
    parent: 'PriceSpecification',
    properties: [
      'billingDuration',
      'billingIncrement',
      'billingStart',
      'priceComponentType',
      'priceType',
      'referenceQuantity',
      'unitCode',
      'unitText',
    ],
    required: ['price', 'priceCurrency'],
  },
  Organization: {
    parent: 'Thing',
    properties: [
      'address',
      'areaServed',
      'award',
      'brand',
      'contactPoint',
      'department',
      'duns',
      'email',
      'faxNumber',
      'founder',
      'foundingDate',
      'knowsLanguage',
      'legalName',
      'location',
      'logo',
      'member',
      'numberOfEmployees',
      'parentOrganization',
      'slogan',
      'subOrganization',
      'taxID',
      'telephone',
      'vatID',
    ],
    required: ['name'],
    expected: ['url', 'logo'],
  },
  Person: {
    parent: 'Thing',
    properties: ['address', 'affiliation', 'email', 'familyName', 'givenName', 'jobTitle', 'telephone', 'worksFor'],
    required: ['name'],
  },
  ContactPoint: {
    parent: 'StructuredValue',
    properties: [
      'areaServed',
      'availableLanguage',
      'contactOption',
      'contactType',
      'email',
      'faxNumber',
      'hoursAvailable',
      'productSupported',
      'telephone',
    ],
    required: ['contactType'],
  },
  Place: {
    parent: 'Thing',
    properties: [
      'address',
      'containedInPlace',
      'geo',
      'hasMap',
      'latitude',
      'longitude',
      'openingHoursSpecification',
      'telephone',
    ],
    required: ['name'],
  },
  AdministrativeArea: { parent: 'Place', properties: [] },
  Country: { parent: 'AdministrativeArea', properties: [] },
  ItemList: { parent: 'Intangible', properties: ['itemListElement', 'itemListOrder', 'numberOfItems'] },
  BreadcrumbList: { parent: 'ItemList', properties: [], required: ['itemListElement'] },
  ListItem: {
    parent: 'Intangible',
    properties: ['item', 'nextItem', 'position', 'previousItem'],
    required: ['position', 'name', 'item'],
  },
};

/** Members of the enumerations the site uses (schema.org ItemAvailability, OfferItemCondition). */
const ENUMERATIONS: Record<string, string[]> = {
  availability: [
    'BackOrder',
    'Discontinued',
    'InStock',
    'InStoreOnly',
    'LimitedAvailability',
    'MadeToOrder',
    'OnlineOnly',
    'OutOfStock',
    'PreOrder',
    'PreSale',
    'Reserved',
    'SoldOut',
  ],
  itemCondition: ['DamagedCondition', 'NewCondition', 'RefurbishedCondition', 'UsedCondition'],
};

const URL_PROPERTIES = new Set(['url', 'item', 'logo', 'image', 'mainEntityOfPage', 'sameAs', 'businessFunction']);
const DATE_PROPERTIES = new Set(['datePublished', 'dateModified', 'datePosted', 'dateCreated']);
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

function propertiesOf(type: string): Set<string> {
  const names = new Set<string>();
  for (let rule: TypeRule | undefined = TYPES[type]; rule; rule = rule.parent ? TYPES[rule.parent] : undefined) {
    for (const name of rule.properties) names.add(name);
  }
  return names;
}

const isAbsoluteUrl = (value: unknown) => typeof value === 'string' && /^https?:\/\/[^/\s]+/.test(value);

function checkValue(property: string, value: unknown, where: string, problems: string[]): void {
  if (Array.isArray(value)) {
    if (value.length === 0) problems.push(`${where}: an empty list`);
    value.forEach((item, index) => {
      checkValue(property, item, `${where}[${index}]`, problems);
    });
    return;
  }
  if (value === null || value === undefined || value === '') {
    problems.push(`${where}: empty`);
    return;
  }
  if (typeof value === 'object') {
    checkNode(value as Record<string, unknown>, where, problems, false);
    return;
  }
  if (URL_PROPERTIES.has(property) && !isAbsoluteUrl(value)) problems.push(`${where}: not an absolute URL: ${value}`);
  if (DATE_PROPERTIES.has(property) && (typeof value !== 'string' || !ISO_DATE.test(value))) {
    problems.push(`${where}: not an ISO 8601 date: ${value}`);
  }
  const members = ENUMERATIONS[property];
  if (members && !members.some((member) => value === `https://schema.org/${member}`)) {
    problems.push(`${where}: not a schema.org ${property} value: ${value}`);
  }
  if (property === 'price' && !(Number(value) > 0 && /^\d+(\.\d+)?$/.test(String(value)))) {
    problems.push(`${where}: not a price: ${value}`);
  }
  if (property === 'priceCurrency' && !/^[A-Z]{3}$/.test(String(value))) {
    problems.push(`${where}: not an ISO 4217 currency: ${value}`);
  }
  if (property === 'position' && !(Number.isInteger(value) && (value as number) > 0)) {
    problems.push(`${where}: not a position: ${value}`);
  }
}

function checkNode(node: Record<string, unknown>, where: string, problems: string[], top: boolean): void {
  if (top && node['@context'] !== 'https://schema.org') problems.push(`${where}: @context is not https://schema.org`);
  const type = node['@type'];
  if (typeof type !== 'string') {
    // A reference to a node described elsewhere.
    if (Object.keys(node).some((key) => key !== '@id')) problems.push(`${where}: no @type`);
    return;
  }
  const rule = TYPES[type];
  if (!rule) {
    problems.push(`${where}: ${type} is not a schema.org type the site uses`);
    return;
  }
  const known = propertiesOf(type);
  for (const [property, value] of Object.entries(node)) {
    if (property.startsWith('@')) continue;
    if (!known.has(property)) problems.push(`${where}: ${type} has no property ${property}`);
    else checkValue(property, value, `${where}.${property}`, problems);
  }
  for (const property of [...(rule.required ?? []), ...(rule.expected ?? [])]) {
    if (!(property in node)) problems.push(`${where}: ${type} lacks ${property}`);
  }
  if (type === 'BreadcrumbList' && Array.isArray(node.itemListElement)) {
    const positions = node.itemListElement.map((item) => (item as { position?: unknown }).position);
    if (positions.some((position, index) => position !== index + 1)) {
      problems.push(`${where}: positions ${positions.join(',')} are not 1, 2, 3…`);
    }
  }
}

/** Everything wrong with one JSON-LD document: empty when it is valid. */
export function schemaOrgProblems(data: unknown, where = 'JSON-LD'): string[] {
  const problems: string[] = [];
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return [`${where}: not an object`];
  checkNode(data as Record<string, unknown>, where, problems, true);
  return problems;
}
