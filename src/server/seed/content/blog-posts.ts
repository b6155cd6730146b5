import type { SeedBlogPost } from './types';

/** The six launch posts (docs/product.md#blog): one per category, the first one featured, stored in blog_posts. */
export const BLOG_POSTS: SeedBlogPost[] = [
  {
    slug: 'starting-a-business-in-kenya-diaspora-guide',
    title: 'Starting a Business in Kenya: A Practical Guide for the Somali Diaspora',
    excerpt:
      'From registering a company on eCitizen to getting your KRA PIN and county permit, here is the ' +
      'step-by-step path to opening a legal, bankable business in Kenya.',
    category: 'Business',
    published_at: '2024-03-18',
    read_time_minutes: 3,
    featured: true,
    image: { palette: 'blog', motif: 'briefcase', format: 'blog' },
    body: `Every year thousands of Somalis in Europe, North America and the Gulf decide to build something in Kenya: a shop in Eastleigh, a restaurant in South C, a logistics company that serves Mogadishu and Garissa. The opportunity is real, but so is the paperwork. Doing it properly from the start costs a little more time and saves a great deal of money and stress later.

## Choose the right structure

Most diaspora investors choose a private limited company rather than a sole proprietorship or partnership. A company keeps your personal assets separate from the business, makes it easier to bring in family members as shareholders, and is what banks, landlords and larger customers expect to see. Registration is done online through the Business Registration Service on eCitizen: you reserve a name, submit the shareholders' and directors' details and receive a certificate of incorporation, usually within a few working days.

Keep your ownership records clean from day one. Kenyan companies must keep a register of beneficial owners, the real people who ultimately own or control the company, and file it with the registrar. If relatives abroad are contributing money, agree in writing how many shares each person holds. Many family disputes in Eastleigh began with an unwritten understanding between brothers.

## Tax and licences

Once the company exists, register it for a KRA PIN on iTax and find out which taxes apply to you. Small businesses with an annual turnover between KES 1 million and KES 25 million can use the simpler turnover tax regime, and VAT registration becomes compulsory once taxable sales pass KES 5 million a year. KRA now expects businesses to issue electronic invoices through its eTIMS system, so choose accounting software or a till that supports it.

Next comes the county. In Nairobi you need a unified business permit from the City County, renewed every year, and depending on your activity you may also need a fire certificate, a public health licence or a liquor licence. Food businesses should budget for medical certificates for every staff member who handles food.

## If you do not hold a Kenyan passport

Foreign nationals can own a Kenyan company, but working in it is a separate question. A non-citizen who will manage the business day to day needs a work permit; the investor category (Class G) is the usual route and comes with capital and business plan requirements that change from time to time, so check the current rules with the Department of Immigration Services before you sign a lease. Shareholders who only invest and do not work in Kenya do not need a permit.

## Banking and your first hires

With your certificate of incorporation, CR12 (the official list of directors and shareholders), KRA PIN and the directors' IDs or passports, you can open a business bank account. Several banks offer Sharia-compliant accounts if you prefer to avoid interest. Register for an M-Pesa till or paybill as well: most of your customers will pay by phone. When you start hiring, register the company with NSSF and the national health insurance scheme, and give every employee a written contract. Good records are the best protection you have when a dispute, an audit or a buyer for the business eventually comes along.`,
  },
  {
    slug: 'buying-property-in-nairobi-from-abroad',
    title: 'Buying Property in Nairobi from Abroad: How to Avoid the Common Traps',
    excerpt:
      'Title searches, sectional titles, stamp duty and powers of attorney: what every diaspora buyer ' +
      'should check before sending a single shilling.',
    category: 'Real Estate',
    published_at: '2024-04-22',
    read_time_minutes: 3,
    featured: false,
    image: { palette: 'blog', motif: 'house', format: 'blog' },
    body: `For many families in the diaspora, a home in Nairobi is both an investment and a promise: a place to retire, to send the children for the holidays, or to rent out while prices rise. Neighbourhoods such as Eastleigh, South C, Kileleshwa and Kilimani have grown quickly thanks to diaspora money. Unfortunately, buyers who cannot visit easily are also the favourite targets of fraudsters. A few simple checks remove most of the risk.

## Start with the title, not the view

Before you fall in love with the balcony, ask for a copy of the title deed and have your own advocate carry out an official search at the Ministry of Lands. In Nairobi searches are done on the Ardhisasa platform. The search tells you who the registered owner is and whether there are charges (loans), cautions or restrictions on the property. Never rely on a search result supplied by the seller or the agent.

For apartments, ask what kind of title you will receive. Under the Sectional Properties Act, each apartment should have its own sectional title; older developments often still have long leases that are being converted. Also check that the land rates and the service charge are up to date, because unpaid arrears can follow the property to the new owner.

## Who can own what

The Constitution allows non-citizens to hold land only on leasehold of up to 99 years. If you hold a Kenyan passport or ID you can own freehold land; if you only hold a foreign passport, make sure the title you are buying is leasehold or structure the purchase through a suitable company with legal advice. Agricultural land has further restrictions and needs consent from the Land Control Board.

## Paying safely

Use a sale agreement drafted or reviewed by your own advocate, and pay the deposit, usually 10 percent, into the advocate's client account or the developer's official project account, never to an individual. Budget for stamp duty of 4 percent of the value in municipalities and 2 percent in rural areas, plus legal fees and registration costs. For off-plan purchases, link payments to construction milestones and visit the site, or send someone you trust, before each instalment.

## Buying without being there

If you cannot travel for the signing, you can appoint someone through a power of attorney. Have it signed before a Kenyan embassy official or a notary, then stamped and registered in Kenya, and limit it to the one transaction. Ask for regular photo and video updates, keep copies of every receipt, and do not let anyone rush you with claims that another buyer is waiting. A good property will still be there after a proper search.`,
  },
  {
    slug: 'visa-application-checklist-kenyan-and-somali-passports',
    title: 'Visa Applications Made Simple: A Checklist for Kenyan and Somali Passport Holders',
    excerpt:
      'Most refusals come from weak or inconsistent documents, not from the passport you hold. Use this ' +
      'checklist before your next UK, Schengen, Canada or Dubai application.',
    category: 'Travel',
    published_at: '2024-05-30',
    read_time_minutes: 3,
    featured: false,
    image: { palette: 'blog', motif: 'plane', format: 'blog' },
    body: `Whether you are visiting relatives in Minneapolis, attending a wedding in London or buying stock in Istanbul, the visa is usually the most stressful part of the trip. The good news is that consular officers look for the same few things everywhere: who you are, why you are travelling, how you will pay for it and why you will come back. If your documents answer those four questions clearly and consistently, your chances improve dramatically.

## Start early

Appointment slots in Nairobi fill up quickly before the summer holidays and Eid. Schengen countries accept applications up to six months before travel, the UK up to three months before, and US visitor visa interviews can have waiting times of several months. Book your biometrics or interview appointment first, then gather your documents, and do not buy non-refundable flights until the visa is in your passport.

## Bank statements tell a story

Officers want to see a steady history, not a large deposit made the week before you apply. Provide at least six months of statements, stamped by the bank, and explain any big transfers in your cover letter, for example the sale of a car or a contribution from a relative abroad. If someone else is paying for your trip, include their statements, a letter of support and proof of your relationship.

## Prove your ties to home

Your employment letter should state your position, salary, start date and approved leave. Business owners can show their certificate of registration, KRA PIN and business bank statements. Title deeds, children in school, a lease or a university enrolment all help to show that you have a reason to return. Previous visas that you used correctly are one of the strongest pieces of evidence you can offer, so bring your old passports.

## Small details that cause refusals

Make sure your name is spelt the same way on your passport, birth certificate and bank documents; variations in the spelling of Somali names are a common cause of questions. For Schengen visas you need travel medical insurance with at least EUR 30,000 of cover. Some countries ask for a yellow fever certificate, and the UK requires a tuberculosis test for long stays. Never submit a fake hotel booking or invitation: a refusal for deception can affect your applications for years.

## Holding a Somali passport

Somali passport holders often face longer processing times and more document checks, and some need an airport transit visa even to change planes in Europe. Allow extra time, apply from your country of legal residence, and include your Kenyan alien or refugee ID if you have one. If you hold both a Kenyan and a foreign passport, travel on the one you applied with. A reputable visa service cannot guarantee the decision, but it can make sure nothing avoidable stands in your way.`,
  },
  {
    slug: 'selling-on-whatsapp-digital-marketing-for-small-shops',
    title: 'Selling on WhatsApp: Digital Marketing for Small Shops in Eastleigh and Beyond',
    excerpt:
      'Your customers already live on WhatsApp, TikTok and Instagram. Here is how a small shop can turn ' +
      'those chats into steady sales without a big marketing budget.',
    category: 'Digital Marketing',
    published_at: '2024-07-09',
    read_time_minutes: 3,
    featured: false,
    image: { palette: 'blog', motif: 'megaphone', format: 'blog' },
    body: `Walk through any mall in Eastleigh and you will see shop owners answering WhatsApp messages between customers. Many of them now sell more through their phones than over the counter, to buyers in Garissa, Mombasa, Kampala and even Minneapolis. Digital marketing for a small shop does not need an agency or a big budget. It needs good photos, fast replies and a little consistency.

## Set up WhatsApp Business properly

Switch your shop number to the free WhatsApp Business app. Fill in the profile with your opening hours, location pin and a short description in both Somali and English. Build a catalogue with a photo, price and short description for each product; customers can browse it without waiting for you to reply. Use quick replies for the questions you answer twenty times a day, such as delivery costs and payment details, and labels to keep track of new customers, paid orders and orders to deliver.

## Photos sell the product

Most sales are won or lost on the picture. Take photos near a window in daylight, against a plain background, and show the product from several angles. For baati and dirac, show the fabric close up and the dress being worn. For phones, show the screen switched on and the box. A cheap ring light and a clean table will do more for your sales than any paid advertisement.

## Post where your customers scroll

Your WhatsApp status is free advertising to everyone who has saved your number: post new arrivals every day, with the price. Short videos on TikTok and Instagram Reels reach people who do not know you yet; an unboxing, a before-and-after or a quick try-on video often works better than a polished advert. Add your shop to Google Maps with a Google Business Profile so that people searching for "phone repair near me" can find you.

## Make paying and ordering easy

Put your M-Pesa till number or paybill in your profile and on every price list, and always send a confirmation message when payment arrives. Agree delivery options with a reliable rider or courier and state the costs clearly. Broadcast lists are a good way to announce offers, but they only reach people who have saved your number, so invite happy customers to do so and never spam them. Reply within minutes during working hours: in a busy market, the shop that answers first usually gets the sale.

## Measure what works

Once a month, look back at which products and posts brought the most orders. Ask new customers how they found you. Double down on what works, drop what does not, and keep learning. A marketplace like ours can bring you new buyers, but the relationship you build in the chat is what brings them back.`,
  },
  {
    slug: 'where-the-somali-diaspora-is-investing-in-kenya-2024',
    title: 'Where the Somali Diaspora Is Investing in Kenya in 2024',
    excerpt:
      'Rental property, government securities, halal savings products and small businesses: a ' +
      'balanced look at the options, their returns and their risks.',
    category: 'Investment',
    published_at: '2024-08-26',
    read_time_minutes: 3,
    featured: false,
    image: { palette: 'blog', motif: 'chart', format: 'blog' },
    body: `The Somali diaspora has been one of the quiet engines of Kenya's economy for decades. The skyline of Eastleigh, the apartment blocks of South C and the trucking companies on the road to Garissa were all built, in part, with money earned abroad. In 2024 the options for putting savings to work in Kenya are wider than ever, but every one of them comes with its own risks.

## Rental property

Residential apartments remain the favourite. Well-located one and two-bedroom units near schools, mosques and public transport rent out quickly in Nairobi, and commercial space in busy trading areas can earn even more. Returns depend heavily on the purchase price, the service charge and how well the property is managed. Budget for vacancies and maintenance, use a professional or trusted property manager, and never buy without a proper title search.

## Government securities

Kenyan Treasury bills and bonds became much more attractive in 2024, with yields rising into the mid-teens early in the year. Investors can now buy them directly through the Central Bank's DhowCSD platform using a Kenyan bank account, without a broker. Infrastructure bonds are particularly popular because their interest is tax-free. Remember that these returns are in Kenyan shillings: if you will eventually need dollars or euros, exchange rate movements can eat into the gain.

## Halal options

Many investors prefer to avoid interest-based products. Kenya has Islamic banks and Islamic windows at conventional banks offering Sharia-compliant savings, home finance and trade finance. Several fund managers run Sharia-compliant unit trusts and money market funds, and some SACCOs follow Islamic principles. Check who sits on the product's Sharia board and read the fund's fact sheet before you invest.

## Buying or starting a business

Buying an existing business, such as a supermarket, a pharmacy or a wholesale shop, can give faster returns than starting from scratch, because the customers and suppliers are already there. It also demands more checks: ask for at least two years of accounts and M-Pesa statements, confirm that the lease is transferable, and check for tax arrears. A business run by an absentee owner needs strong systems and someone you trust completely on the ground.

## Spread the risk

The safest approach is not to put everything in one place. A common pattern is an emergency fund in a money market fund, some government securities or a halal equivalent for steady income, and one larger property or business investment you can supervise closely. Whatever you choose, keep written agreements with partners and relatives, keep copies of every document, and take independent advice before committing large sums.`,
  },
  {
    slug: 'sending-money-home-comparing-remittance-options',
    title: 'Sending Money Home: Comparing Remittance Options to Kenya and Somalia',
    excerpt:
      'Hawala, mobile money or bank transfer? How to compare fees and exchange rates, keep records and ' +
      'protect your family from scams.',
    category: 'Finance',
    published_at: '2024-10-14',
    read_time_minutes: 3,
    featured: false,
    image: { palette: 'blog', motif: 'coins', format: 'blog' },
    body: `Remittances are a lifeline for families across East Africa. Kenya alone receives around four billion US dollars a year from its diaspora, and Somalia depends on money sent home even more. With so many ways to send money today, it pays to look carefully at what each transfer really costs and how safely it arrives.

## The main options

Hawala and money transfer operators such as Dahabshiil, Amal and Taaj remain the backbone of transfers to Somalia and to Somali families in Kenya. They are trusted, fast and reach places banks do not. Online services like WorldRemit, Remitly and Sendwave, and the M-Pesa Global service, send money straight to a mobile wallet in minutes. Bank transfers are slower and often more expensive for small amounts, but they are the best choice for large payments such as a property deposit, because they leave a clear paper trail.

## Compare the real cost

The fee is only half of the price. Every provider also earns money on the exchange rate, so compare how many shillings your family actually receives for the same amount sent, not just the transfer fee. A service with zero fees but a poor rate can cost more than one with a small fee and a fair rate. Check the rate at the moment of sending, and consider sending larger amounts less often if the fee is fixed per transfer.

## Keep records

Keep the receipts of every transfer, especially when you are sending money to build a house, buy land or invest in a business. Kenyan banks and advocates are required to ask about the source of funds for large transactions, and clear records will save you delays. Records also help to avoid misunderstandings within the family about how much was sent and what it was for.

## Stay safe

Only use licensed providers. Be very careful with messages asking you to send money urgently to a new number, even if they seem to come from a relative, and call to confirm before paying. Fraudsters also pose as agents offering unusually good exchange rates. Never share M-Pesa PINs or one-time codes with anyone.

## Plan, do not just send

Regular support for parents and relatives is a duty many of us are proud of, but it is easier to sustain with a plan. Agree a monthly amount with your family, keep an emergency fund of your own, and where possible direct part of what you send into something that earns an income, such as a savings product or a small business. A little planning turns remittances from a monthly obligation into a foundation for the whole family.`,
  },
];
