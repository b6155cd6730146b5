import type { Localized } from '#shared/site-settings';

/** The day the default text below was written: the page's "last updated" until an admin saves their own. */
export const DEFAULT_PRIVACY_UPDATED_ON = '2026-11-29';

/**
 * The privacy page until an admin edits it (docs/product.md#privacy). It must stay true to what
 * the code stores: `{inquiryMonths}` is replaced by the retention set in Site settings.
 */
export const DEFAULT_PRIVACY_TEXT: Localized = {
  en: `Somali Diaspora Hub keeps as little about you as it can. You can use the site without an account, and we do not use advertising or tracking cookies.

## What we store, why, and for how long

- **Messages you send us** through the contact form (your name, e-mail address, subject, message and the listing it is about): to answer you. They are deleted automatically after **{inquiryMonths} months**.
- **Newsletter sign-ups** (your e-mail address and when you signed up): to send you the newsletter, until you unsubscribe. A sign-up that is not confirmed within 7 days is removed.
- **Saved searches** ("E-mail me new matches": your e-mail address, language, the search and how often): to send you new listings that match, until you end the alert with the link in every message. A saved search that is not confirmed within 7 days is removed.
- **E-mails we send you** (a copy of each message, such as a confirmation or an alert): to deliver them and to see why one failed. They are deleted with everything else when you ask.
- **Listings you post** ("Post a listing": the listing, its photos, your name, e-mail address and WhatsApp number, and when you agreed to the terms): to check it and publish it. A listing not confirmed through the link we e-mail within 48 hours is deleted with its photos; an approved one becomes a listing on the site, which shows your WhatsApp number but never your e-mail address.
- **Reports of a listing** you send (the reason, your note and the contact you chose to give): to check the listing.
- **Anonymous counts** of contacts with sellers (a WhatsApp tap, a call, a view): per listing and day, with a code made from your internet address that changes every day and cannot be turned back into it. They tell sellers and staff how often a listing is contacted, never who you are.
- **Staff accounts**: what staff do in the dashboard is recorded in an audit log, kept about 400 days.

Your language choice is kept in a cookie, and listings you save with the heart stay in your browser only.

## Your rights: a copy or deletion

You can ask for a copy of everything we store for your e-mail address (as a JSON file), or for all of it to be deleted. Write to us through the [contact page](/contact) from that address, or tell us the address there; we answer within 30 days. Unsubscribe and alert links in our e-mails work at any time, without asking.
`,
  so: `Somali Diaspora Hub waxay kaydisaa xog intii ugu yar ee suurtogal ah oo adiga kugu saabsan. Boggan waad isticmaali kartaa adigoon akoon samaysan, mana isticmaalno cookies xayeysiis ama raad-raac.

## Waxa aan kaydinno, sababta, iyo muddada

- **Fariimaha aad noo soo dirto** foomka la xiriirka (magacaaga, iimaylkaaga, mawduuca, fariinta iyo xayeysiiska ay ku saabsan tahay): si aan kuugu jawaabno. Si toos ah ayaa loo tirtiraa **{inquiryMonths} bilood** kadib.
- **Isku diiwaangelinta warsidaha** (iimaylkaaga iyo goorta aad is diiwaangelisay): si aan warsidaha kuugu soo dirno, ilaa aad ka baxdo. Is diiwaangelin aan la xaqiijin 7 maalmood gudahood waa la tirtiraa.
- **Raadinta la kaydiyay** ("Iimayl iigu soo dir xayeysiisyada cusub": iimaylkaaga, luqadda, raadinta iyo inta jeer): si aan kuugu soo dirno xayeysiisyada cusub ee ku habboon, ilaa aad joojiso digniinta adigoo isticmaalaya xiriirka ku jira fariin kasta. Raadin la kaydiyay oo aan la xaqiijin 7 maalmood gudahood waa la tirtiraa.
- **Iimaylada aan kuu soo dirno** (nuqul fariin kasta, sida xaqiijin ama digniin): si loo gaarsiiyo loona ogaado sababta mid u fashilmay. Waa la tirtiraa marka aad codsato, iyadoo la raacinayo wax kasta oo kale.
- **Xayeysiisyada aad dhigto** ("Dhig xayeysiis": xayeysiiska, sawirradiisa, magacaaga, iimaylkaaga iyo lambarkaaga WhatsApp, iyo goorta aad ogolaatay shuruudaha): si loo hubiyo loona soo bandhigo. Xayeysiis aan lagu xaqiijin xiriirka aan iimaylka kuugu soo dirno 48 saacadood gudahood waa la tirtiraa, sawirradiisa oo ay la socdaan; mid la ansixiyay wuxuu noqdaa xayeysiis bogga ku jira, oo muujinaya lambarkaaga WhatsApp laakiin marnaba iimaylkaaga.
- **Warbixinnada xayeysiiska** ee aad soo dirto (sababta, qoraalkaaga iyo xiriirka aad doorato inaad bixiso): si loo hubiyo xayeysiiska.
- **Tirooyin aan magac lahayn** oo ah xiriirka iibiyeyaasha (taabasho WhatsApp, wac, daawasho): xayeysiis iyo maalin kasta, oo leh summad laga sameeyay cinwaankaaga internetka oo maalin kasta is beddesha laguna celin karin. Waxay iibiyeyaasha iyo shaqaalaha u sheegaan inta jeer ee xayeysiis lala xiriiro, marnaba cidda aad tahay.
- **Akoonnada shaqaalaha**: waxa shaqaaluhu ku sameeyaan bogga maamulka waxaa lagu diiwaangeliyaa diiwaanka hubinta, waxaana la hayaa ilaa 400 maalmood.

Luqadda aad doorato waxaa lagu hayaa cookie, xayeysiisyada aad ku kaydiso wadnahana waxay ku jiraan browser-kaaga oo keliya.

## Xuquuqdaada: nuqul ama tirtiris

Waxaad codsan kartaa nuqul ka mid ah wax kasta oo aan u kaydinno iimaylkaaga (fayl JSON ah), ama in dhammaantood la tirtiro. Nagu soo qor [bogga la xiriirka](/contact) adigoo ka soo diraya iimaylkaas, ama noogu sheeg halkaas; waxaan kaaga jawaabeynaa 30 maalmood gudahood. Xiriirrada ka bixitaanka iyo digniinta ee iimaylladayada waa shaqeeyaan wakhti kasta, adigoon codsan.
`,
};
