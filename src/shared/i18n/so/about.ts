import type { Messages } from '#shared/i18n/messages';

/** The about page in Somali (mirrors en/about.ts). */
export const about: Messages['about'] = {
  meta: {
    title: 'Nagu Saabsan',
    description:
      'Hadafkayaga, aragtidayada iyo qiyamkayaga: Somali Diaspora Hub waxay qurbajoogta ku xirtaa adeegyo la isku halayn karo oo Bariga Afrika ah tan iyo 2020.',
  },
  hero: {
    title: 'Ku saabsan Somali Diaspora Hub',
    subtitle: 'Waxaan bulshada Soomaaliyeed ee adduunka ku xirnaa Bariga Afrika tan iyo 2020.',
  },
  mission: {
    title: 'Hadafkayaga',
    text: 'Inaan noqonno suuqa dijitaalka ah ee ugu horreeya Bariga Afrika, annagoo u fududaynayna qurbajoogta inay si ammaan ah ugu safraan, ugu ganacsadaan oo ugu maalgashadaan dalkooda.',
  },
  vision: {
    title: 'Aragtidayada',
    text: 'Inaan noqonno suuqa dijitaalka ah ee ugu horreeya Bariga Afrika: hal meel oo la isku halayn karo oo alaab, guryo iyo dhul, ganacsiyo iyo safar leh.',
  },
  values: {
    title: 'Qiyamkayaga Asaasiga ah',
    integrity: 'Daacadnimo',
    integrityText: 'Waxaan run ka sheegnaa qiimaha, wakhtiga iyo shuruudaha.',
    innovation: 'Hal-abuur',
    innovationText: 'Waxaan dhisnaa qalab ka shaqeeya taleefan kasta iyo internet kasta.',
    community: 'Bulsho',
    communityText: 'Waxaan u adeegnaa bulshada Soomaaliyeed meel kasta oo ay joogto.',
    excellence: 'Heer Sare',
    excellenceText: 'Adeeg kasta waxaan ku qabannaa heerka ugu sarreeya.',
  },
  why: {
    title: 'Maxaad Noo Dooranaysaa',
    experience: '{years} Sannadood oo Khibrad ah',
    experienceText: 'Qoysas iyo ganacsiyo ayaa nagu kalsoon tan iyo 2020.',
    support: 'Taageero {support}',
    supportText: 'Dad dhab ah oo WhatsApp iyo taleefan kugu jooga, saacad kasta.',
    reach: '{countries} Dal',
    reachText: 'Shabakad gaarta qurbajoogta oo dhan.',
    success: 'Heer Guul oo {rate} ah',
    successText: 'Natiijooyin aad isku hallayn karto.',
  },
};
