/**
 * The bounded vocabulary the seed draws from: languages, territories, time zones, dialogue and graphics phrases
 * (the same phrase index means the same line in every language, so translations read like translations of the
 * English transcription), instructions, comments and reasons.
 */

export interface LanguageDef {
  code: string;
  name: string;
  dcpCode: string;
  isoCode: string;
  /** Key into PHRASES / GRAPHICS. */
  text: string;
  fonts?: { face: string; size: number }[];
}

export const LANGUAGES: readonly LanguageDef[] = [
  { code: 'fr-FR', name: 'French (France)', dcpCode: 'FR', isoCode: 'fr', text: 'fr' },
  { code: 'de-DE', name: 'German', dcpCode: 'DE', isoCode: 'de', text: 'de' },
  { code: 'es-419', name: 'Spanish (Latin America)', dcpCode: 'LAS', isoCode: 'es', text: 'es' },
  { code: 'pt-BR', name: 'Portuguese (Brazil)', dcpCode: 'QBP', isoCode: 'pt', text: 'pt' },
  { code: 'ja-JP', name: 'Japanese', dcpCode: 'JA', isoCode: 'ja', text: 'ja', fonts: [{ face: 'Noto Sans CJK JP', size: 42 }] },
  { code: 'ko-KR', name: 'Korean', dcpCode: 'KO', isoCode: 'ko', text: 'ko', fonts: [{ face: 'Noto Sans CJK KR', size: 42 }] },
  { code: 'zh-CN', name: 'Chinese (Simplified)', dcpCode: 'ZHS', isoCode: 'zh', text: 'zh-Hans', fonts: [{ face: 'Noto Sans CJK SC', size: 42 }] },
  { code: 'zh-TW', name: 'Chinese (Traditional)', dcpCode: 'ZHT', isoCode: 'zh', text: 'zh-Hant', fonts: [{ face: 'Noto Sans CJK TC', size: 42 }] },
  { code: 'ar-SA', name: 'Arabic', dcpCode: 'AR', isoCode: 'ar', text: 'ar', fonts: [{ face: 'Noto Naskh Arabic', size: 44 }, { face: 'Dubai', size: 40 }] },
  { code: 'he-IL', name: 'Hebrew', dcpCode: 'HE', isoCode: 'he', text: 'he', fonts: [{ face: 'Noto Sans Hebrew', size: 40 }] },
  { code: 'fa-IR', name: 'Persian', dcpCode: 'FA', isoCode: 'fa', text: 'fa', fonts: [{ face: 'Vazirmatn', size: 42 }] },
  { code: 'ur-PK', name: 'Urdu', dcpCode: 'UR', isoCode: 'ur', text: 'ur', fonts: [{ face: 'Noto Nastaliq Urdu', size: 38 }] },
  { code: 'ru-RU', name: 'Russian', dcpCode: 'RU', isoCode: 'ru', text: 'ru' },
  { code: 'it-IT', name: 'Italian', dcpCode: 'IT', isoCode: 'it', text: 'it' },
  { code: 'nl-NL', name: 'Dutch', dcpCode: 'NL', isoCode: 'nl', text: 'nl' },
  { code: 'pl-PL', name: 'Polish', dcpCode: 'PL', isoCode: 'pl', text: 'pl' },
  { code: 'tr-TR', name: 'Turkish', dcpCode: 'TR', isoCode: 'tr', text: 'tr' },
  { code: 'th-TH', name: 'Thai', dcpCode: 'TH', isoCode: 'th', text: 'th', fonts: [{ face: 'Noto Sans Thai', size: 40 }] },
  { code: 'hi-IN', name: 'Hindi', dcpCode: 'HI', isoCode: 'hi', text: 'hi', fonts: [{ face: 'Noto Sans Devanagari', size: 40 }] },
  { code: 'sv-SE', name: 'Swedish', dcpCode: 'SV', isoCode: 'sv', text: 'sv' },
  { code: 'en-GB', name: 'English (UK)', dcpCode: 'EN', isoCode: 'en', text: 'en' },
  { code: 'en-US', name: 'English (US)', dcpCode: 'EN', isoCode: 'en', text: 'en', fonts: [{ face: 'Arial', size: 40 }] },
  { code: 'fr-CA', name: 'French (Canada)', dcpCode: 'QFC', isoCode: 'fr', text: 'fr' },
  { code: 'es-ES', name: 'Spanish (Spain)', dcpCode: 'ES', isoCode: 'es', text: 'es' },
  { code: 'da-DK', name: 'Danish', dcpCode: 'DA', isoCode: 'da', text: 'da' },
];

/** How often each language is ordered (relative weights). */
export const LANGUAGE_WEIGHTS: Record<string, number> = {
  'fr-FR': 6, 'de-DE': 6, 'es-419': 6, 'pt-BR': 5, 'ja-JP': 5, 'ko-KR': 4, 'zh-CN': 4, 'zh-TW': 2, 'it-IT': 5,
  'es-ES': 4, 'ru-RU': 2, 'pl-PL': 2, 'nl-NL': 2, 'sv-SE': 1, 'da-DK': 1, 'tr-TR': 2, 'ar-SA': 3, 'he-IL': 1,
  'fa-IR': 1, 'ur-PK': 1, 'hi-IN': 2, 'th-TH': 2, 'en-GB': 2, 'en-US': 1, 'fr-CA': 2,
};

export interface TerritoryDef {
  /** The territory code work requests carry in `territory`; stored as the Territory record's `name`. */
  code: string;
  /** Human-readable name, stored as the extra field `displayName`. */
  displayName: string;
  countries: string[];
  languages: string[];
  assignedLanguages: string[];
  tz: string;
}

export const TERRITORIES: readonly TerritoryDef[] = [
  { code: 'US', displayName: 'United States', countries: ['US', 'PR'], languages: ['en-US', 'es-419'], assignedLanguages: ['en-US'], tz: 'America/Los_Angeles' },
  { code: 'CA', displayName: 'Canada', countries: ['CA'], languages: ['fr-CA', 'en-US'], assignedLanguages: ['fr-CA'], tz: 'America/Los_Angeles' },
  { code: 'UK', displayName: 'United Kingdom & Ireland', countries: ['GB', 'IE'], languages: ['en-GB'], assignedLanguages: ['en-GB'], tz: 'Europe/London' },
  { code: 'FR', displayName: 'France & Francophone Europe', countries: ['FR', 'BE', 'LU', 'MC'], languages: ['fr-FR'], assignedLanguages: ['fr-FR'], tz: 'Europe/Paris' },
  { code: 'DE', displayName: 'Germany, Austria & Switzerland', countries: ['DE', 'AT', 'CH'], languages: ['de-DE', 'fr-FR', 'it-IT'], assignedLanguages: ['de-DE'], tz: 'Europe/Paris' },
  { code: 'ES', displayName: 'Spain', countries: ['ES', 'AD'], languages: ['es-ES'], assignedLanguages: ['es-ES'], tz: 'Europe/Paris' },
  { code: 'IT', displayName: 'Italy', countries: ['IT', 'SM', 'VA'], languages: ['it-IT'], assignedLanguages: ['it-IT'], tz: 'Europe/Paris' },
  { code: 'NL', displayName: 'Netherlands', countries: ['NL'], languages: ['nl-NL'], assignedLanguages: ['nl-NL'], tz: 'Europe/Paris' },
  { code: 'NORDICS', displayName: 'Nordics', countries: ['SE', 'DK', 'NO', 'FI', 'IS'], languages: ['sv-SE', 'da-DK'], assignedLanguages: ['sv-SE', 'da-DK'], tz: 'Europe/Paris' },
  { code: 'PL', displayName: 'Poland', countries: ['PL'], languages: ['pl-PL'], assignedLanguages: ['pl-PL'], tz: 'Europe/Paris' },
  { code: 'RU', displayName: 'Russia & CIS', countries: ['RU', 'KZ', 'BY'], languages: ['ru-RU'], assignedLanguages: ['ru-RU'], tz: 'Europe/Paris' },
  { code: 'TR', displayName: 'Türkiye', countries: ['TR'], languages: ['tr-TR'], assignedLanguages: ['tr-TR'], tz: 'Europe/London' },
  { code: 'MENA', displayName: 'Middle East & North Africa', countries: ['SA', 'AE', 'EG', 'KW', 'QA', 'BH', 'OM'], languages: ['ar-SA', 'fa-IR', 'ur-PK'], assignedLanguages: ['ar-SA'], tz: 'Europe/London' },
  { code: 'IL', displayName: 'Israel', countries: ['IL'], languages: ['he-IL'], assignedLanguages: ['he-IL'], tz: 'Europe/Paris' },
  { code: 'IN', displayName: 'India', countries: ['IN'], languages: ['hi-IN', 'en-GB'], assignedLanguages: ['hi-IN'], tz: 'Asia/Kolkata' },
  { code: 'JP', displayName: 'Japan', countries: ['JP'], languages: ['ja-JP'], assignedLanguages: ['ja-JP'], tz: 'Asia/Tokyo' },
  { code: 'KR', displayName: 'South Korea', countries: ['KR'], languages: ['ko-KR'], assignedLanguages: ['ko-KR'], tz: 'Asia/Seoul' },
  { code: 'CN', displayName: 'Mainland China', countries: ['CN'], languages: ['zh-CN'], assignedLanguages: ['zh-CN'], tz: 'Asia/Tokyo' },
  { code: 'TW', displayName: 'Taiwan & Hong Kong', countries: ['TW', 'HK', 'MO'], languages: ['zh-TW'], assignedLanguages: ['zh-TW'], tz: 'Asia/Tokyo' },
  { code: 'TH', displayName: 'Thailand', countries: ['TH'], languages: ['th-TH'], assignedLanguages: ['th-TH'], tz: 'Asia/Kolkata' },
  { code: 'AU', displayName: 'Australia & New Zealand', countries: ['AU', 'NZ'], languages: ['en-GB'], assignedLanguages: ['en-GB'], tz: 'Australia/Sydney' },
  { code: 'BR', displayName: 'Brazil', countries: ['BR'], languages: ['pt-BR'], assignedLanguages: ['pt-BR'], tz: 'America/Sao_Paulo' },
  { code: 'LATAM', displayName: 'Latin America', countries: ['MX', 'AR', 'CO', 'CL', 'PE', 'EC', 'UY'], languages: ['es-419'], assignedLanguages: ['es-419'], tz: 'America/Sao_Paulo' },
];

export const TIME_ZONES = [
  'America/Los_Angeles', 'Europe/London', 'Europe/Paris', 'Asia/Tokyo', 'Asia/Seoul', 'Australia/Sydney',
  'America/Sao_Paulo', 'Asia/Kolkata',
] as const;

/** English originals of the dialogue lines. */
const EN_DIALOGUE = [
  'Where have you been all this time?', "We don't have much time.", 'I never wanted any of this.',
  'Listen to me. Trust me.', 'Get in the car, now!', 'Nobody leaves this island.',
  'She knew the truth all along.', 'What are you doing here?', 'This is our only chance.',
  "I'll come back for you. I promise.", 'Something is wrong with the water.', "Don't look back.",
];
const EN_GRAPHICS = [
  'COMING SOON', 'ONLY IN THEATERS', 'FROM THE DIRECTOR OF', 'BASED ON A TRUE STORY', 'THIS SUMMER',
  'EVERY MAP HIDES A SECRET',
];

/** Dialogue phrases by text key; index i is the translation of EN_DIALOGUE[i]. */
export const PHRASES: Record<string, readonly string[]> = {
  en: EN_DIALOGUE,
  fr: [
    'Où étais-tu pendant tout ce temps ?', "On n'a pas beaucoup de temps.", "Je n'ai jamais voulu tout ça.",
    'Écoute-moi. Fais-moi confiance.', 'Monte dans la voiture, vite !', 'Personne ne quitte cette île.',
    'Elle connaissait la vérité depuis le début.', "Qu'est-ce que tu fais ici ?", "C'est notre seule chance.",
    'Je reviendrai te chercher. Promis.', "L'eau a quelque chose d'étrange.", 'Ne te retourne pas.',
  ],
  de: [
    'Wo warst du die ganze Zeit?', 'Wir haben nicht viel Zeit.', 'Ich wollte das alles nie.',
    'Hör mir zu. Vertrau mir.', 'Steig ins Auto, sofort!', 'Niemand verlässt diese Insel.',
    'Sie kannte die Wahrheit von Anfang an.', 'Was machst du hier?', 'Das ist unsere einzige Chance.',
    'Ich komme zurück und hole dich. Versprochen.', 'Mit dem Wasser stimmt etwas nicht.', 'Schau nicht zurück.',
  ],
  es: [
    '¿Dónde has estado todo este tiempo?', 'No tenemos mucho tiempo.', 'Nunca quise nada de esto.',
    'Escúchame. Confía en mí.', '¡Sube al coche, ya!', 'Nadie sale de esta isla.',
    'Ella sabía la verdad desde el principio.', '¿Qué haces aquí?', 'Es nuestra única oportunidad.',
    'Volveré por ti. Te lo prometo.', 'Algo le pasa al agua.', 'No mires atrás.',
  ],
  pt: [
    'Onde você esteve esse tempo todo?', 'Não temos muito tempo.', 'Eu nunca quis nada disso.',
    'Me escuta. Confia em mim.', 'Entra no carro, agora!', 'Ninguém sai desta ilha.',
    'Ela sabia a verdade o tempo todo.', 'O que você está fazendo aqui?', 'É a nossa única chance.',
    'Eu volto para te buscar. Prometo.', 'Tem alguma coisa errada com a água.', 'Não olhe para trás.',
  ],
  it: [
    'Dove sei stato per tutto questo tempo?', 'Non abbiamo molto tempo.', 'Non ho mai voluto niente di tutto questo.',
    'Ascoltami. Fidati di me.', 'Sali in macchina, subito!', "Nessuno lascia quest'isola.",
    'Lei ha sempre saputo la verità.', 'Che cosa ci fai qui?', 'È la nostra unica possibilità.',
    'Tornerò a prenderti. Te lo prometto.', "C'è qualcosa che non va nell'acqua.", 'Non voltarti.',
  ],
  nl: [
    'Waar ben je al die tijd geweest?', 'We hebben niet veel tijd.', 'Ik heb dit nooit gewild.',
    'Luister naar me. Vertrouw me.', 'Stap in de auto, nu!', 'Niemand verlaat dit eiland.',
    'Ze kende de waarheid al die tijd.', 'Wat doe jij hier?', 'Dit is onze enige kans.',
    'Ik kom je halen. Dat beloof ik.', 'Er is iets mis met het water.', 'Kijk niet achterom.',
  ],
  sv: [
    'Var har du varit hela den här tiden?', 'Vi har inte mycket tid.', 'Jag ville aldrig ha något av det här.',
    'Lyssna på mig. Lita på mig.', 'Sätt dig i bilen, nu!', 'Ingen lämnar den här ön.',
    'Hon visste sanningen hela tiden.', 'Vad gör du här?', 'Det här är vår enda chans.',
    'Jag kommer tillbaka efter dig. Jag lovar.', 'Något är fel med vattnet.', 'Se dig inte om.',
  ],
  da: [
    'Hvor har du været hele tiden?', 'Vi har ikke meget tid.', 'Jeg ville aldrig have noget af det her.',
    'Hør på mig. Stol på mig.', 'Sæt dig ind i bilen, nu!', 'Ingen forlader denne ø.',
    'Hun kendte sandheden hele tiden.', 'Hvad laver du her?', 'Det er vores eneste chance.',
    'Jeg kommer tilbage efter dig. Det lover jeg.', 'Der er noget galt med vandet.', 'Se dig ikke tilbage.',
  ],
  pl: [
    'Gdzie byłeś przez cały ten czas?', 'Nie mamy dużo czasu.', 'Nigdy tego nie chciałam.',
    'Posłuchaj mnie. Zaufaj mi.', 'Wsiadaj do samochodu, już!', 'Nikt nie opuści tej wyspy.',
    'Ona od początku znała prawdę.', 'Co ty tu robisz?', 'To nasza jedyna szansa.',
    'Wrócę po ciebie. Obiecuję.', 'Coś jest nie tak z wodą.', 'Nie oglądaj się za siebie.',
  ],
  ru: [
    'Где ты был всё это время?', 'У нас мало времени.', 'Я никогда этого не хотела.',
    'Послушай меня. Доверься мне.', 'Садись в машину, быстро!', 'Никто не покинет этот остров.',
    'Она с самого начала знала правду.', 'Что ты здесь делаешь?', 'Это наш единственный шанс.',
    'Я вернусь за тобой. Обещаю.', 'С водой что-то не так.', 'Не оглядывайся.',
  ],
  tr: [
    'Bunca zamandır neredeydin?', 'Fazla vaktimiz yok.', 'Bunların hiçbirini istemedim.',
    'Beni dinle. Bana güven.', 'Arabaya bin, hemen!', 'Kimse bu adadan ayrılamaz.',
    'Gerçeği en başından beri biliyordu.', 'Burada ne yapıyorsun?', 'Bu bizim tek şansımız.',
    'Senin için geri döneceğim. Söz veriyorum.', 'Suda bir tuhaflık var.', 'Arkana bakma.',
  ],
  ar: [
    'أين كنت طوال هذا الوقت؟', 'ليس لدينا الكثير من الوقت.', 'لم أرد أيًا من هذا.',
    'اسمعني. ثق بي.', 'اركب السيارة، الآن!', 'لا أحد يغادر هذه الجزيرة.',
    'كانت تعرف الحقيقة منذ البداية.', 'ماذا تفعل هنا؟', 'هذه فرصتنا الوحيدة.',
    'سأعود من أجلك. أعدك.', 'هناك خطب ما في الماء.', 'لا تنظر إلى الوراء.',
  ],
  he: [
    'איפה היית כל הזמן הזה?', 'אין לנו הרבה זמן.', 'אף פעם לא רציתי את כל זה.',
    'תקשיב לי. תסמוך עליי.', 'תיכנס לאוטו, עכשיו!', 'אף אחד לא עוזב את האי הזה.',
    'היא ידעה את האמת כל הזמן.', 'מה אתה עושה פה?', 'זו ההזדמנות היחידה שלנו.',
    'אני אחזור בשבילך. אני מבטיח.', 'משהו לא בסדר עם המים.', 'אל תסתכל אחורה.',
  ],
  fa: [
    'این همه مدت کجا بودی؟', 'وقت زیادی نداریم.', 'من هیچ‌وقت این‌ها را نمی‌خواستم.',
    'به من گوش کن. به من اعتماد کن.', 'سوار ماشین شو، همین حالا!', 'هیچ‌کس این جزیره را ترک نمی‌کند.',
    'او از اول حقیقت را می‌دانست.', 'اینجا چه کار می‌کنی؟', 'این تنها فرصت ماست.',
    'برمی‌گردم دنبالت. قول می‌دهم.', 'آب یک مشکلی دارد.', 'پشت سرت را نگاه نکن.',
  ],
  ur: [
    'تم اتنے عرصے سے کہاں تھے؟', 'ہمارے پاس زیادہ وقت نہیں ہے۔', 'میں نے یہ سب کبھی نہیں چاہا تھا۔',
    'میری بات سنو۔ مجھ پر بھروسہ کرو۔', 'گاڑی میں بیٹھو، ابھی!', 'کوئی اس جزیرے سے نہیں جائے گا۔',
    'وہ شروع سے سچ جانتی تھی۔', 'تم یہاں کیا کر رہے ہو؟', 'یہ ہمارا واحد موقع ہے۔',
    'میں تمہارے لیے واپس آؤں گا۔ وعدہ ہے۔', 'پانی میں کچھ گڑبڑ ہے۔', 'پیچھے مت دیکھنا۔',
  ],
  hi: [
    'तुम इतने समय से कहाँ थे?', 'हमारे पास ज़्यादा समय नहीं है।', 'मैंने यह सब कभी नहीं चाहा था।',
    'मेरी बात सुनो। मुझ पर भरोसा करो।', 'गाड़ी में बैठो, अभी!', 'कोई भी इस द्वीप से नहीं जाएगा।',
    'उसे शुरू से सच पता था।', 'तुम यहाँ क्या कर रहे हो?', 'यही हमारा एकमात्र मौका है।',
    'मैं तुम्हारे लिए वापस आऊँगा। वादा करता हूँ।', 'पानी में कुछ गड़बड़ है।', 'पीछे मुड़कर मत देखना।',
  ],
  th: [
    'ตลอดเวลาที่ผ่านมาคุณไปอยู่ที่ไหน', 'เรามีเวลาไม่มากแล้ว', 'ฉันไม่เคยต้องการสิ่งนี้เลย',
    'ฟังฉันนะ เชื่อใจฉัน', 'ขึ้นรถเดี๋ยวนี้!', 'ไม่มีใครออกจากเกาะนี้ได้',
    'เธอรู้ความจริงมาตลอด', 'คุณมาทำอะไรที่นี่', 'นี่คือโอกาสเดียวของเรา',
    'ฉันจะกลับมารับคุณ สัญญา', 'น้ำมีอะไรแปลกๆ', 'อย่าหันหลังกลับไปมอง',
  ],
  ja: [
    '今までどこにいたの？', '時間がない。', 'こんなこと望んでなかった。',
    '聞いて。私を信じて。', '早く車に乗って！', '誰もこの島から出られない。',
    '彼女は最初から真実を知っていた。', 'ここで何をしてるの？', 'これが唯一のチャンスだ。',
    '必ず迎えに来る。約束する。', '水の様子がおかしい。', '振り返るな。',
  ],
  ko: [
    '그동안 어디 있었어?', '시간이 별로 없어.', '난 이런 걸 원한 적 없어.',
    '내 말 들어. 날 믿어.', '당장 차에 타!', '아무도 이 섬을 떠날 수 없어.',
    '그녀는 처음부터 진실을 알고 있었어.', '여기서 뭐 하는 거야?', '이게 우리의 유일한 기회야.',
    '꼭 데리러 올게. 약속해.', '물이 뭔가 이상해.', '뒤돌아보지 마.',
  ],
  'zh-Hans': [
    '这段时间你去哪儿了？', '我们没多少时间了。', '我从来不想要这一切。',
    '听我说。相信我。', '快上车！', '谁也别想离开这座岛。',
    '她从一开始就知道真相。', '你在这儿干什么？', '这是我们唯一的机会。',
    '我会回来接你的。我保证。', '水有点不对劲。', '别回头。',
  ],
  'zh-Hant': [
    '這段時間你去哪了？', '我們沒多少時間了。', '我從來不想要這一切。',
    '聽我說。相信我。', '快上車！', '誰也別想離開這座島。',
    '她從一開始就知道真相。', '你在這裡做什麼？', '這是我們唯一的機會。',
    '我會回來接你的。我保證。', '水有點不對勁。', '別回頭。',
  ],
};

/** Graphics (on-screen text) phrases by text key; index i is the translation of EN_GRAPHICS[i]. */
export const GRAPHICS: Record<string, readonly string[]> = {
  en: EN_GRAPHICS,
  fr: ['PROCHAINEMENT', 'UNIQUEMENT AU CINÉMA', 'PAR LE RÉALISATEUR DE', "D'APRÈS UNE HISTOIRE VRAIE", 'CET ÉTÉ', 'CHAQUE CARTE CACHE UN SECRET'],
  de: ['DEMNÄCHST', 'NUR IM KINO', 'VOM REGISSEUR VON', 'NACH EINER WAHREN GESCHICHTE', 'DIESEN SOMMER', 'JEDE KARTE VERBIRGT EIN GEHEIMNIS'],
  es: ['PRÓXIMAMENTE', 'SOLO EN CINES', 'DEL DIRECTOR DE', 'BASADA EN UNA HISTORIA REAL', 'ESTE VERANO', 'CADA MAPA ESCONDE UN SECRETO'],
  pt: ['EM BREVE', 'SOMENTE NOS CINEMAS', 'DO DIRETOR DE', 'BASEADO EM UMA HISTÓRIA REAL', 'NESTE VERÃO', 'TODO MAPA ESCONDE UM SEGREDO'],
  it: ['PROSSIMAMENTE', 'SOLO AL CINEMA', 'DAL REGISTA DI', 'TRATTO DA UNA STORIA VERA', 'QUESTA ESTATE', 'OGNI MAPPA NASCONDE UN SEGRETO'],
  nl: ['BINNENKORT', 'ALLEEN IN DE BIOSCOOP', 'VAN DE REGISSEUR VAN', 'GEBASEERD OP EEN WAAR GEBEURD VERHAAL', 'DEZE ZOMER', 'ELKE KAART VERBERGT EEN GEHEIM'],
  sv: ['SNART PÅ BIO', 'ENDAST PÅ BIO', 'FRÅN REGISSÖREN AV', 'BASERAD PÅ EN SANN HISTORIA', 'I SOMMAR', 'VARJE KARTA DÖLJER EN HEMLIGHET'],
  da: ['SNART I BIOGRAFEN', 'KUN I BIOGRAFEN', 'FRA INSTRUKTØREN BAG', 'BASERET PÅ EN SAND HISTORIE', 'DENNE SOMMER', 'ETHVERT KORT SKJULER EN HEMMELIGHED'],
  pl: ['WKRÓTCE', 'TYLKO W KINACH', 'OD REŻYSERA FILMU', 'NA PODSTAWIE PRAWDZIWYCH WYDARZEŃ', 'TEGO LATA', 'KAŻDA MAPA SKRYWA TAJEMNICĘ'],
  ru: ['СКОРО', 'ТОЛЬКО В КИНО', 'ОТ РЕЖИССЁРА ФИЛЬМА', 'ОСНОВАНО НА РЕАЛЬНЫХ СОБЫТИЯХ', 'ЭТИМ ЛЕТОМ', 'КАЖДАЯ КАРТА ХРАНИТ ТАЙНУ'],
  tr: ['ÇOK YAKINDA', 'SADECE SİNEMALARDA', 'YÖNETMENİN YENİ FİLMİ', 'GERÇEK BİR HİKÂYEDEN UYARLANMIŞTIR', 'BU YAZ', 'HER HARİTA BİR SIR SAKLAR'],
  ar: ['قريبًا', 'في دور السينما فقط', 'من مخرج', 'مستوحى من قصة حقيقية', 'هذا الصيف', 'كل خريطة تخفي سرًا'],
  he: ['בקרוב', 'רק בבתי הקולנוע', 'מאת הבמאי של', 'מבוסס על סיפור אמיתי', 'בקיץ הזה', 'כל מפה מסתירה סוד'],
  fa: ['به‌زودی', 'فقط در سینماها', 'از کارگردان', 'بر اساس یک داستان واقعی', 'این تابستان', 'هر نقشه رازی را پنهان می‌کند'],
  ur: ['جلد آرہی ہے', 'صرف سینما گھروں میں', 'کے ہدایت کار کی جانب سے', 'ایک سچی کہانی پر مبنی', 'اس موسم گرما میں', 'ہر نقشہ ایک راز چھپاتا ہے'],
  hi: ['जल्द आ रही है', 'केवल सिनेमाघरों में', 'के निर्देशक की ओर से', 'एक सच्ची कहानी पर आधारित', 'इस गर्मी', 'हर नक्शा एक राज़ छुपाता है'],
  th: ['เร็วๆ นี้', 'เฉพาะในโรงภาพยนตร์', 'จากผู้กำกับ', 'สร้างจากเรื่องจริง', 'ซัมเมอร์นี้', 'ทุกแผนที่ซ่อนความลับ'],
  ja: ['近日公開', '劇場限定公開', '監督最新作', '実話に基づく物語', 'この夏', 'すべての地図は秘密を隠している'],
  ko: ['근일 개봉', '극장에서만', '감독 신작', '실화를 바탕으로', '이번 여름', '모든 지도는 비밀을 숨기고 있다'],
  'zh-Hans': ['即将上映', '仅在影院上映', '导演最新力作', '根据真实故事改编', '今夏', '每张地图都藏着秘密'],
  'zh-Hant': ['即將上映', '僅在戲院上映', '導演最新力作', '根據真實故事改編', '今夏', '每張地圖都藏著秘密'],
};

export const DIALOGUE_PHRASE_COUNT = EN_DIALOGUE.length;
export const GRAPHICS_PHRASE_COUNT = EN_GRAPHICS.length;

/** Work request instructions. Index SCRIPT_INSTRUCTION holds the one escaping test with a script tag. */
export const INSTRUCTIONS = [
  'Please follow the approved glossary for character names; the title stays in English.',
  'Subtitles only for dialogue; forced narratives for the on-screen text in the second act.',
  'Match the <b>burned-in</b> title card style of the domestic version.',
  'Use the "official" local title and confirm it with territory marketing before lock.',
  'Deliver SRT & STL; reading speed max 17 cps, two lines max, 42 characters per line.',
  'Client asks for a rush turnaround: first pass within 48 hours, final after picture lock.',
  'Timing must follow shot changes; do not bridge cuts shorter than 12 frames.',
  'The rating card at the end must be replaced with the local board card (see materials).',
  'Keep song lyrics untranslated unless they carry plot, then italicise them.',
  'Dub script needed for the narration; dialogue stays subtitled. Lip-sync notes welcome.',
  'Graphics: localise the date card and billing block; leave the studio logo untouched.',
  'Please check the <i>italics</i> convention for off-screen voices & phone calls.',
  'Broadcast version: 30s and 15s cut-downs share the same lines, please keep them identical.',
  'Re-use the approved translation of the previous trailer where lines are identical.',
  'Pasted from the client brief: <script>alert(1)</script> (must show as text, never run).',
];
export const SCRIPT_INSTRUCTION = 14;

export const COMMENTS = [
  'Uploaded the textless version, please check the materials tab.',
  'Can we push the due date by two days? Picture is not locked yet.',
  'Line 14 reads too fast, I split it in two.',
  'Territory marketing approved the local title.',
  'The rating card for this territory is still missing.',
  'First pass done, starting the QC now.',
  'Please use "tu" rather than "vous" between the siblings.',
  'The dialogue list does not match the latest cut around 01:12.',
  'Audio stems received, thanks!',
  'Approved on our side & sent to the lab.',
  'Heads-up: the <b>billing block</b> changed in v3.',
  'Could you double-check the spelling of the town name?',
  'Graphics text for the date card is in the shared folder now.',
  'Re-timed the last three lines to the new conform.',
  'We need the 15s version by Friday for the broadcaster.',
  'Pasted from the vendor portal: <img src=x onerror=alert(1)> please ignore the broken image.',
  'Looks good to me.',
  'Waiting on legal for the disclaimer wording.',
];
/** Indexes into COMMENTS of the bodies with markup that must be shown as text. */
export const MARKUP_COMMENTS = [10, 15];

export const STATUS_REASONS: Record<string, readonly string[]> = {
  incomplete: ['Draft created', 'Order started from the asset page', 'Imported from the territory plan'],
  submitted: ['Order submitted for the territory release', 'Submitted with the release plan', 'Ready for the vendor'],
  'awaiting-materials': ['Dialogue list missing', 'Waiting for the textless version', 'Need the final audio stems', 'Rating card not received yet'],
  'in-progress': ['Assigned to the vendor', 'Materials complete, work started', 'Translator started'],
  'for-review': ['First pass complete', 'Ready for review', 'Translation submitted for review'],
  approved: ['Approved by territory marketing', 'Reviewed and approved', 'Signed off by the studio'],
  rejected: ['Wrong version of the asset', 'Timing does not match the cut', 'Glossary not followed', 'Duplicate order'],
  complete: ['Delivered to the lab', 'Files delivered', 'Shipped to the broadcaster'],
  cancelled: ['Campaign cancelled for the territory', 'Asset withdrawn', 'Ordered twice by mistake'],
};

export const SHARE_NOTES = [
  'Final trailers for the press junket. Please do not forward.',
  'Key art for the local campaign, clean and watermarked versions.',
  'Screeners for the distributor review.',
  'Social cut-downs for approval before Friday.',
  'Updated versions after the picture change.',
  'Everything you need for the broadcast premiere.',
];
