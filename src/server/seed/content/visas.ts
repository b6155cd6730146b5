import type { Subcategory } from '#shared/categories';
import type { VisaCountry, VisaType } from '#shared/listing-filters';
import { type SeedInput, type SeedListing, type SeedMotif, seedListing } from './types';

const MOTIFS: Record<VisaType, SeedMotif> = {
  tourist: 'plane',
  business: 'briefcase',
  student: 'graduation',
  work: 'passport',
  transit: 'globe',
  family: 'family',
};

/** A visa service: its country and type from the visa page's selects, its requirements line by line. */
type VisaInput = Omit<
  SeedInput<'visa'>,
  'subcategory' | 'location' | 'motif' | 'country' | 'visa_type' | 'requirements'
> & {
  country: VisaCountry;
  visa_type: VisaType;
  requirements: string[];
};

function visa({ requirements, ...fields }: VisaInput): SeedListing {
  // Family reunion services sit under 'tourist', the closest of the five subcategories.
  const subcategory: Subcategory<'visa'> = fields.visa_type === 'family' ? 'tourist' : fields.visa_type;
  return seedListing('visa', {
    subcategory,
    location: 'Nairobi, Kenya',
    ...fields,
    requirements: requirements.join('\n'),
    motif: MOTIFS[fields.visa_type],
  });
}

const AGENCY_A = '0712 345 678';
const AGENCY_B = '+254 722 123456';
const AGENCY_C = '0733-908-214';
const AGENCY_D = '254 799 512 087';

export const VISAS: SeedListing[] = [
  // USA
  visa({
    country: 'USA',
    visa_type: 'tourist',
    title: 'USA B1/B2 Visitor Visa Application and Interview Coaching',
    description:
      'We complete your DS-160, book the interview at the US Embassy in Gigiri and coach you on the ' +
      'questions officers actually ask. Most of the waiting time is the embassy appointment queue.',
    price: 15_000,
    processing_time: '3 months',
    requirements: [
      'Passport valid for at least 6 months beyond your stay',
      'DS-160 confirmation page and MRV fee receipt',
      'Bank statements for the last 6 months',
      'Employment letter or business registration certificate',
      'Proof of ties to Kenya (title deed, family, studies)',
      'Previous passports showing travel history',
    ],
    whatsapp_number: AGENCY_A,
  }),
  visa({
    country: 'USA',
    visa_type: 'student',
    title: 'USA F-1 Student Visa Package',
    description:
      'Full support from the I-20 to the visa interview: SEVIS fee payment, financial documents review ' +
      'and two mock interviews. Includes a pre-departure briefing for new students.',
    price: 65_000,
    processing_time: '1-2 months',
    requirements: [
      'Form I-20 from a SEVP-approved school',
      'SEVIS I-901 fee payment receipt',
      'Proof of funds covering the first year of study',
      'KCSE certificate and academic transcripts',
      'English test results (TOEFL, IELTS or Duolingo)',
      'Valid passport and one 5x5 cm photo',
    ],
    whatsapp_number: AGENCY_B,
  }),
  visa({
    country: 'USA',
    visa_type: 'family',
    title: 'USA Family Immigrant Visa Case Support',
    description:
      'For relatives of US citizens and green-card holders with an approved I-130 petition. We organise ' +
      'the civil documents, the NVC submission and the medical examination.',
    price: 120_000,
    processing_time: '8-12 months',
    requirements: [
      'Approved I-130 petition and NVC case number',
      'Birth and marriage certificates (originals and copies)',
      'Police clearance certificate from the DCI',
      'Affidavit of Support (I-864) from the petitioner',
      'Medical examination by an embassy panel physician',
    ],
    whatsapp_number: AGENCY_A,
  }),

  // UK
  visa({
    country: 'UK',
    visa_type: 'tourist',
    title: 'UK Standard Visitor Visa',
    description:
      'For holidays, family visits and short business trips of up to six months. We prepare the online ' +
      'form, book your VFS biometrics appointment and check every document before submission.',
    price: 12_500,
    processing_time: '3 weeks',
    requirements: [
      'Valid passport with a blank page',
      'Bank statements for the last 6 months',
      'Employment letter with approved leave dates',
      'Invitation letter from your host or hotel booking',
      'Travel itinerary and return flight reservation',
    ],
    whatsapp_number: AGENCY_C,
  }),
  visa({
    country: 'UK',
    visa_type: 'student',
    title: 'UK Student Visa with CAS Check',
    description:
      'We review your CAS, make sure your funds meet the 28-day rule and book the tuberculosis test. ' +
      'Includes help with the Immigration Health Surcharge payment.',
    price: 55_000,
    processing_time: '3-4 weeks',
    requirements: [
      'Confirmation of Acceptance for Studies (CAS)',
      'Funds held for 28 consecutive days',
      'Tuberculosis test certificate from an approved clinic',
      'English language certificate (IELTS for UKVI)',
      'Academic certificates listed on the CAS',
      'Valid passport',
    ],
    whatsapp_number: AGENCY_B,
  }),
  visa({
    country: 'UK',
    visa_type: 'work',
    title: 'UK Skilled Worker Visa for Nurses and Carers',
    description:
      'For health and care workers with a job offer from a licensed UK sponsor. We check your Certificate ' +
      'of Sponsorship and prepare the complete application.',
    price: 110_000,
    processing_time: '2-4 weeks',
    requirements: [
      'Certificate of Sponsorship from a licensed employer',
      'Tuberculosis test certificate',
      'English language test or a degree taught in English',
      'Police clearance certificate from the DCI',
      'Professional registration (NMC for nurses)',
      'Valid passport',
    ],
    whatsapp_number: AGENCY_D,
  }),
  visa({
    country: 'UK',
    visa_type: 'family',
    title: 'UK Spouse and Family Visa',
    description:
      'For husbands, wives and children joining a family member settled in the UK. We assess the income ' +
      'requirement and build a strong relationship evidence file.',
    price: 95_000,
    processing_time: '3 months',
    requirements: [
      'Marriage certificate and evidence of the relationship',
      "Sponsor's payslips and employment letter",
      'Proof of adequate accommodation in the UK',
      'English language certificate (A1 or higher)',
      'Tuberculosis test certificate',
    ],
    whatsapp_number: AGENCY_C,
  }),
  visa({
    country: 'UK',
    visa_type: 'transit',
    title: 'UK Direct Airside Transit Visa',
    description:
      'Needed by some passport holders, including Somali citizens, to change flights at Heathrow without ' +
      'entering the UK. Quick document check and form submission.',
    price: 6_500,
    processing_time: '3 weeks',
    requirements: [
      'Valid passport',
      'Confirmed onward flight ticket',
      'Visa for your final destination, if required',
      'Two recent passport photos',
    ],
    whatsapp_number: AGENCY_A,
  }),

  // Canada
  visa({
    country: 'Canada',
    visa_type: 'tourist',
    title: 'Canada Visitor Visa (TRV)',
    description:
      'Temporary resident visa for tourism and family visits, with a cover letter tailored to your ' +
      'situation. We book the biometrics at VFS Nairobi for you.',
    price: 18_000,
    processing_time: '2-3 months',
    requirements: [
      'Valid passport',
      'Bank statements with 6 months of history',
      'Letter of invitation from your host in Canada',
      'Employment letter or proof of business',
      'Family information form (IMM 5707)',
      'Biometrics fee receipt',
    ],
    whatsapp_number: AGENCY_B,
  }),
  visa({
    country: 'Canada',
    visa_type: 'student',
    title: 'Canada Study Permit with Provincial Attestation Letter',
    description:
      'From the letter of acceptance to the study permit, including the new provincial attestation letter ' +
      'and the GIC. We also prepare a convincing study plan.',
    price: 75_000,
    processing_time: '1-2 months',
    requirements: [
      'Letter of acceptance from a designated learning institution',
      'Provincial attestation letter (PAL)',
      'Proof of funds for tuition and living costs (GIC)',
      'Study plan and statement of purpose',
      'Medical examination by a panel physician',
      'Police clearance certificate',
    ],
    whatsapp_number: AGENCY_D,
  }),
  visa({
    country: 'Canada',
    visa_type: 'work',
    title: 'Canada Express Entry Profile and PR Application',
    description:
      'End-to-end support for skilled workers: credential assessment, language test planning, profile ' +
      'creation and the permanent residence application after an invitation.',
    price: 180_000,
    processing_time: '6 months',
    requirements: [
      'Educational credential assessment (WES or similar)',
      'IELTS General or CELPIP test results',
      'Reference letters from employers for the last 10 years',
      'Proof of settlement funds',
      'Police certificates for every country lived in 6+ months',
      'Medical examination',
    ],
    whatsapp_number: AGENCY_A,
  }),

  // Australia
  visa({
    country: 'Australia',
    visa_type: 'tourist',
    title: 'Australia Visitor Visa (Subclass 600)',
    description:
      'For tourism and visiting relatives for up to 12 months. We lodge the ImmiAccount application and ' +
      'guide you through the health checks if requested.',
    price: 16_000,
    processing_time: '3-4 weeks',
    requirements: [
      'Valid passport',
      'Bank statements for the last 3 to 6 months',
      'Employment letter or business documents',
      'Invitation letter from family in Australia (if visiting)',
      'Travel itinerary',
    ],
    whatsapp_number: AGENCY_C,
  }),
  visa({
    country: 'Australia',
    visa_type: 'student',
    title: 'Australia Student Visa (Subclass 500)',
    description:
      'We help you answer the Genuine Student questions, arrange the OSHC health cover and check your ' +
      'financial capacity evidence before lodging.',
    price: 70_000,
    processing_time: '4 weeks',
    requirements: [
      'Confirmation of Enrolment (CoE)',
      'Genuine Student statement',
      'Overseas Student Health Cover (OSHC)',
      'English test results (IELTS or PTE)',
      'Evidence of funds for tuition, travel and living costs',
      'Valid passport',
    ],
    whatsapp_number: AGENCY_B,
  }),
  visa({
    country: 'Australia',
    visa_type: 'work',
    title: 'Australia Employer-Sponsored Work Visa (Subclass 482)',
    description:
      'For professionals and tradespeople nominated by an approved Australian employer. ' +
      'We coordinate with the employer and the skills assessment body.',
    price: 150_000,
    processing_time: '2-3 months',
    requirements: [
      'Nomination by an approved Australian sponsor',
      'Skills assessment for your occupation',
      'At least 2 years of relevant work experience',
      'English test results',
      'Police clearance and health examinations',
    ],
    whatsapp_number: AGENCY_D,
  }),

  // Germany
  visa({
    country: 'Germany',
    visa_type: 'business',
    title: 'Germany Schengen Business Visa',
    description:
      'For meetings, trade fairs and training with German companies. We prepare the cover letter and ' +
      'book the earliest available appointment.',
    price: 14_000,
    processing_time: '2 weeks',
    requirements: [
      'Invitation letter from the German company',
      'Cover letter from your employer or own company',
      'Travel medical insurance with at least EUR 30,000 cover',
      'Company bank statements for the last 3 months',
      'Flight reservation and hotel booking',
      'Passport with two blank pages',
    ],
    whatsapp_number: AGENCY_C,
  }),
  visa({
    country: 'Germany',
    visa_type: 'work',
    title: 'Germany Opportunity Card (Chancenkarte)',
    description:
      'The new points-based card lets skilled workers look for a job in Germany for up to a year. ' +
      'We check your points, arrange the qualification recognition and the blocked account.',
    price: 85_000,
    processing_time: '2-3 months',
    requirements: [
      'Degree or vocational qualification recognised in Germany',
      'German A1 or English B2 language certificate',
      'Blocked account or other proof of funds',
      'Health insurance for the job search period',
      'CV and motivation letter',
      'Valid passport',
    ],
    whatsapp_number: AGENCY_A,
  }),
  visa({
    country: 'Germany',
    visa_type: 'student',
    title: 'Germany Student Visa with Blocked Account Setup',
    description:
      'Visa support for bachelor and master students admitted to German universities, including opening ' +
      'the blocked account and the student health insurance.',
    price: 60_000,
    processing_time: '1-2 months',
    requirements: [
      'University admission letter',
      'Blocked account confirmation',
      'Health insurance certificate',
      'Academic transcripts and certificates',
      'Language certificate (German or English)',
      'Motivation letter and CV',
    ],
    whatsapp_number: AGENCY_B,
  }),

  // France
  visa({
    country: 'France',
    visa_type: 'tourist',
    title: 'France Schengen Tourist Visa',
    description:
      'Short-stay visa for Paris and the rest of the Schengen area. We book your TLScontact appointment ' +
      'and put together hotel and flight reservations that match your itinerary.',
    price: 13_000,
    processing_time: '15 days',
    requirements: [
      'Passport issued within the last 10 years',
      'Travel medical insurance with at least EUR 30,000 cover',
      'Bank statements for the last 3 months',
      'Hotel bookings and flight reservation',
      'Employment letter or proof of business',
    ],
    whatsapp_number: AGENCY_D,
  }),
  visa({
    country: 'France',
    visa_type: 'transit',
    title: 'France Airport Transit Visa',
    description:
      'Required for some nationalities to change planes at Paris Charles de Gaulle. We check whether you ' +
      'need it and apply on France-Visas for you.',
    price: 7_500,
    processing_time: '1 week',
    requirements: [
      'Valid passport',
      'Confirmed onward ticket',
      'Visa for the final destination, if required',
      'Recent passport photo',
    ],
    whatsapp_number: AGENCY_C,
  }),
  visa({
    country: 'France',
    visa_type: 'student',
    title: 'Campus France Student Visa Application',
    description:
      'Guidance through the Etudes en France platform, the Campus France interview and the long-stay ' +
      'student visa. Accommodation tips for Paris, Lyon and Lille included.',
    price: 58_000,
    processing_time: '1-2 months',
    requirements: [
      'Admission letter from a French institution',
      'Campus France interview certificate',
      'Proof of funds (about EUR 615 per month)',
      'Proof of accommodation in France',
      'Academic transcripts and certificates',
    ],
    whatsapp_number: AGENCY_A,
  }),

  // Netherlands
  visa({
    country: 'Netherlands',
    visa_type: 'tourist',
    title: 'Netherlands Schengen Visit Visa',
    description:
      'Visit friends and family in Amsterdam, Rotterdam or The Hague. We fill in the form, prepare the ' +
      'sponsor declaration and book the VFS appointment.',
    price: 13_500,
    processing_time: '2 weeks',
    requirements: [
      'Valid passport',
      'Proof of sponsorship and/or accommodation form',
      'Travel medical insurance',
      'Bank statements for the last 3 months',
      'Return flight reservation',
    ],
    whatsapp_number: AGENCY_B,
  }),
  visa({
    country: 'Netherlands',
    visa_type: 'work',
    title: 'Netherlands Highly Skilled Migrant Permit',
    description:
      'For professionals hired by a recognised Dutch sponsor. We work with the employer on the MVV and ' +
      'residence permit and prepare your document legalisation.',
    price: 110_000,
    processing_time: '2-4 weeks',
    requirements: [
      'Employment contract with a recognised sponsor',
      'Salary meeting the highly skilled migrant threshold',
      'Legalised birth certificate',
      'Valid passport',
      'Antecedents certificate (signed declaration)',
    ],
    whatsapp_number: AGENCY_D,
  }),
  visa({
    country: 'Netherlands',
    visa_type: 'business',
    title: 'Netherlands Business Visa for Trade Fairs',
    description:
      'Attend trade fairs and supplier meetings in the Netherlands. Ideal for flower, tea and ' +
      'logistics businesses; we handle the invitation and insurance paperwork.',
    price: 16_500,
    processing_time: '10 days',
    requirements: [
      'Invitation letter from the Dutch company or fair registration',
      'Company registration certificate and KRA PIN',
      'Company bank statements',
      'Travel medical insurance',
      'Hotel booking and return flight reservation',
    ],
    whatsapp_number: AGENCY_C,
  }),

  // Dubai
  visa({
    country: 'Dubai',
    visa_type: 'tourist',
    title: 'Dubai 30-Day Tourist Visa',
    description:
      'Fast e-visa for shopping, holidays and family visits to Dubai. Send your documents on WhatsApp and ' +
      'receive the visa by email.',
    price: 9_500,
    processing_time: '2-3 days',
    requirements: [
      'Passport copy valid for at least 6 months',
      'Recent passport photo on a white background',
      'Return flight reservation',
      'Hotel booking or host details',
    ],
    whatsapp_number: AGENCY_A,
  }),
  visa({
    country: 'Dubai',
    visa_type: 'transit',
    title: 'Dubai 96-Hour Transit Visa',
    description:
      'Stop over in Dubai for up to four days on your way to Europe, Asia or America. ' +
      'Issued through the airline or an approved agent.',
    price: 4_500,
    processing_time: '24 hours',
    requirements: [
      'Passport copy valid for at least 6 months',
      'Confirmed onward ticket within 96 hours',
      'Passport photo',
      'Hotel booking for the stopover',
    ],
    whatsapp_number: AGENCY_B,
  }),
  visa({
    country: 'Dubai',
    visa_type: 'work',
    title: 'Dubai Employment Visa and Emirates ID',
    description:
      'We work with your UAE employer on the entry permit, medical test, Emirates ID and residence stamp, ' +
      'so you can start work without delays.',
    price: 45_000,
    processing_time: '2-3 weeks',
    requirements: [
      'Signed job offer from a UAE employer',
      'Attested degree or diploma certificate',
      'Passport valid for at least 6 months',
      'Passport photos',
      'Medical fitness test in the UAE',
    ],
    whatsapp_number: AGENCY_D,
  }),
  visa({
    country: 'Dubai',
    visa_type: 'business',
    title: 'Dubai Free Zone Company Setup and Investor Visa',
    description:
      'Open a free zone company for trading or services and get a two-year investor visa. ' +
      'Includes trade licence, bank account introduction and visa processing.',
    price: 250_000,
    processing_time: '3-4 weeks',
    requirements: [
      'Passport copy and photo of each shareholder',
      'Business plan or activity description',
      'Proof of address in Kenya',
      'Bank reference letter',
      'No-objection letter if you are employed in the UAE',
    ],
    whatsapp_number: AGENCY_C,
  }),

  // Turkey
  visa({
    country: 'Turkey',
    visa_type: 'tourist',
    title: 'Turkey Tourist Visa (Sticker or e-Visa)',
    description:
      'We check whether you qualify for the e-Visa, for example with a valid US, UK or Schengen visa, and ' +
      'otherwise prepare the sticker visa application for Istanbul.',
    price: 8_000,
    processing_time: '1-2 weeks',
    requirements: [
      'Passport valid for at least 6 months',
      'Bank statements for the last 3 months',
      'Hotel booking and return flight reservation',
      'Employment letter or business registration',
      'Travel health insurance',
    ],
    whatsapp_number: AGENCY_A,
  }),
  visa({
    country: 'Turkey',
    visa_type: 'business',
    title: 'Turkey Business Visa for Traders',
    description:
      'For shop owners and importers buying clothes, furniture and textiles in Istanbul. ' +
      'We obtain the invitation from your Turkish supplier and submit the application.',
    price: 11_000,
    processing_time: '3-5 days',
    requirements: [
      'Invitation letter from the Turkish company',
      'Business registration certificate and KRA PIN',
      'Company bank statements for the last 6 months',
      'Hotel booking',
      'Valid passport',
    ],
    whatsapp_number: AGENCY_B,
  }),
  visa({
    country: 'Turkey',
    visa_type: 'student',
    title: 'Turkey Student Visa and Residence Permit',
    description:
      'Admission to Turkish universities, including Turkiye Burslari scholarship applicants, then the ' +
      'student visa and the residence permit after arrival.',
    price: 35_000,
    processing_time: '3 weeks',
    requirements: [
      'Acceptance letter from a Turkish university',
      'Academic transcripts and certificates',
      'Proof of funds or scholarship letter',
      'Health insurance',
      'Passport photos and valid passport',
    ],
    whatsapp_number: AGENCY_D,
  }),

  // South Africa
  visa({
    country: 'South Africa',
    visa_type: 'tourist',
    title: 'South Africa Visitor Visa for Somali Passport Holders',
    description:
      'Kenyan citizens can visit South Africa visa-free for up to 90 days a year; Somali and other ' +
      'passport holders need a visitor visa, which we prepare and submit at VFS.',
    price: 12_000,
    processing_time: '4 weeks',
    requirements: [
      'Passport valid for 30 days after the trip with two blank pages',
      'Bank statements for the last 3 months',
      'Proof of accommodation',
      'Return flight reservation',
      'Yellow fever vaccination certificate',
    ],
    whatsapp_number: AGENCY_C,
  }),
  visa({
    country: 'South Africa',
    visa_type: 'student',
    title: 'South Africa Study Visa',
    description:
      'For students admitted to South African universities and colleges. We arrange the medical and ' +
      'radiology reports and the medical cover with a local scheme.',
    price: 40_000,
    processing_time: '1-2 months',
    requirements: [
      'Official letter of acceptance',
      'Medical and radiology reports',
      'South African medical aid cover',
      'Proof of funds for tuition and living costs',
      'Police clearance certificate',
      'Valid passport',
    ],
    whatsapp_number: AGENCY_A,
  }),
  visa({
    country: 'South Africa',
    visa_type: 'work',
    title: 'South Africa Critical Skills Work Visa',
    description:
      'For engineers, IT specialists, health professionals and other occupations on the critical skills ' +
      'list. We coordinate the SAQA evaluation and professional body registration.',
    price: 130_000,
    processing_time: '3 months',
    requirements: [
      'SAQA evaluation of your qualifications',
      'Confirmation from the relevant professional body',
      'Job offer or proof of experience in the occupation',
      'Police clearance certificates',
      'Medical and radiology reports',
      'Valid passport',
    ],
    whatsapp_number: AGENCY_D,
  }),
];
