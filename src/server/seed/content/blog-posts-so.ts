import type { SeedBlogTranslation } from './types';

/**
 * The Somali versions of the six launch posts (docs/i18n-glossary.md for the fixed terms),
 * by slug: the same sections as the English ones, written for Somali readers.
 */
export const BLOG_POSTS_SO: Record<string, SeedBlogTranslation> = {
  'starting-a-business-in-kenya-diaspora-guide': {
    title: 'Ka Bilaabidda Ganacsi Kenya: Hage Wax Ku Ool ah oo loogu Talagalay Soomaalida Qurbaha',
    excerpt:
      'Laga bilaabo diiwaangelinta shirkadda ee eCitizen ilaa helitaanka KRA PIN iyo ruqsadda degmada, ' +
      'kani waa jidka tallaabo-tallaabada ah ee lagu furo ganacsi sharci ah oo bangiyadu aqbalaan.',
    body: `Sannad kasta kumanaan Soomaali ah oo ku nool Yurub, Waqooyiga Ameerika iyo Khaliijka ayaa go'aansada inay wax ka dhisaan Kenya: dukaan Eastleigh ku yaal, makhaayad South C ah, ama shirkad gaadiid oo u adeegta Muqdisho iyo Garissa. Fursaddu waa run, laakiin waraaqaha iyo habraacyaduna waa run. Haddii aad si sax ah uga bilowdo maalinta koowaad, waqti yar ayaa kaaga baxaya, lacag badan iyo walwal badanna waad ka badbaadaysaa.

## Dooro qaabka saxda ah

Maalgashadayaasha qurbaha intooda badan waxay doortaan shirkad gaar ah oo xaddidan (private limited company) halkii ay ka dooran lahaayeen ganacsi qof keliya leeyahay ama shuraako. Shirkaddu hantidaada gaarka ah way ka fogaysaa ganacsiga, waxay fududaysaa in qoyska lagu daro saamileyaal ahaan, waana waxa bangiyada, milkiilayaasha dhismayaasha iyo macaamiisha waaweyni filayaan. Diiwaangelinta waxaa lagu sameeyaa online iyadoo la adeegsanayo Business Registration Service ee eCitizen: magac ayaad xireysaa, waxaad gudbinaysaa xogta saamileyda iyo agaasimayaasha, waxaadna helaysaa shahaadada diiwaangelinta, inta badan dhowr maalmood oo shaqo gudahood.

Diiwaanka lahaanshaha ka dhig mid nadiif ah laga bilaabo maalinta koowaad. Shirkadaha Kenya waa inay hayaan diiwaanka milkiilayaasha dhabta ah, dadka runta ah ee shirkadda leh ama maamula, oo ay u gudbiyaan diiwaan-hayaha. Haddii qaraabo dibadda ku nool ay lacag ku darayaan, si qoraal ah ugu heshiiya inta saami ee qof kasta leeyahay. Khilaafaad badan oo qoysaska Eastleigh ka dhex dhacay waxay ka bilaabmeen heshiis aan la qorin oo walaalo ka dhexeeyay.

## Canshuurta iyo ruqsadaha

Marka shirkaddu jirto, ka diiwaangeli KRA PIN nidaamka iTax, oo ogow canshuuraha adiga ku khuseeya. Ganacsiyada yaryar ee dakhligoodu sannadkii u dhexeeyo KES 1 milyan iyo KES 25 milyan waxay isticmaali karaan canshuurta dakhliga guud (turnover tax) oo fudud, diiwaangelinta VAT-na waa qasab marka iibka canshuurta leh uu sannadkii dhaafo KES 5 milyan. KRA hadda waxay ganacsiyada ka filaysaa inay rasiidyo elektaroonig ah ku bixiyaan nidaamkeeda eTIMS, sidaas darteed dooro barnaamij xisaabeed ama mashiin lacag-qabad oo taageera.

Marka xigta waa degmada. Nairobi waxaad u baahan tahay ruqsadda ganacsiga ee mideysan (unified business permit) oo ay bixiso Dowladda Hoose ee Magaalada, sannad kastana la cusbooneysiiyo. Hadba shaqadaada, waxaa laga yaabaa inaad sidoo kale u baahato shahaadada dab-damiska, ruqsadda caafimaadka dadweynaha ama ruqsad kale oo gaar ah. Ganacsiyada cuntadu waa inay miisaaniyad u yeeshaan shahaadooyin caafimaad oo loogu talagalay shaqaale kasta oo cuntada taabta.

## Haddii aadan haysan baasaboor Kenya

Ajnabigu waxay yeelan karaan shirkad Kenya ah, laakiin ka shaqaynteedu waa arrin kale. Qof aan muwaadin ahayn oo maalin kasta maamuli doona ganacsiga wuxuu u baahan yahay ogolaansho shaqo (work permit); qaybta maalgashadaha (Class G) ayaa ah jidka caadiga ah, waxayna leedahay shuruudo raasumaal iyo qorshe ganacsi oo mar walba isbeddela. Sidaas darteed, ka hubi xeerarka hadda jira Waaxda Adeegyada Socdaalka ka hor intaadan saxiixin heshiis kiro. Saamileyda maalgashada oo keliya oo aan Kenya ka shaqayn uma baahna ogolaansho.

## Bangiga iyo shaqaalahaaga ugu horreeya

Shahaadada diiwaangelinta, CR12 (liiska rasmiga ah ee agaasimayaasha iyo saamileyda), KRA PIN iyo aqoonsiga ama baasaboorada agaasimayaasha, waxaad ku furan kartaa akoon bangi oo ganacsi. Bangiyo dhowr ah ayaa bixiya akoonno waafaqsan shareecada haddii aad doorbidayso inaad ka fogaato ribada. Sidoo kale iska diiwaangeli M-Pesa till ama paybill: macaamiishaada intooda badan waxay lacagta ku bixin doonaan taleefanka. Markaad bilowdo shaqaalaysiinta, shirkadda ka diiwaangeli NSSF iyo nidaamka qaranka ee caymiska caafimaadka, shaqaale kastana sii heshiis shaqo oo qoran. Diiwaanno wanaagsan ayaa ah ilaalinta ugu fiican ee aad heli karto marka khilaaf, hanti-dhowr ama iibsade ganacsiga ahi ugu dambayn yimaado.`,
  },
  'buying-property-in-nairobi-from-abroad': {
    title: 'Ka Iibsashada Guri Nairobi Adigoo Qurbaha Jooga: Sida Looga Fogaado Dabinnada Caadiga ah',
    excerpt:
      'Baaritaanka lahaanshaha, sharciga qaybaha dhismaha, canshuurta tigidhka iyo wakaalada sharciga: ' +
      'waxa iibsade kasta oo qurbaha ah uu hubinayo ka hor intuusan dirin xitaa hal shilin.',
    body: `Qoysas badan oo qurbaha ku nool, guri Nairobi ku yaal waa maalgashi iyo ballanqaad labadaba: meel lagu hawlgabo, meel carruurta fasaxa loo diro, ama meel la kireeyo inta qiimuhu kordhayo. Xaafadaha sida Eastleigh, South C, Kileleshwa iyo Kilimani si degdeg ah ayay u koreen, iyadoo ay sabab u tahay lacagta qurbaha. Nasiib darro, iibsadayaasha aan si fudud u soo booqan karin ayaa ah bartilmaameedka ugu jecel khayaanada. Dhowr hubin oo fudud ayaa meesha ka saara khatarta inteeda badan.

## Ka bilow warqadda lahaanshaha, ha ka bilaabin muuqaalka

Ka hor intaadan jeclaan balakoonka, weydii nuqul ka mid ah warqadda lahaanshaha (title deed), oo u dir qareenkaaga gaarka ah inuu baaritaan rasmi ah ka sameeyo Wasaaradda Dhulka. Nairobi baaritaannada waxaa lagu sameeyaa nidaamka Ardhisasa. Baaritaanku wuxuu kuu sheegayaa cidda milkiilaha diiwaangashan ah iyo haddii ay guriga saaran yihiin deyn, digniin ama xannibaad. Weligaa ha ku tiirsanaan natiijo baaritaan oo uu keenay iibiyaha ama dilaalka.

Abaarteemooyinka, weydii nooca warqadda lahaanshaha aad heli doonto. Sharciga Hantida Qaybaha (Sectional Properties Act) hoostiisa, abaartamanti kastaa waa inuu yeesho warqad lahaansho u gaar ah; dhismayaasha duqsan waxay inta badan weli leeyihiin kiro mudo dheer ah oo hadda la beddelayo. Sidoo kale hubi in canshuurta dhulka iyo khidmadda adeegga (service charge) la bixiyay, maxaa yeelay deymaha aan la bixin waxay la socon karaan guriga ilaa milkiilaha cusub.

## Yaa yeelan kara maxay

Dastuurku wuxuu u oggol yahay dadka aan muwaadiniinta ahayn inay dhul ku yeeshaan kiro mudaysan oo aan dhaafsiisnayn 99 sano oo keliya. Haddii aad haysato baasaboor ama aqoonsi Kenya, waxaad yeelan kartaa dhul lahaansho buuxda ah; haddii aad haysato baasaboor ajnabi ah oo keliya, hubi in warqadda aad iibsanaysaa tahay kiro mudaysan, ama iibka ku samee shirkad ku habboon adigoo talo sharci ah qaadanaya. Dhulka beeraha wuxuu leeyahay xannibaado kale, wuxuuna u baahan yahay oggolaanshaha Guddiga Xakamaynta Dhulka.

## Si ammaan ah u bixi lacagta

Isticmaal heshiis iib oo uu qoray ama dib u eegay qareenkaaga gaarka ah, oo lacagta hore, inta badan 10 boqolkiiba, ku shub akoonka macaamiisha ee qareenka ama akoonka rasmiga ah ee mashruuca horumariyaha, weligaa ha u dirin qof gaar ah. Miisaaniyad u samee canshuurta tigidhka (stamp duty) oo ah 4 boqolkiiba qiimaha magaalooyinka iyo 2 boqolkiiba miyiga, iyo khidmadaha sharciga iyo diiwaangelinta. Guryaha aan weli la dhisin (off-plan), lacag bixinta ku xir heerarka dhismaha, oo goobta booqo, ama u dir qof aad aamminsan tahay, ka hor qayb kasta.

## Iibsasho adigoon joogin

Haddii aadan u safri karin saxiixa, waxaad qof u magacaabi kartaa wakaalad sharci (power of attorney). Ka saxiix hortiisa sarkaal safaaradda Kenya ah ama nootaayo, kadibna Kenya ha lagu shaabadeeyo oo ha lagu diiwaangeliyo, oo ku xaddid hal iib oo keliya. Weydii sawirro iyo muuqaallo joogto ah, hay nuqul rasiid kasta, hana u oggolaan cid inay kugu degdegto iyagoo sheeganaya in iibsade kale sugayo. Guri wanaagsan weli wuu joogi doonaa kadib baaritaan sax ah.`,
  },
  'visa-application-checklist-kenyan-and-somali-passports': {
    title:
      'Codsiyada Fiisaha oo La Fududeeyay: Liis Hubin oo loogu Talagalay Haysteyaasha Baasaboorka Kenya iyo Soomaaliya',
    excerpt:
      'Diidmooyinka intooda badan waxay ka yimaadaan dukumentiyo liita ama is-khilaafsan, ma aha baasaboorka aad ' +
      'haysato. Isticmaal liiskan ka hor codsigaaga xiga ee UK, Schengen, Kanada ama Dubai.',
    body: `Haddii aad booqanayso qaraabo Minneapolis ku nool, aad ka qayb galayso aroos London ka dhacaya, ama aad alaab ka soo iibsanayso Istanbul, fiisaha ayaa inta badan ah qaybta ugu walwalka badan safarka. Warka wanaagsani waa in saraakiisha qunsuliyaddu meel kasta ay ka raadiyaan isla dhowr arrimood: cidda aad tahay, sababta aad u safrayso, sida aad u bixin doonto kharashka iyo sababta aad u soo laaban doonto. Haddii dukumentiyadaadu si cad oo isku mid ah uga jawaabaan afartaas su'aalood, fursadahaagu aad bay u korayaan.

## Goor hore bilow

Ballamaha Nairobi si degdeg ah ayay u buuxsamaan ka hor fasaxa xagaaga iyo Ciidda. Waddamada Schengen waxay aqbalaan codsiyada ilaa lix bilood ka hor safarka, UK ilaa saddex bilood ka hor, wareysiyada fiisaha booqashada Maraykankuna waxay yeelan karaan waqti sugid oo dhowr bilood ah. Marka hore ballan u qabso faraha iyo sawirka (biometrics) ama wareysiga, kadib ururi dukumentiyadaada, hana iibsan tigidho duulimaad oo aan lacagtooda la soo celin karin ilaa fiisuhu baasaboorkaaga ku jiro.

## Bayaannada bangigu sheeko ayay sheegaan

Saraakiishu waxay rabaan inay arkaan taariikh joogto ah, ma aha lacag badan oo la dhigay toddobaadka ka horreeyay codsigaaga. Keen ugu yaraan lix bilood oo bayaan bangi ah, oo bangigu shaabadeeyay, oo warqadda hordhaca ku sharax wareejin kasta oo weyn, tusaale ahaan iibka baabuur ama lacag qaraabo dibadda jooga uu soo diray. Haddii qof kale bixinayo kharashka safarkaaga, ku dar bayaannadiisa bangiga, warqad taageero iyo caddaynta xiriirkiinna.

## Caddee xiriirka aad la leedahay dalkaaga

Warqadda shaqadaadu waa inay sheegtaa jagadaada, mushaharkaaga, taariikhda aad bilowday iyo fasaxa laguu oggolaaday. Milkiilayaasha ganacsiga waxay keeni karaan shahaadada diiwaangelinta, KRA PIN iyo bayaannada bangiga ee ganacsiga. Warqadaha lahaanshaha dhulka, carruur iskuul dhigta, heshiis kiro ama diiwaangelin jaamacadeed dhammaantood waxay caawiyaan in la muujiyo inaad sabab u leedahay inaad soo laabato. Fiisooyin hore oo aad si sax ah u isticmaashay waa caddaymaha ugu xooggan ee aad keeni karto, sidaas darteed keen baasaboorradaadii hore.

## Faahfaahinta yaryar ee keenta diidmada

Hubi in magacaaga loo qoray si isku mid ah baasaboorka, shahaadada dhalashada iyo dukumentiyada bangiga; kala duwanaanshaha higgaadda magacyada Soomaaliga ayaa ah sabab caadi ah oo su'aalo keenta. Fiisooyinka Schengen waxaad u baahan tahay caymis caafimaad oo safar ah oo daboolaya ugu yaraan EUR 30,000. Waddamada qaarkood waxay weydiiyaan shahaadada tallaalka qandhada jaallaha ah, UK-na waxay u baahan tahay baaritaanka qaaxada (TB) marka joogitaanku dheer yahay. Weligaa ha gudbin ballan hudheel ama warqad casuumaad been ah: diidmo sabab u ah khiyaano waxay saameyn kartaa codsiyadaada sannado badan.

## Haysashada baasaboor Soomaaliyeed

Haysteyaasha baasaboorka Soomaaliyeed waxay inta badan la kulmaan waqti baaritaan oo dheer iyo hubin dukumenti oo badan, qaarkoodna waxay u baahan yihiin fiisaha ka gudubka garoonka xitaa si ay diyaarad ugu beddelaan Yurub. Waqti dheeraad ah u qoondee, ka codso dalka aad sharci ahaan deggan tahay, oo ku dar aqoonsigaaga ajnabi ama qaxooti ee Kenya haddii aad leedahay. Haddii aad haysato baasaboor Kenya iyo mid ajnabi ah labadaba, ku safar kii aad ku codsatay. Adeeg fiise oo la isku hallayn karo ma dammaanad qaadi karo go'aanka, laakiin wuxuu hubin karaa in aysan waddadaada taagnayn wax laga fogaan karay.`,
  },
  'selling-on-whatsapp-digital-marketing-for-small-shops': {
    title: 'Ku Iibinta WhatsApp: Suuq-geyn Dijitaal ah oo loogu Talagalay Dukaamada Yaryar ee Eastleigh iyo Meelo Kale',
    excerpt:
      'Macaamiishaadu horay ayay ugu nool yihiin WhatsApp, TikTok iyo Instagram. Waa kan sida dukaan yar uu ' +
      'sheekooyinkaas ugu beddeli karo iib joogto ah iyadoon miisaaniyad suuq-geyn oo weyn loo baahnayn.',
    body: `Haddii aad dhex marto suuq kasta oo Eastleigh ku yaal, waxaad arkaysaa milkiilayaasha dukaamada oo ka jawaabaya fariimaha WhatsApp inta u dhexaysa macaamiisha. Qaar badan oo iyaga ka mid ah hadda waxay taleefannadooda ku iibiyaan wax ka badan inta miiska dukaanka laga iibsado, iyagoo u iibinaya dad ku nool Garissa, Mombasa, Kampala iyo xitaa Minneapolis. Suuq-geynta dijitaalka ah ee dukaan yar uma baahna hay'ad ama miisaaniyad weyn. Waxay u baahan tahay sawirro wanaagsan, jawaab degdeg ah iyo joogtayn yar.

## Si sax ah u diyaari WhatsApp Business

Lambarka dukaankaaga u wareeji barnaamijka bilaashka ah ee WhatsApp Business. Bogga ku buuxi saacadaha aad furan tahay, meesha aad ku taal iyo sharaxaad gaaban oo af-Soomaali iyo Ingiriisi ah. Samee buug alaabeed (catalogue) oo leh sawir, qiime iyo sharaxaad gaaban alaab kasta; macaamiishu way dhex mari karaan iyagoon sugin jawaabtaada. Isticmaal jawaabaha degdegga ah su'aalaha aad maalintii labaatan jeer ka jawaabto, sida kharashka gaarsiinta iyo habka lacag bixinta, iyo calaamadaha (labels) si aad ula socoto macaamiisha cusub, dalabaadka la bixiyay iyo kuwa la gaarsiinayo.

## Sawirradu ayaa alaabta iibiya

Iibka intiisa badan waxaa lagu guuleystaa ama lagu waayaa sawirka. Sawirrada ka qaad meel daaqad u dhow oo iftiinka maalinta ah, gadaal aan naqshad lahayn, oo alaabta ka muuji dhinacyo kala duwan. Baatiga iyo diraca, muuji maryaha oo dhow iyo iyagoo la xiran yahay. Taleefannada, muuji shaashadda oo shidan iyo sanduuqa. Nal wareeg ah oo jaban iyo miis nadiif ah ayaa iibkaaga wax badan ugu tari kara xayeysiis kasta oo lacag lagu bixiyo.

## Ku dhaji meesha macaamiishaadu ku dhex socdaan

Status-kaaga WhatsApp waa xayeysiis bilaash ah oo gaara qof kasta oo lambarkaaga keydsaday: maalin kasta ku dhaji alaabta cusub iyo qiimahooda. Muuqaallada gaagaaban ee TikTok iyo Instagram Reels waxay gaaraan dad aan weli ku aqoon; muuqaal sanduuq-furid, ka-hor iyo ka-dib, ama mid degdeg ah oo dhar la isku tijaabinayo ayaa inta badan ka shaqeeya xayeysiis si weyn loo qurxiyay. Dukaankaaga ku dar Google Maps adigoo samaysanaya Google Business Profile, si dadka raadinaya "dayactir taleefan oo i dhow" ay kuu helaan.

## Fududee lacag bixinta iyo dalbashada

Lambarka M-Pesa till ama paybill-kaaga ku qor bogga iyo liis kasta oo qiimeyaal ah, oo had iyo jeer dir fariin xaqiijin ah marka lacagtu timaaddo. Heshiis la gal wade mooto ama shirkad gaarsiin oo la isku hallayn karo, oo si cad u sheeg kharashka. Liisaska baahinta (broadcast lists) waa hab wanaagsan oo lagu shaaciyo dhimista qiimaha, laakiin waxay gaaraan oo keliya dadka keydsaday lambarkaaga, sidaas darteed ka codso macaamiisha ku faraxsan inay sidaas sameeyaan, hana ku buuxin fariimo aan loo baahnayn. Saacadaha shaqada ka jawaab daqiiqado gudahood: suuq mashquul ah, dukaanka ugu horreeya ee jawaaba ayaa inta badan hela iibka.

## Cabbir waxa shaqeeya

Bishii mar, dib u eeg alaabta iyo qoraallada keenay dalabaadka ugu badan. Weydii macaamiisha cusub sida ay kuu heleen. Ku xooji waxa shaqeeya, iska daa waxa aan shaqayn, oo sii wad barashada. Suuq online ah sida kayaga ayaa kuu keeni kara iibsadayaal cusub, laakiin xiriirka aad ku dhisto sheekada ayaa dib u soo celiya.`,
  },
  'where-the-somali-diaspora-is-investing-in-kenya-2024': {
    title: 'Meelaha ay Soomaalida Qurbuhu Maalgashanayaan Kenya Sannadka 2024',
    excerpt:
      'Guryaha kirada, dammaanadaha dowladda, alaabta kaydinta xalaasha ah iyo ganacsiyada yaryar: eegid ' +
      "dheellitiran oo ku saabsan fursadaha, faa'iidadooda iyo khataraha ay leeyihiin.",
    body: `Soomaalida qurbuhu tobanaan sano waxay ahaayeen mid ka mid ah matoorrada aamusan ee dhaqaalaha Kenya. Dhismayaasha dhaadheer ee Eastleigh, guryaha dabaqyada ah ee South C iyo shirkadaha gaadiidka ee waddada Garissa dhammaantood waxaa qayb ahaan lagu dhisay lacag dibadda laga soo shaqeeyay. Sannadka 2024 fursadaha lagu maalgashan karo kaydka Kenya way ka ballaaran yihiin sidii hore, laakiin mid kastaa wuxuu leeyahay khataro u gaar ah.

## Guryaha kirada

Abaarteemooyinka la deggan yahay ayaa weli ah kuwa ugu jecel. Qolal hal ama laba qol-jiif ah oo meel wanaagsan ku yaal, iskuullo, masaajid iyo gaadiid dadweyne u dhow, si degdeg ah ayaa Nairobi loogu kireeyaa, meelaha ganacsiga ee mashquulka ahna waxay keeni karaan dakhli ka badan. Faa'iidadu waxay si weyn ugu xiran tahay qiimaha iibka, khidmadda adeegga iyo sida wanaagsan ee guriga loo maamulo. Miisaaniyad u samee waqtiyada uu guriga bannaan yahay iyo dayactirka, isticmaal maamule guryo oo xirfad leh ama aad aamminsan tahay, weligaana ha iibsan adigoon samayn baaritaan lahaansho oo sax ah.

## Dammaanadaha dowladda

Biilasha khasnadda iyo bondhiyada dowladda Kenya aad bay u soo jiidasho badnaadeen 2024, iyadoo faa'iidadoodu bilowgii sannadka gaartay ku dhowaad 15 boqolkiiba. Maalgashadayaashu hadda waxay si toos ah uga iibsan karaan nidaamka DhowCSD ee Bangiga Dhexe iyagoo isticmaalaya akoon bangi oo Kenya ah, iyadoon dilaal loo baahnayn. Bondhiyada kaabayaasha dhaqaalaha (infrastructure bonds) ayaa si gaar ah loo jecel yahay maxaa yeelay faa'iidadoodu canshuur ma leh. Xasuuso in faa'iidooyinkani ay yihiin shilin Kenya: haddii aad ugu dambayn u baahan doonto doollar ama yuuro, isbeddelka sicirka sarrifka ayaa cuni kara faa'iidada.

## Fursadaha xalaasha ah

Maalgashadayaal badan waxay doorbidaan inay ka fogaadaan alaabta ku salaysan ribada. Kenya waxay leedahay bangiyo Islaami ah iyo qaybo Islaami ah oo ku jira bangiyada caadiga ah, kuwaas oo bixiya kayd, maalgelin guri iyo maalgelin ganacsi oo waafaqsan shareecada. Maamulayaal maalgelin dhowr ah ayaa maamula sanduuqyo wadaag ah (unit trusts) iyo sanduuqyo suuqa lacagta oo waafaqsan shareecada, ururada kaydka iyo amaahda (SACCO) qaarkoodna waxay raacaan mabaadi'da Islaamka. Hubi cidda ku jirta guddiga shareecada ee alaabta, oo akhri warqadda xogta sanduuqa ka hor intaadan maalgelin.

## Iibsashada ama bilaabidda ganacsi

Iibsashada ganacsi jira, sida suuq yar (supermarket), farmashiye ama dukaan jumlo ah, waxay keeni kartaa faa'iido ka dhaqsiyo badan bilaabid eber ah, maxaa yeelay macaamiisha iyo alaab-keenayaashu horay ayay u joogaan. Sidoo kale waxay u baahan tahay hubin badan: weydii ugu yaraan laba sano oo xisaab ah iyo bayaannada M-Pesa, xaqiiji in heshiiska kirada la wareejin karo, oo hubi inaan canshuur deyn ah lagu lahayn. Ganacsi uu maamulo milkiile aan joogin wuxuu u baahan yahay nidaamyo xooggan iyo qof aad si buuxda u aamminsan tahay oo goobta jooga.

## Kala qaybi khatarta

Habka ugu ammaan badan waa inaadan wax walba hal meel dhigin. Qaab caadi ah waa sanduuq xaaladaha degdegga ah oo ku jira sanduuqa suuqa lacagta, qaar ka mid ah dammaanadaha dowladda ama wax u dhigma oo xalaal ah si dakhli joogto ah loo helo, iyo hal maalgashi oo weyn oo guri ama ganacsi ah oo aad si dhow ula socon karto. Wax kasta oo aad doorato, la yeelo heshiisyo qoran shuraakada iyo qaraabada, hay nuqul dukumenti kasta, oo qaado talo madax-bannaan ka hor intaadan gelin lacag badan.`,
  },
  'sending-money-home-comparing-remittance-options': {
    title: 'U Dirista Lacagta Dalka: Isbarbardhigga Hababka Xawaaladda ee Kenya iyo Soomaaliya',
    excerpt:
      'Xawaalad, lacag mobile ama wareejin bangi? Sida loo isbarbar dhigo khidmadaha iyo sicirka sarrifka, ' +
      'loo hayo diiwaanno, oo qoyskaaga looga ilaaliyo khayaanada.',
    body: `Lacagaha dibadda laga soo diro waa xarig nololeed u ah qoysaska Bariga Afrika oo dhan. Kenya keligeed waxay sannadkii ka hesho qurbajoogteeda ku dhowaad afar bilyan oo doollar, Soomaaliyana waxay ku tiirsan tahay lacagta dalka loo soo diro xitaa si ka badan. Maadaama ay maanta jiraan habab badan oo lacag lagu diro, waxaa faa'iido leh in si taxaddar leh loo eego waxa wareejin kastaa dhab ahaan ku kacdo iyo sida ammaanka ah ee ay u gaarto.

## Hababka ugu muhiimsan

Xawaaladaha iyo shirkadaha lacag-wareejinta sida Dahabshiil, Amal iyo Taaj ayaa weli ah laf-dhabarta wareejinta Soomaaliya iyo qoysaska Soomaalida ee Kenya. Waa la aamminsan yahay, way dhaqso badan yihiin, waxayna gaaraan meelo aysan bangiyadu gaarin. Adeegyada online-ka ah sida WorldRemit, Remitly iyo Sendwave, iyo adeegga M-Pesa Global, waxay lacagta si toos ah ugu diraan boorsada mobile-ka daqiiqado gudahood. Wareejinta bangigu way ka gaabisaa, inta badanna way ka qaalisan tahay lacagaha yaryar, laakiin waa doorashada ugu fiican lacagaha waaweyn sida lacagta hore ee guri, maxaa yeelay waxay ka tagtaa raad waraaqeed oo cad.

## Isbarbar dhig kharashka dhabta ah

Khidmaddu waa kala bar qiimaha oo keliya. Adeeg-bixiye kastaa wuxuu sidoo kale lacag ka sameeyaa sicirka sarrifka, sidaas darteed isbarbar dhig inta shilin ee qoyskaagu dhab ahaan helo isla lacagta la diray, ma aha khidmadda wareejinta oo keliya. Adeeg aan khidmad lahayn laakiin sicir liita leh ayaa ka qaalisnaan kara mid leh khidmad yar iyo sicir caddaalad ah. Hubi sicirka xilliga aad diraysid, oo ka fiirso inaad dirto lacag badan marar yar haddii khidmaddu tahay mid go'an wareejin kasta.

## Hay diiwaanno

Hay rasiidhada wareejin kasta, gaar ahaan markaad lacag u diraysid dhisidda guri, iibsashada dhul ama maalgelinta ganacsi. Bangiyada iyo qareennada Kenya waxaa looga baahan yahay inay weydiiyaan halka ay lacagtu ka timid marka iibku weyn yahay, diiwaanno cadna waxay kaa badbaadin doonaan dib u dhac. Diiwaannadu sidoo kale waxay caawiyaan in laga fogaado isfaham-waa qoyska dhexdiisa ah oo ku saabsan inta la diray iyo waxa loo diray.

## Ammaan ahaw

Isticmaal oo keliya adeeg-bixiyayaal shati leh. Aad uga taxaddar fariimaha kaa codsanaya inaad si degdeg ah lacag ugu dirto lambar cusub, xitaa haddii ay u muuqdaan inay ka yimaadeen qaraabo, oo wac si aad u xaqiijiso ka hor intaadan bixin. Khayaanayaashu waxay sidoo kale iska dhigaan wakiillo bixinaya sicir sarrif oo aan caadi ahayn. Weligaa cidna ha la wadaagin PIN-ka M-Pesa ama koodhadhka hal mar la isticmaalo.

## Qorshee, ha dirin oo keliya

Taageerada joogtada ah ee waalidiinta iyo qaraabadu waa waajib inteenna badan ku faanto, laakiin way fududahay in la sii wado marka qorshe la leeyahay. Qoyskaaga kula heshii lacag bille ah, adiguna yeelo sanduuq xaaladaha degdegga ah, oo haddii ay suurtagal tahay qayb ka mid ah waxa aad dirtid u jeedi wax dakhli keena, sida kayd ama ganacsi yar. Qorshe yar ayaa lacagta la diro ka beddela waajib bille ah una beddela aasaas qoyska oo dhan.`,
  },
};
