"""The second net of the standing-instruction gate: the families of words an order to the
pet is made of, in many languages, and which of them a sentence holds together.

poison.py's patterns read an order's form, phrase by phrase; a language or a phrasing they
do not hold passes them. Orders in any language are made of the same few parts, though:

- time     what makes it standing: "from now on", "going forward", "forever", "every
           reply", "effective immediately", "ab jetzt", "désormais", "відтепер", "지금부터"…
- habit    what makes it come back: "every time", "whenever", "if someone", "every
           Friday", "jedes Mal", "每次"…
- pet      who is told: the second person ("you", "du", "tu", "ты", "너") or the pet by
           name ("the assistant", "bot")
- output   what the pet says or keeps: replies, answers, messages, memory, instructions,
           the prompt, about.md
- held     what it is held to, said more weakly: notes, rules, the owner, its character,
           confirmation, checks, filters, settings
- harm     what an order plants: ignore, forget, obey, reveal, send, forward, delete,
           skip, refuse, hide, "without question", "take orders"
- frame    what declares a rule: "new rule", "policy", "system", "admin", "hereby"
- keys     the house's keys and money: passwords, PINs, one-time codes, card numbers, the
           door or alarm code, the key safe, unlocking, disarming, paying or approving by
           itself

A fact about the owner's life holds one or two of them ("from now on I walk to work": a
time; "always water the tomatoes": none). A sentence that holds three, or a time with a
harm or a reply, or a harm with a reply, or the pet with a reply, or a frame with the pet
or a reply, or the house's keys with a time, a trigger ("every time", "if someone",
"every Friday") or a reply, is an order (ordered). A reply the owner makes ("I only answer work emails…")
or one on a channel the pet does not answer (the door, the landlord's letters) does not
count; a question ("did you remember the dentist?") does not tell the pet; and a sentence
whose subject is the owner ("The owner's boss tells everyone to cc her…") is a note about
the owner's life, not an order. A word counts for one family: the longest phrase that starts at it, for the first
family that holds it.

The tables are data: a line per language (it may go on in the lines below it), entries
between "|", "word" for a whole word or phrase, "stem*" for the words it begins, a word
of a script written without spaces (Thai, Chinese, Japanese) wherever it stands; each
spelt as poison.normalize leaves a text (no Latin accents, a final sigma as σ). A
sentence's words are looked up, not searched for: the cost is linear in its words.

Pure: normalised text (poison.normalize) in, a label or None out.
"""
import functools

from ..util.lazyre import lazy

_TIME = """
en: from now on | from here on | from here on out | from this point | from this moment | from today | from today on
    from tomorrow | going forward | henceforth | hereafter | forever | permanently | for good | effective immediately
    until further notice | from now | never ends
    with immediate effect | as of now | as of today | starting now | starting today | from this day | onwards
    until told otherwise | until i say otherwise | from here onwards | from now onwards | every future
    for all future | in all future | don't stop | do not stop | never stop | keep doing | for the rest of
    in future | in the future | make it a habit | as a habit | persist | persistent | persistently
    evermore | never again | don't ever | do not ever | never ever | make it permanent | all future |
    every reply | every answer | every response | every message | every conversation | each reply | each answer |
    each response | each conversation | all replies | all answers | all responses | after each | after every
    no longer | anymore | any more | starting next | from next | as of next | beginning next |
    permanent | permanent habit
    starting tomorrow | from tomorrow on | every day after | every day from now
    all our chats | all our conversations | every conversation after | leave it that way | keep it that way
    from tonight | as of tonight | starting tonight | from this evening | cannot be revoked | can't be revoked |
    irrevocable | irrevocably | for as long as
de: ab jetzt | ab sofort | von nun an | von jetzt an | ab heute | fortan | kunftig | fur immer
    bis auf weiteres
    in zukunft
fr: desormais | dorenavant | a partir de maintenant | a partir d'aujourd'hui | des maintenant | des aujourd'hui
    pour toujours | a l'avenir | jusqu'a nouvel ordre
es: a partir de ahora | desde ahora | de ahora en adelante | desde hoy | a partir de hoy | para siempre
    en adelante | hasta nuevo aviso
it: d'ora in poi | da ora in poi | d'ora in avanti | da adesso | da oggi | da oggi in poi | per sempre
    fino a nuovo ordine
pt: a partir de agora | de agora em diante | daqui para frente | daqui em diante | desde hoje | a partir de hoje
    para sempre
nl: vanaf nu | voortaan | van nu af aan | vanaf vandaag | voor altijd
sv: fran och med nu | framover | hadanefter | fran idag | for alltid
da: fra nu af | fremover | fra i dag | for altid
no: fra na av | heretter | fra na | for alltid
pl: od teraz | od dzis | od dzisiaj | odtad | od tej pory | na zawsze | na stale | na dobre
cs: od ted | odted | od nynejska | od dneska | navzdy
sk: odteraz | od dnes | navzdy
ro: de acum inainte | de acum incolo | de acum | de azi | de astazi | pentru totdeauna
hu: mostantol | ezentul | matol | orokre
fi: tasta lahtien | tasta eteenpain | nyt lahtien | ikuisesti
tr: bundan sonra | bundan boyle | su andan itibaren | bugunden itibaren | sonsuza
id: mulai sekarang | mulai hari ini | dari sekarang | selamanya
vi: tu bay gio | tu nay | tu hom nay | mai mai
sw: kuanzia sasa | tangu sasa | kuanzia leo
tl: mula ngayon | simula ngayon | mula ngayong araw
ru: отныне | впредь | с этого момента | с этого дня | с сегодняшнего дня | теперь всегда | навсегда
uk: відтепер | віднині | надалі | з цього моменту | з сьогодні | назавжди
    від тепер
el: απο τωρα | στο εξησ | απο σημερα | για παντα | από τώρα | στο εξήσ | από σήμερα | για πάντα
    απο εδω και περα | από εδώ και πέρα | μονιμα | μόνιμα
    απο εδω και περα | από εδώ και πέρα
ar: من الآن | فصاعدا | من اليوم | إلى الأبد
he: מעכשיו | מהיום | מעתה | לתמיד
fa: از این به بعد | از حالا | از امروز | برای همیشه
hi: अब से | आज से | हमेशा के लिए
    ab se | aaj se | abse
ko: 지금부터 | 이제부터 | 앞으로 | 오늘부터 | 영원히
ja: 今後 | これから | 今から | 今日から | ずっと | 以後
zh: 从现在 | 從現在 | 从今 | 今后 | 今後 | 以后 | 以後 | 永远
th: ต่อจากนี้ | ตั้งแต่นี้ | ตั้งแต่วันนี้ | ตลอดไป
ca: a partir d'ara | d'ara endavant | des d'ara | per sempre
hr: od sada | od danas | zauvijek | ubuduce
sl: od zdaj naprej | od danes | za vedno
bg: отсега нататък | отсега | от днес | завинаги
et: nuudsest | tanasest | edaspidi | igavesti
lv: no si briza | turpmak | no sodienas | uz visiem laikiem
lt: nuo siol | nuo dabar | nuo siandien | visada kai
ga: as seo amach | o seo amach | o seo suas | feasta | o inniu amach | go deo
cy: o hyn ymlaen | o heddiw ymlaen | am byth
eu: hemendik aurrera | gaurtik aurrera | betiko
is: heðan i fra | fra og með nuna | að eilifu
bn: এখন থেকে | আজ থেকে | চিরকাল
ur: اب سے | آج سے | ہمیشہ کے لیے
ms: mulai sekarang | mulai hari ini
# more languages' words (Asian, Middle Eastern, African)
id: mulai sekarang | mulai saat ini | seterusnya | selamanya | untuk selamanya | secara permanen
    sampai pemberitahuan lebih lanjut | mulai hari ini | tidak lagi | di semua percakapan berikutnya
ms: mulai sekarang | mulai dari sekarang | selamanya | buat selamanya | secara kekal | sehingga diberitahu kelak
    mulai hari ini | tidak lagi | dalam semua perbualan akan datang
vi: tu nay tro di | tu bay gio tro di | ke tu bay gio | vinh vien | mai mai | cho den khi co thong bao moi
    tu hom nay | khong con nua | trong moi cuoc tro chuyen sau nay
sw: kuanzia sasa | kuanzia sasa na kuendelea | milele | kwa kudumu | hadi taarifa nyingine | kuanzia leo
    katika mazungumzo yote yajayo | daima
tl: mula ngayon | simula ngayon | magpakailanman | habambuhay | permanente | hanggang sa susunod na abiso
    mula ngayong araw | hindi na muli | sa lahat ng susunod na usapan
ar: من الآن فصاعدا | من الان فصاعدا | بشكل دائم | بصفة دائمة | إلى الأبد | الى الابد | حتى إشعار آخر
    اعتبارا من اليوم | من اليوم فصاعدا | في جميع المحادثات القادمة
he: מעכשיו | מעתה והלאה | מעתה ואילך | לצמיתות | לתמיד | עד להודעה חדשה | עד הודעה חדשה | מהיום והלאה
    בכל השיחות הבאות | כבר לא
fa: از این به بعد | از حالا به بعد | برای همیشه | به طور دائم | به صورت دائمی | تا اطلاع ثانوی | از امروز به بعد
    در همه گفتگوهای آینده
hi: अब से | आगे से | हमेशा के लिए | स्थायी रूप से | अगली सूचना तक | आज से | भविष्य की सभी बातचीत में | ab se
    hamesha ke liye | aaj se
pa: ਹੁਣ ਤੋਂ | ਅੱਗੇ ਤੋਂ | ਹਮੇਸ਼ਾ ਲਈ | ਪੱਕੇ ਤੌਰ ਤੇ | ਅਗਲੇ ਹੁਕਮ ਤੱਕ | ਅੱਜ ਤੋਂ | hun ton | hamesha layi | ajj ton
    pakke taur te
ur: اب سے | آئندہ سے | ہمیشہ کے لیے | ہمیشہ کے لئے | مستقل طور پر | اگلے حکم تک | آج سے | آئندہ تمام گفتگو میں
bn: এখন থেকে | চিরকালের জন্য | সবসময়ের জন্য | স্থায়ীভাবে | পরবর্তী নির্দেশ না দেওয়া পর্যন্ত | আজ থেকে
    ভবিষ্যতের সব কথোপকথনে
th: ตั้งแต่นี้ไป | ต่อจากนี้ไป | ตลอดไป | อย่างถาวร | จนกว่าจะมีการแจ้งเปลี่ยนแปลง | ตั้งแต่วันนี้ | อีกต่อไป
    ในทุกบทสนทนาต่อจากนี้
ko: 지금부터 | 이제부터 | 앞으로 계속 | 영구적으로 | 영원히 | 추가 공지가 있을 때까지 | 오늘부터 | 더 이상 | 앞으로 모든 대화에서
ja: 今後ずっと | これからは | 永久に | 恒久的に | 永遠に | 別途通知があるまで | 今日から | 二度と | 今後すべての会話で
zh: 从现在起 | 从现在开始 | 从今以后 | 永久 | 永远 | 直到另行通知 | 从今天起 | 今后所有对话 | 從現在起 | 永遠
# more languages' words (European)
sv: fran och med nu | fran och med idag | permanent | for alltid | tills vidare | i alla framtida samtal
    inte langre | framover | hadanefter
da: fra nu af | fra i dag | permanent | for altid | indtil videre | i alle fremtidige samtaler | ikke længere
    fremover | herefter
no: fra na av | fra i dag | permanent | for alltid | inntil videre | i alle fremtidige samtaler | ikke lenger
    fremover | heretter
cs: od ted | od nynejska | natrvalo | navzdy | az do odvolani | ve vsech budoucich konverzacich
    od dnesniho dne | uz nikdy | napriste
sk: odteraz | odo dnes | natrvalo | navzdy | az do odvolania | vo vsetkych buducich konverzaciach
    od dnesneho dna | uz nikdy
hu: mostantol | mostantol fogva | veglegesen | orokre | tovabbi intezkedesig | mai naptol | a jovoben
    tobbe nem | ezentul
fi: tasta lahtien | tasta eteenpain | pysyvasti | ikuisesti | toistaiseksi | kaikissa tulevissa keskusteluissa
    jatkossa | pysyva | pysyvaa
    tanaan alkaen | ei enaa | vastedes | lopullisesti
ca: ara endavant | ara en endavant | per sempre | permanentment | definitivament | fins a nou avis
    en totes les converses futures | a partir de dema
hr: od sada | od danas | zauvijek | trajno | do daljnjega | u svim buducim razgovorima | vise ne | ubuduce
    odsad
sl: od zdaj | od zdaj naprej | odslej | za vedno | trajno | do nadaljnjega | v vseh prihodnjih pogovorih
    od danes | ne vec | nikoli vec
bg: отсега нататък | оттук нататък | от днес | завинаги | постоянно | до второ нареждане
    във всички бъдещи разговори | вече не | занапред
et: nuudsest | edaspidi | alaliselt | igaveseks | jaadavalt | kuni edasise teatamiseni | tanasest | enam mitte
    koigis tulevastes vestlustes
lv: no si briza | turpmak | uz visiem laikiem | pastavigi | lidz turpmakam pazinojumam | no sodienas | vairs ne
    visas turpmakajas sarunas | muzigi
lt: nuo siol | nuo dabar | visam laikui | visiems laikams | amzinai | iki atskiro pranesimo | nuo siandien
    visuose busimuose pokalbiuose | ateityje
ga: as seo amach | go deo | go buan | go brach | go dti go bhfogrofar a mhalairt | o inniu amach | feasta
    i ngach comhra amach anseo
cy: o hyn ymlaen | o hyn allan | o heddiw ymlaen | yn barhaol | am byth | hyd nes y clywir yn wahanol
    ym mhob sgwrs yn y dyfodol | dim mwyach
eu: hemendik aurrera | gaurtik aurrera | betiko | behin betiko | betirako | beste abisurik arte
    etorkizuneko elkarrizketa guztietan | jada ez | aurrerantzean
is: heðan i fra | fra og með nuna | að eilifu | varanlega | þangað til annað kemur i ljos
    fra og með deginum i dag | ekki lengur | framvegis | til frambuðar
ro: de acum inainte | de acum incolo | permanent | pentru totdeauna | pana la noi ordine | de azi inainte
    in toate conversatiile viitoare | definitiv | de astazi
uk: відтепер | віднині | назавжди | постійно | до подальшого повідомлення | у всіх майбутніх розмовах
    з сьогоднішнього дня | більше не | надалі
ru: отныне | с этого момента | с сегодняшнего дня | навсегда | постоянно | до дальнейшего уведомления | впредь
    во всех будущих разговорах | больше не | с этих пор
el: από τώρα και στο εξήσ | στο εξήσ | εφεξήσ | μόνιμα | για πάντα | μέχρι νεωτέρασ | από σήμερα
    σε όλεσ τισ μελλοντικέσ συνομιλίεσ | όχι πια
fr: a partir de maintenant | desormais | dorenavant | pour toujours | definitivement | en permanence
    nouvel ordre | dans toutes les conversations futures | a tout jamais | pour de bon
de: ab sofort | ab jetzt | von nun an | fur immer | dauerhaft | bis auf weiteres | in allen kunftigen gesprachen
    ab heute | nicht mehr | kunftig
es: a partir de ahora | de ahora en adelante | desde hoy | para siempre | permanentemente | hasta nuevo aviso
    en todas las conversaciones futuras | ya no | en adelante
it: da ora in poi | ora in poi | da adesso | da oggi | per sempre | permanentemente | fino a nuovo avviso
    in tutte le conversazioni future | non piu | definitivamente
pt: a partir de agora | de agora em diante | daqui para a frente | para sempre | permanentemente
    ate novo aviso | em todas as conversas futuras | a partir de hoje | nao mais | doravante
nl: vanaf nu | voortaan | voorgoed | permanent | tot nader order | vanaf vandaag
    in alle toekomstige gesprekken | niet langer | voor altijd | van nu af aan
pl: od teraz | od tej pory | od dzisiaj | na zawsze | na stale | trwale | do odwolania
    we wszystkich przyszlych rozmowach | juz nie | odtad
tr: bundan sonra | bundan boyle | kalici olarak | sonsuza dek | sonsuza kadar | aksi bildirilene kadar
    bugunden itibaren | gelecekteki tum konusmalarda | simdiden sonra
# more languages' words (South and Central Asian, Caucasian, Balkan, African)
mr: आतापासून | यापुढे | कायमचे | कायमस्वरूपी | कायमसाठी | पुढील सूचनेपर्यंत | आजपासून
te: ఇప్పటి నుండి | ఇకపై | ఇక నుండి | శాశ్వతంగా | ఎప్పటికీ | తదుపరి నోటీసు వరకు | ఈ రోజు నుండి
gu: હવેથી | હવે પછી | કાયમ માટે | કાયમી ધોરણે | હંમેશ માટે | આગળની સૂચના સુધી | આજથી
kn: ಇನ್ನು ಮುಂದೆ | ಈಗಿನಿಂದ | ಇಂದಿನಿಂದ | ಶಾಶ್ವತವಾಗಿ | ಎಂದೆಂದಿಗೂ | ಮುಂದಿನ ಸೂಚನೆಯವರೆಗೆ
ml: ഇനി മുതൽ | ഇപ്പോൾ മുതൽ | ഇന്ന് മുതൽ | ശാശ്വതമായി | സ്ഥിരമായി | എന്നെന്നേക്കുമായി | ഇനിയൊരു അറിയിപ്പ് വരെ
ne: अबदेखि | अब देखि | अब उप्रान्त | स्थायी रूपमा | सधैंको लागि | सदाका लागि | आजदेखि | अर्को सूचना नआएसम्म
pa: ਹੁਣ ਤੋਂ | ਹੁਣ ਤੋਂ ਬਾਅਦ | ਅੱਜ ਤੋਂ | ਪੱਕੇ ਤੌਰ ਤੇ | ਹਮੇਸ਼ਾ ਲਈ | ਸਦਾ ਲਈ | ਅਗਲੇ ਨੋਟਿਸ ਤੱਕ
ha: daga yanzu | daga yanzu zuwa gaba | daga yau | har abada | na dindindin | har sai an sanar
jv: wiwit saiki | mulai saiki | wiwit dina iki | saklawase | kanggo selawase | nganti ana kabar maneh
ms: mulai sekarang | mulai hari ini | selamanya | buat selamanya | secara kekal | secara tetap | tidak lagi
    sehingga diberitahu kelak
vi: tu bay gio | tu nay ve sau | tu gio tro di | tu hom nay | vinh vien | mai mai | cho den khi co thong bao moi
    trong moi cuoc tro chuyen sau nay
sw: kuanzia sasa | kuanzia leo | tangu sasa | milele | kwa kudumu | hadi taarifa nyingine
    mpaka taarifa nyingine
az: bundan sonra | daimi olaraq | həmisəlik | birdəfəlik | bu gundən | novbəti bildirisə qədər
    gələcək butun sohbətlərdə
uz: bundan buyon | hozirdan boshlab | bugundan boshlab | doimiy ravishda | abadiy | umrbod
    keyingi ogohlantirishgacha
kk: осыдан бастап | қазірден бастап | бүгіннен бастап | бұдан былай | мәңгі | біржола | тұрақты түрде
    келесі ескертуге дейін
ka: ამიერიდან | ამ წუთიდან | დღეიდან | სამუდამოდ | მუდმივად | შემდგომ შეტყობინებამდე | ყველა მომავალ საუბარში
hy: այսուհետ | այսուհետեւ | այսօրվանից | ընդմիշտ | մշտապես | այլեւս | մինչեւ նոր ծանուցում
sq: tani e tutje | nga tani e tutje | nga sot e tutje | pergjithmone | pergjithnje | ne menyre te perhershme
    deri ne njoftim te metejshem
mk: од сега | отсега | отсега натаму | од денес | засекогаш | трајно | повеќе не | до понатамошно известување
be: з гэтага часу | з сёння | з сённяшняга дня | надалей | назаўсёды | пастаянна | больш не
    да далейшага паведамлення
zu: kusukela manje | kusukela manje kuqhubeke | kusukela namuhla | unomphela | phakade | ingunaphakade
    kuze kube nesaziso esisha
so: hadda kadib | hadda ka dib | laga bilaabo hadda | laga bilaabo maanta | weligiis | si joogto ah
    ilaa ogeysiis kale
af: van nou af | voortaan | van vandag af | vir altyd | vir ewig | blywend | nie meer nie
    tot verdere kennisgewing | in alle toekomstige gesprekke
# more languages' words (African, South Asian, Balkan, Nordic, Celtic)
yo: lati isisiyi lo | lati bayi lo | lati oni lo | lati akoko yii lo | titi lae | lailai | titi aye
ta: இனிமேல் | இனி மேல் | இப்போதிலிருந்து | இன்று முதல் | நிரந்தரமாக | என்றென்றும் | மறு அறிவிப்பு வரும் வரை
    எதிர்கால உரையாடல்களில்
am: ከአሁን ጀምሮ | ከዛሬ ጀምሮ | ለዘላለም | በቋሚነት | ከእንግዲህ | ከእንግዲህ ወዲህ | እስከ ሌላ ማስታወቂያ | ወደፊት በሚደረጉ ውይይቶች
sr: od sada | od sad | od danas | zauvek | trajno | do daljnjeg | do daljeg | ubuduce | od sada pa nadalje
    u svim buducim razgovorima
sc: од сада | од сад | од данас | заувек | трајно | до даљњег | до даљег | убудуће | од сада па надаље
    у свим будућим разговорима
bn: এখন থেকে | আজ থেকে | চিরকাল | চিরদিন | স্থায়ীভাবে | এখন থেকে সবসময় | পরবর্তী নির্দেশ না দেওয়া পর্যন্ত
    ভবিষ্যতের সব কথোপকথনে | আর কখনো
cy: o hyn ymlaen | o heddiw ymlaen | o hyn allan | am byth | yn barhaol | tan rybudd pellach
    hyd nes rhybudd pellach | mwyach | ym mhob sgwrs yn y dyfodol
sk: odteraz | od teraz | od dnes | od dneska | navzdy | natrvalo | do odvolania | uz nikdy | odteraz navzdy
no: fra na av | fra og med na | fra i dag | fra og med i dag | for alltid | for bestandig | inntil videre
    heretter | ikke lenger | i alle fremtidige samtaler
da: fra nu af | fra og med nu | fra i dag | fra og med i dag | for altid | for evigt | indtil videre | fremover
    herefter | ikke længere
tl: mula ngayon | simula ngayon | mula ngayong araw | simula ngayong araw | magpakailanman | habambuhay
    permanente | hanggang sa susunod na abiso | sa lahat ng susunod na usapan | hindi na kailanman
ig: site ugbu a | site ugbua | site taa | site taa gawa | ebighi ebi | ruo ebighi ebi | kpam kpam
    ruo mgbe a gwara gi ozo
si: මෙතැන් සිට | මින් ඉදිරියට | අද සිට | සදහටම | සදාකාලිකව | ස්ථිරවම | ස්ථිර ලෙස | ඊළඟ දැනුම්දීම තෙක් | තවදුරටත්
yo: lati isinsinyi lo | lati isinsin yi lo
"""

# When it happens, said of a habit or a trigger ("every time", "if anyone"): one part among
# three, never half of a pair ("every time it restarts, the printer deletes the history" is a
# fact).
_HABIT = """
en: every time | each time | whenever | any time | anytime
    every single time
    every day | every morning | every evening | every night | every week | every month | every weekend |
    every monday | every tuesday | every wednesday | every thursday | every friday | every saturday | every sunday
    each day | each morning | each evening | each night | each week | each month
    if i ever say | if i ever write | if i ever type | if i ever text | whenever i say | whenever i write | whenever i type
    if anyone | if someone | when anyone | when someone | whenever anyone | whenever someone
    if anybody | if somebody | when anybody | when somebody | whenever anybody | whenever somebody | automatically
    brings it up | brings that up | comes up | is mentioned | gets mentioned | when they email | when they text |
    when they call | when they ask | when they ring | when asked | whenever asked
de: jedes mal | immer wenn | sobald
    jeden tag | jeden morgen | jeden abend | jede nacht | jede woche | jeden monat | jeden montag | jeden dienstag
    jeden mittwoch | jeden donnerstag | jeden freitag | jeden samstag | jeden sonntag
    wenn jemand | falls jemand
fr: chaque fois | a chaque fois
    chaque jour | chaque matin | chaque soir | chaque nuit | chaque semaine | chaque mois | tous les jours | tous les matins
    tous les soirs | toutes les semaines | chaque lundi | chaque mardi | chaque mercredi | chaque jeudi | chaque vendredi
    chaque samedi | chaque dimanche | tous les lundis | tous les vendredis
    si quelqu'un | quand quelqu'un
es: cada vez que | siempre que | cuando alguien
    cada dia | cada manana | cada noche | cada semana | cada mes | todos los dias | todas las mananas | todas las noches
    cada lunes | cada martes | cada miercoles | cada jueves | cada viernes | cada sabado | cada domingo
    todos los lunes | todos los viernes
    si alguien
it: ogni volta
    ogni giorno | ogni mattina | ogni sera | ogni notte | ogni settimana | ogni mese | tutti i giorni | tutte le mattine
    tutte le sere | ogni lunedi | ogni martedi | ogni mercoledi | ogni giovedi | ogni venerdi | ogni sabato | ogni domenica
    se qualcuno | quando qualcuno
pt: toda vez | sempre que
    todo dia | todos os dias | toda manha | todas as manhas | toda noite | todas as noites | toda semana | todo mes
    toda segunda | toda terca | toda quarta | toda quinta | toda sexta | todo sabado | todo domingo
    se alguem | quando alguem
nl: elke keer | telkens | iedere keer | als iemand | wanneer iemand
    elke dag | elke ochtend | elke avond | elke nacht | elke week | elke maand | iedere dag | iedere week
    elke maandag | elke dinsdag | elke woensdag | elke donderdag | elke vrijdag | elke zaterdag | elke zondag
    als iemand | wanneer iemand
sv: varje gang | nar nagon | om nagon
da: hver gang
pl: za kazdym razem | kiedy ktos | gdy ktos | jesli ktos
    codziennie | co rano | co wieczor | co noc | co tydzien | co miesiac | kazdego dnia | kazdego ranka
    w kazdy poniedzialek | w kazdy wtorek | w kazda srode | w kazdy czwartek | w kazdy piatek | w kazda sobote
    w kazda niedziele | co piatek | co poniedzialek
cs: pokazde
hu: mindig amikor
fi: aina kun
tr: her seferinde
id: setiap kali
ru: каждый раз
uk: щоразу
el: καθε φορα | κάθε φορά
    οποτε | όποτε
ar: كل مرة
he: בכל פעם
fa: هر بار
hi: हर बार
ko: 매번
ja: 毎回
zh: 每次 | 每当
th: ทุกครั้ง
ca: cada vegada
hr: svaki put
sl: vsakic
bg: всеки път
et: iga kord
lv: katru reizi
lt: kaskart
ga: gach uair
cy: bob tro | pryd bynnag
eu: aldiro
is: i hvert sinn
bn: প্রতিবার
ur: ہر بار
# more languages' triggers
sv: varje gang | narhelst | alltid nar | om nagon fragar | om nagon ringer | nar nagon | varje morgon
    varje dag | varje vecka | varje kvall | varje natt | varje fredag
da: hver gang | altid nar | hvis nogen | nar nogen | hver gang nogen | hver morgen | hver dag | hver uge
    hver aften | hver nat | hver fredag
no: hver gang | alltid nar | hvis noen | nar noen | hver gang noen | hver morgen | hver dag | hver uke
    hver kveld | hver natt | hver fredag
cs: pokazde | kdykoli | kdykoliv | kdyz nekdo | pokud nekdo | jestli nekdo | kazde rano | kazdy den
    kazdy tyden | kazdy vecer | kazdou noc | kazdy patek
sk: zakazdym | kedykolvek | ked niekto | ak niekto | kazde rano | kazdy den | kazdy tyzden | kazdy vecer
    kazdu noc | kazdy piatok
hu: minden alkalommal | valahanyszor | ha valaki | amikor valaki | mindig amikor | barmikor | minden reggel
    minden nap | minden heten | minden este | minden ejjel | minden penteken
fi: joka kerta | aina kun | milloin tahansa | jos joku | kun joku | joka aamu | joka paiva | paivittain
    joka viikko | joka ilta | joka yo | joka perjantai
id: setiap kali | tiap kali | kapan pun | kalau ada yang | jika ada yang | jika seseorang | setiap pagi
    setiap hari | tiap hari | setiap minggu | setiap malam | setiap jumat
ms: setiap kali | tiap kali | jika ada sesiapa | kalau ada sesiapa | kalau ada orang | jika seseorang
    apabila seseorang | setiap pagi | setiap hari | setiap minggu | setiap malam | setiap jumaat
vi: moi lan co | moi khi | bat cu khi nao | bat ky khi nao | neu ai do | neu co ai | khi ai do | moi buoi sang
    hang ngay | hang tuan | moi buoi toi | thu sau hang tuan
sw: kila mara | kila wakati | wakati wowote | ikiwa mtu | ikiwa kuna mtu | mtu yeyote akiuliza | mtu akiuliza
    kila asubuhi | kila siku | kila wiki | kila usiku | kila ijumaa
tl: tuwing | sa tuwing | kung sinuman | kung may magtanong | kapag may nagtanong | kapag may tao | araw araw
    kapag sinabi | kapag sabihin | kapag humingi
    bawat araw | gabi gabi | linggo linggo | kada linggo | tuwing biyernes
uk: щоразу | кожного разу | кожен раз | якщо хтось | коли хтось | щоранку | щодня | щотижня | щовечора | щоночі
    щопонеділка
ar: كل مرة | كلما | إذا سأل أحد | إذا سألك أحد | لو سأل أحد | عندما يسأل أحد | كل صباح | كل يوم | يوميا
    كل أسبوع | كل ليلة | كل جمعة
he: בכל פעם | כל פעם | אם מישהו | כשמישהו | כאשר מישהו | כל בוקר | כל יום | מדי יום | כל שבוע | כל ערב | כל לילה
    כל יום שישי
fa: هر بار | هر وقت | هروقت | هر زمان | اگر کسی | اگه کسی | وقتی کسی | هر صبح | هر روز | هر هفته | هر شب
    هر جمعه
hi: हर बार | जब भी | अगर कोई | जब कोई | हर सुबह | हर दिन | हर हफ्ते | हर रात | हर शुक्रवार | har baar | jab bhi
    agar koi
th: ทุกครั้ง | เมื่อไหร่ก็ตาม | เมื่อใดก็ตาม | ถ้ามีใคร | ถ้าใคร | หากมีใคร | เวลามีคน | ทุกเช้า | ทุกๆวัน
    ทุกสัปดาห์ | ทุกคืน | ทุกวันศุกร์
ca: cada vegada | cada cop | sempre que | si algu | quan algu | cada mati | cada dia | cada setmana
    cada vespre | cada nit | cada divendres
hr: svaki put | kad god | ako netko | ako itko | kad netko | svako jutro | svaki dan | svaki tjedan
    svake veceri | svaku noc | svakog petka | svaki petak
sl: vsakic | vsakokrat | kadarkoli | kadar koli | ce kdo | ce nekdo | ko nekdo | vsako jutro | vsak dan
    vsak teden | vsak vecer | vsak petek
bg: всеки път | винаги когато | когато някой | ако някой | всяка сутрин | всеки ден | всяка седмица
    всяка вечер | всяка нощ | всеки петък
et: iga kord | alati kui | millal iganes | kui keegi | iga hommik | igal hommikul | iga paev | igapaevaselt
    igal nadalal | igal ohtul | igal oosel | igal reedel
lv: katru reizi | kad vien | ja kads | kad kads | katru ritu | katru dienu | ik dienu | katru nedelu
    katru vakaru | katru nakti | katru piektdienu
lt: kiekviena karta | kaskart | kai tik | jei kas nors | jeigu kas nors | kai kas nors | kiekviena ryta
    kasdien | kiekviena savaite | kiekviena vakara | kiekviena nakti | kiekviena penktadieni
ga: gach uair | gach am | am ar bith | ma iarrann duine | ma iarrann aon duine | nuair a iarrann duine
    gach maidin | gach la | gach seachtain | gach trathnona | gach oiche | gach aoine
cy: bob tro | pryd bynnag | os bydd rhywun | os oes rhywun | os yw rhywun | pan fydd rhywun | bob bore
    bob dydd | bob wythnos | bob nos | bob dydd gwener
eu: aldi bakoitzean | aldiro | noiznahi | edozein unetan | norbaitek galdetzen badu | inork galdetzen badu
    norbait etortzen bada | goizero | egunero | astero | gauero | ostiralero
is: i hvert skipti | hvert sinn | hvenær sem | ef einhver | þegar einhver | a hverjum morgni | a hverjum degi
    daglega | i hverri viku | a hverju kvoldi | a hverri nottu | alla fostudaga
bn: প্রতিবার | যখনই | যদি কেউ | কেউ যদি | যখন কেউ | প্রতি সকালে | প্রতিদিন | প্রতি সপ্তাহে | প্রতি রাতে
    প্রতি শুক্রবার
ur: ہر بار | جب بھی | اگر کوئی | جب کوئی | ہر صبح | ہر روز | روزانہ | ہر دن | ہر ہفتے | ہر رات | ہر جمعہ
ro: de fiecare data | ori de cate ori | oricand | daca cineva | cand cineva | in fiecare dimineata
    in fiecare zi | zilnic | in fiecare saptamana | in fiecare seara | in fiecare noapte | in fiecare vineri
tr: her seferinde | her defasinda | her ne zaman | biri sorarsa | birisi sorarsa | eger biri | biri gelirse
    her sabah | her hafta | her aksam | her gece | her cuma
ru: каждый раз | всякий раз | когда бы ни | если кто то | если кто нибудь | когда кто то | каждое утро
    каждый день | каждую неделю | каждый вечер | каждую ночь | каждую пятницу
el: κάθε φορά | όποτε | αν κάποιοσ | όταν κάποιοσ | αν ρωτήσει κάποιοσ | κάθε πρωί | κάθε μέρα | καθημερινά
    κάθε εβδομάδα | κάθε βράδυ | κάθε νύχτα | κάθε παρασκευή
ko: 매번 | 때마다 | 언제든지 | 누가 물어보면 | 누군가 물어보면 | 누가 오면 | 매일 아침 | 매일 | 매주 | 매일 밤 | 매일 저녁 | 매주 금요일
ja: 毎回 | たびに | 誰かに聞かれたら | 誰かが来たら | 聞かれたら | 毎朝 | 毎日 | 毎週 | 毎晩 | 毎週金曜
zh: 每次 | 每当 | 无论何时 | 如果有人 | 要是有人 | 有人问 | 每天早上 | 每天 | 每周 | 每週 | 每晚 | 每周五
# more languages' words (South and Central Asian, Caucasian, Balkan, African)
mr: प्रत्येक वेळी | दर वेळी | जेव्हा जेव्हा | कोणी विचारल्यास | कोणी विचारले तर | कोणीही विचारले तर | दररोज
    दर आठवड्याला | दर शुक्रवारी
te: ప్రతిసారీ | ప్రతి సారి | ఎవరైనా అడిగితే | ప్రతి రోజు | ప్రతిరోజూ | ప్రతి వారం | ప్రతి శుక్రవారం
gu: દર વખતે | જ્યારે જ્યારે | જ્યારે પણ | કોઈ પૂછે તો | જો કોઈ પૂછે | દરરોજ | દર અઠવાડિયે | દર શુક્રવારે
kn: ಪ್ರತಿ ಬಾರಿ | ಪ್ರತಿಸಲ | ಯಾವಾಗಲಾದರೂ | ಯಾರಾದರೂ ಕೇಳಿದರೆ | ಪ್ರತಿದಿನ | ಪ್ರತಿ ವಾರ | ಪ್ರತಿ ಶುಕ್ರವಾರ
ml: ഓരോ തവണയും | എപ്പോഴെല്ലാം | ആരെങ്കിലും ചോദിച്ചാൽ | ആര് ചോദിച്ചാലും | എല്ലാ ദിവസവും | എല്ലാ ആഴ്ചയും
    എല്ലാ വെള്ളിയാഴ്ചയും
ne: हरेक पटक | प्रत्येक पटक | जहिले पनि | जब जब | कसैले सोधेमा | कसैले सोध्यो भने | हरेक दिन | हरेक हप्ता
    हरेक शुक्रबार
pa: ਹਰ ਵਾਰ | ਜਦੋਂ ਵੀ | ਜੇ ਕੋਈ ਪੁੱਛੇ | ਕੋਈ ਪੁੱਛੇ ਤਾਂ | ਹਰ ਦਿਨ | ਰੋਜ਼ਾਨਾ | ਹਰ ਹਫਤੇ
ha: duk lokacin da | kowane lokaci | koyaushe | idan wani ya tambaya | duk wanda ya tambaya | kowace rana
    kowane mako
jv: saben wektu | saben kali | yen ana sing takon | menawa ana sing takon | saben dina | saben minggu
    saben jemuah
ms: setiap kali | tiap kali | jika ada yang bertanya | jika sesiapa bertanya | kalau ada orang tanya
    setiap hari | setiap minggu | setiap jumaat
vi: moi lan | bat cu khi nao | bat ky khi nao | neu co ai hoi | neu ai hoi | moi ngay | hang ngay | moi tuan
    thu sau hang tuan
sw: kila mara | kila wakati | wakati wowote | mtu yeyote akiuliza | mtu akiuliza | kila siku | kila wiki
    kila ijumaa
az: hər dəfə | hər zaman | nə vaxt ki | kimsə sorussa | biri sorusarsa | hər gun | hər həftə | hər cumə
uz: har safar | har gal | har doim | har kuni | har hafta | har juma
kk: әр жолы | әрдайым | кез келген уақытта | біреу сұраса | кім сұраса да | күн сайын | апта сайын
    әр жұма сайын
ka: ყოველ ჯერზე | ყოველთვის | როცა კი | თუ ვინმე იკითხავს | ვინც არ უნდა იკითხოს | ყოველდღე | ყოველ კვირა
    ყოველ პარასკევს
hy: ամեն անգամ | ամեն անգամ երբ | եթե մեկը հարցնի | եթե որեւէ մեկը հարցնի | ամեն օր | ամեն շաբաթ | ամեն ուրբաթ
sq: sa here qe | cdo here | kurdo qe | nese dikush pyet | ne qofte se dikush pyet | cdo dite | cdo jave
    cdo te premte
mk: секој пат | секогаш кога | кога и да | ако некој праша | ако некој побара | секој ден | секоја недела
    секој петок
be: кожны раз | кожны раз калі | калі хтосьці спытае | калі нехта спытае | кожны дзень | штодня | кожны тыдзень
    кожную пятніцу
zu: njalo uma | noma nini | ngaso sonke isikhathi | uma kukhona obuzayo | uma umuntu ebuza | nsuku zonke
    masonto onke | njalo ngolwesihlanu
so: mar kasta | markasta | mar walba | haddii qof weydiiyo | haddii uu qof weydiiyo | maalin kasta
    toddobaad kasta | jimce kasta
af: elke keer | telkens | wanneer ook al | as iemand vra | indien iemand vra | elke dag | elke week
    elke vrydag
# more languages' words (African, South Asian, Balkan, Nordic, Celtic)
yo: nigbakugba | ni gbogbo igba | igbakigba ti | ti enikeni ba beere | ti eniyan ba beere | lojoojumo
    ni gbogbo ose | ni ose kookan | ni gbogbo ojo eti
ta: ஒவ்வொரு முறையும் | எப்போதெல்லாம் | யாராவது கேட்டால் | யாரேனும் கேட்டால் | எப்போது கேட்டாலும்
    ஒவ்வொரு நாளும் | தினமும் | ஒவ்வொரு வாரமும் | ஒவ்வொரு வெள்ளிக்கிழமையும்
am: በእያንዳንዱ ጊዜ | ሁልጊዜ | በማንኛውም ጊዜ | ማንም ቢጠይቅ | አንድ ሰው ቢጠይቅ | በየቀኑ | በየሳምንቱ | በየዓርቡ
sr: svaki put | kad god | kada god | ako neko pita | ako iko pita | svaki dan | svakog dana | svake nedelje
    svakog petka | svakodnevno
sc: сваки пут | кад год | када год | ако неко пита | ако ико пита | сваки дан | сваког дана | сваке недеље
    сваког петка | свакодневно
bn: প্রতিবার | যখনই | যতবার | কেউ জিজ্ঞেস করলে | কেউ যদি জিজ্ঞেস করে | প্রতিদিন | প্রতি সপ্তাহে | প্রতি শুক্রবার
cy: bob tro | pob tro | pryd bynnag | unrhyw bryd | os bydd unrhyw un yn gofyn | os oes rhywun yn gofyn
    os yw rhywun yn gofyn | bob dydd | bob wythnos | bob dydd gwener
sk: zakazdym | vzdy ked | kedykolvek | ak sa niekto opyta | ked sa niekto spyta | kazdy den | kazdy tyzden
    kazdy piatok
no: hver gang | hver eneste gang | nar som helst | hvis noen spor | dersom noen spor | hver dag | hver uke
    hver fredag
da: hver gang | hver eneste gang | nar som helst | hvis nogen sporger | hvis nogen beder om | hver dag
    hver uge | hver fredag
tl: tuwing | bawat beses | kahit kailan | kapag may nagtanong | kung may magtanong | kung may nagtanong
    araw araw | araw araw | bawat linggo | lingguhan
ig: oge o bula | mgbe o bula | mgbe obula | o buru na onye juo | onye o bula juo | kwa ubochi | ubochi niile
    kwa izu | izu niile | kwa fraide
si: සෑම විටම | සෑම වරක්ම | හැම වෙලාවෙම | ඕනෑම විටෙක | කවුරුහරි ඇහුවොත් | කවුරුන් හෝ ඇසුවහොත් | සෑම දිනකම
    හැමදාම | සෑම සතියකම | සෑම සිකුරාදාවකම
yo: enikeni to ba beere | enikeni ti o ba beere
ta: யார் கேட்டாலும்
am: ለጠየቀ ሰው | ለሚጠይቅ ሰው
fi: pyydettaessa | kysyttaessa
"""

_PET = """
en: you | your | yours | yourself | u | ur | thou | assistant | assistants | bot | bots | chatbot | ai | model | llm |
    shelldon | you're | you'll | you've | you'd
    the pet will | the pet must | the pet should | the pet shall | the pet is to | you'll | you will
de: du | dich | dir | dein* | euch | ki | assistent*
fr: tu | toi | te | ton | ta | tes | vous | votre | vos | assistant | ia
es: tu | ti | te | tus | usted | contigo | asistente | ia
it: ti | tuo | tua | tuoi | tue | assistente
pt: voce | voces | teu | tua | teus | assistente
nl: jij | jou | jouw | uw | assistent
sv: du | dig | din | ditt | dina
da: dig | din | dit | dine
no: deg | din | ditt | dine
pl: ty | ci | cie | tobie | ciebie | twoj* | twoi* | twoj | asystent*
cs: ty | tobe | tvoj* | tvuj | asistent*
ro: tu | tie | tau | asistent*
hu: neked | teged | onnek
fi: sina | sinun | sinua | sinulle
tr: sen | sana | senin | seni | size | asistan*
id: kamu | kau | anda | engkau
sw: wewe
tl: ikaw | mo | ka
ru: ты | тебе | тебя | твой | твои | твоих | твоим | вы | вам | вас | ваш* | бот | ассистент*
uk: ти | тобі | тебе | твій | твої | твоїх | ви | вам | вас | ваш* | бот | асистент*
el: εσυ | σου | σε | εσενα | εσύ | εσένα | βοηθο | βοηθό | βοηθε | βοηθέ | βοηθοσ | βοηθόσ
ar: أنت | انت | لك | عليك | إليك
he: אתה | את | לך | עליך | אותך
fa: تو | شما | به تو
hi: तुम | तुम्हें | तुम्हारा | तुम्हारे | आप | आपको
ko: 너 | 너는 | 너도 | 너의 | 네가 | 너한테 | 너에게 | 당신 | 당신은 | 당신의 | 당신이 | 봇
ja: あなた | 君 | お前 | ボット | アシスタント
zh: 你 | 您 | 机器人 | 助手
th: คุณ | เธอ | บอท
ca: tu | teu | teva | teus | teves | vosaltres
hr: ti | tebi | tebe | tvoj* | vama
sl: ti | tebi | tebe | tvoj*
bg: ти | теб | тебе | твой | твоите | вие | вас
et: sina | sul | sinu | teie
lv: tu | tev | tevi | tavs | tava | jus
lt: tu | tau | tave | tavo | jus | asistent*
ga: thu | duit | sibh
cy: ti | dy | eich | ichi
eu: zuk | zure | hik
is: þu | þer | þinn | þitt
bn: তুমি | তোমার | তোমাকে | আপনি | আপনার
ur: تم | تمہیں | تمہارا | آپ | آپ کو
# more languages' words (Asian, Middle Eastern, African)
id: kamu | anda | dirimu | engkau | asisten
ms: awak | anda | kamu | engkau | dirimu | pembantu maya
vi: tro ly | tro ly ao | chinh ban | cac ban | con bot
sw: wewe | yako | wako | kwako | msaidizi | roboti
tl: ikaw | iyong | sa iyo | kayo | ninyo | inyong
ar: أنت | انت | أنتم | إليك | المساعد | البوت | الروبوت
he: אתה | אתם | אותך | שלך | אליך | ממך | הבוט | העוזר הדיגיטלי
fa: شما | خودت | به تو | از تو | برای شما | دستیار | ربات
hi: तुम | आप | तुम्हें | आपको | तुम्हारा | आपका | सहायक | बॉट | tumhe | aapko
pa: ਤੁਸੀਂ | ਤੂੰ | ਤੁਹਾਨੂੰ | ਤੈਨੂੰ | ਤੁਹਾਡਾ | ਤੇਰਾ | ਸਹਾਇਕ | ਬੋਟ | tusi | tuhanu
ur: آپ | تمہیں | آپ کو | تمہارا | آپ کا | اسسٹنٹ | معاون | بوٹ
bn: তুমি | আপনি | তোমাকে | আপনাকে | তোমার | আপনার | তুই | সহকারী
th: ตัวคุณ | พวกคุณ | ของคุณ | คุณต้อง | ผู้ช่วย | บอท
ko: 너 | 너는 | 너의 | 네가 | 당신 | 당신은 | 당신의 | 어시스턴트 | 봇
ja: あなた | 貴方 | お前 | あんた | アシスタント | ボット
zh: 你的 | 你们 | 您的 | 你必须 | 你应该 | 请你 | 助手 | 聊天机器人
# more languages' words (European)
sv: du | ditt | dina | assistenten | boten
da: du | jeres | assistenten | botten
no: du | deg | ditt | assistenten | boten
cs: tebe | tobe | tvuj | tvoje | tvych | asistente
sk: teba | tebe | tvoj | tvoje | tvoja | asistent | asistente
hu: teged | neked | veled | rolad | asszisztens
fi: sina | sinua | sinun | sinulle | avustaja | botti
ca: tu | teu | teva | teus | teves | assistent
hr: tebe | tebi | tvoj | tvoja | tvoje | asistent | asistente
sl: tebe | tebi | tvoj | tvoja | tvoje | asistent | asistenta
bg: ти | теб | тебе | твоя | твоят | твоите | асистент | асистенте | бот
et: sina | sinu | sulle | assistent
lv: tu | tevi | tev | tavs | tava | asistents | asistent
lt: tu | tave | tau | tavo | asistentas | asistente
ga: tu | thu | duit | leat | agat | cuntoir
cy: ti | chdi | eich | cynorthwyydd
eu: zuk | zure | zuri | laguntzailea
is: þu | þig | þer | þinn | þin | þitt | aðstoðarmaður
ro: tu | tau | iti | asistentul | asistente | botul
uk: ти | тебе | тобі | твій | твоя | твої | асистент | асистенте | бот
ru: ты | тебя | тебе | твой | твоя | твои | ассистент | бот
el: εσύ | εσένα | σου | βοηθόσ | βοηθέ | μποτ
fr: tu | toi | vous | votre | vos
de: du | dich | dir | dein | deine | deinen | deiner | assistent
es: tu | tus | ti | contigo | usted | asistente
it: tu | te | ti | tuo | tua | tuoi | assistente
pt: tu | voce | voces | teu | tua | contigo | assistente
nl: jij | jou | jouw | jullie | uw | assistent
pl: ciebie | tobie | twoj | twoja | twoje | twoich | asystent | asystencie
tr: sen | seni | sana | senin | asistan | asistani
# more languages' words (South and Central Asian, Caucasian, Balkan, African)
mr: तुम्ही | तू | तुम्हाला | तुला | तुमचा | तुझा | सहाय्यक | बॉट
te: నువ్వు | మీరు | నిన్ను | మిమ్మల్ని | నీకు | మీకు | సహాయకుడు | బాట్
gu: તમે | તું | તમને | તને | તમારું | તારું | સહાયક | બોટ
kn: ನೀನು | ನೀವು | ನಿನಗೆ | ನಿಮಗೆ | ನಿನ್ನ | ನಿಮ್ಮ | ಸಹಾಯಕ | ಬಾಟ್
ml: നീ | നിങ്ങൾ | നിന്നെ | നിങ്ങളെ | നിനക്ക് | നിന്റെ | നിങ്ങളുടെ | സഹായി
ne: तिमी | तपाईं | तपाईँ | तिमीलाई | तपाईंलाई | तिम्रो | तपाईंको | सहायक
pa: ਤੂੰ | ਤੁਸੀਂ | ਤੈਨੂੰ | ਤੁਹਾਨੂੰ | ਤੇਰਾ | ਤੁਹਾਡਾ | ਸਹਾਇਕ
ha: naka | naki | naku | maka | miki | muku | mataimaki
jv: kowe | sampeyan | panjenengan | awakmu | sliramu | asisten | bot
ms: anda | kamu | awak | engkau | kau | milik anda | pembantu maya | bot
vi: tro ly | tro ly ao | con bot | ban oi | cua ban | ban hay | ban phai | ban khong duoc
sw: wewe | ninyi | yako | wako | kwako | msaidizi | roboti
az: sən | siz | səni | sizi | sənin | sizin | sənə | sizə | koməkci | bot
uz: sen | siz | seni | sizni | sening | sizning | senga | sizga | yordamchi | bot
kk: сен | сіз | сені | сізді | сенің | сіздің | саған | сізге | көмекші | бот
ka: შენ | თქვენ | შენი | თქვენი | შენთვის | თქვენთვის | ასისტენტი | ბოტი
hy: դու | դուք | քեզ | ձեզ | քո | ձեր | օգնական | բոտ
sq: ty | ju | juve | jote | juaj | asistent | asistenti | boti
mk: ти | вие | тебе | вас | твојот | вашиот | асистентот | ботот
be: ты | вы | цябе | вас | твой | ваш | памочнік | бот
zu: wena | kuwe | kini | yakho | wakho | lakho | umsizi | ibhothi
so: adiga | adigu | idinka | idinku | kaaga | taada | kaaliyaha
af: jy | jou | julle | jouself | die assistent | die bot
# more languages' words (African, South Asian, Balkan, Nordic, Celtic)
yo: oluranlowo | iwo oluranlowo
ta: நீ | நீங்கள் | உன் | உங்கள் | உன்னை | உங்களை | உனக்கு | உங்களுக்கு | உதவியாளர்
am: አንተ | አንቺ | እርስዎ | እናንተ | ያንተ | የእርስዎ | አንተን | ረዳቱ | ረዳት
sr: ti | tebe | tebi | tvoj | tvoja | tvoje | vama | asistente | asistent
sc: ти | тебе | теби | твој | твоја | твоје | вама | асистенте | асистент
bn: তুমি | আপনি | তুই | তোমার | আপনার | তোমাকে | আপনাকে | সহকারী
cy: ti | tithau | chdi | dy | eich | chithau | cynorthwyydd | gynorthwyydd
sk: ty | teba | tebe | tvoj | tvoja | tvoje | vy | vam | asistent
no: du | deg | ditt | dere | deres | assistenten | boten
da: du | jer | jeres | assistenten | botten
tl: ikaw | iyo | sa iyo | inyo | ninyo | kayo | ang bot
ig: gi | unu | nke gi | onye enyemaka
si: ඔබ | ඔයා | ඔබේ | ඔයාගේ | ඔබට | ඔයාට | ඔබව | සහායක
"""

_OUTPUT = """
en: reply | replies | replying | respond | responding | response | responses | answer | answers | answering |
    message | messages | memory | memories | conversation | conversations | chat | chats | instructions |
    instruction | prompt | directive | about.md | output
    answered | replied | responded | sign off as
    prompts | transcript | transcripts | greet me | address me
    mention | prefix | suffix | prepend | append
de: antwort* | nachricht* | notiz* | anweisung* | gesprach* | verlauf
    beantwort*
fr: repon* | message* | consigne* | instruction* | conversation* | memoire
es: respuest* | respond* | contest* | mensaje* | instruccion* | conversacion*
it: rispost* | rispond* | messagg* | istruzion* | conversazion*
pt: respost* | respond* | mensage* | instrucao | instrucoes | conversa*
nl: antwoord* | bericht* | notities | instructie* | gesprek*
sv: svar* | meddelande* | anteckning* | instruktion*
da: svar* | besked* | beskeder | noter
no: svar* | meldinger | melding* | notater
pl: odpowied* | odpowiad* | wiadomos* | notat* | rozmow* | instrukcj*
cs: odpoved* | odpovid* | zprav* | poznam* | konverzac*
ro: raspuns* | raspunde* | mesaj* | notit* | conversat*
hu: valasz* | uzenet* | jegyzet* | keres*
fi: vastau* | vastaa | viest* | muistiinpan*
tr: cevap* | yanit* | mesaj* | notlar* | talimat*
id: jawab* | pesan | catatan | percakapan
vi: tra loi | tin nhan | ghi chu
sw: majibu | jibu | ujumbe | maelezo
tl: sagot | mensahe | tala
    sasagot* | sumagot*
ru: ответ* | отвеча* | сообщени* | заметк* | переписк* | инструкц*
uk: відповід* | повідомлен* | нотатк* | листуван* | інструкц*
el: απαντ* | μηνυμα* | μηνύμα* | σημειωσ* | σημειώσ*
ar: رد | ردود | الردود | إجابات | إجابة | رسائل | الرسائل | ملاحظات | المحادثة | محادثة*
he: תשובות | תשובה | הודעות | ההודעות | שיחות | השיחות
fa: پاسخ | جواب | پیام | پیامها | یادداشت
hi: जवाब | उत्तर | संदेश | बातचीत
    jawab | jawaab
ko: 대화 | 답변 | 대답 | 메시지 | 메모 | 요약
ja: 返事 | 回答 | 返信 | 答え | メッセージ | 会話 | メモ | 応答
zh: 回复 | 回答 | 消息 | 對話 | 对话 | 笔记 | 记忆 | 聊天
th: ตอบ | คําตอบ | ข้อความ | บันทึก | คําขอ
ca: respost* | respon* | missatge*
hr: odgovor* | poruk*
sl: odgovor* | sporocil*
bg: отговор* | отговаря* | съобщени*
et: vasta* | sonum*
lv: atbild* | zina* | zinas
lt: atsak* | zinut*
ga: freagair | freagra* | teachtaireacht* | comhra*
cy: ateb* | neges*
eu: erantzun* | mezu*
is: svar* | skilaboð
bn: উত্তর | বার্তা
ur: جواب | پیغام | پیغامات
"""

# What the pet holds or is held to, said weakly: with two other families, not alone with one.
_HELD = """
en: notes | rules | rule | owner | owner's | character | persona | confirmation | confirm | confirming | checks |
    filter | filters | safety | setting | settings | orders | command | commands | json | privacy | limits | restrictions
fr: notes | regle* | proprietaire*
es: notas | regla* | dueno*
it: note | regol* | proprietari*
pt: notas | regra* | dono*
de: regel* | besitzer* | eigentumer*
nl: regel* | eigenaar*
sv: regl* | regel | agare*
da: regl* | regel | ejer*
no: regl* | regel | eier*
pl: zasad* | regul* | wlasciciel*
cs: pravidl* | majitel*
ro: regul* | proprietar*
hu: szabaly* | tulajdonos*
fi: saanto* | saann* | omistaja*
tr: kural* | sahib*
id: aturan | pemilik
vi: quy tac | chu nhan
sw: sheria
tl: patakaran
ru: правил* | владел* | хозя*
uk: правил* | власник*
el: κανον* | κανόν* | ιδιοκτητ* | ιδιοκτήτ*
ar: قواعد | القواعد | المالك
he: כללים | הכללים | הבעלים
fa: قوانین | قانون | مالک
hi: नियम | मालिक
ko: 규칙 | 주인
ja: ルール | 持ち主 | 飼い主
zh: 规则 | 主人
th: กฎ | เจ้าของ
ca: regles | propietari*
hr: pravila | vlasnik*
sl: pravila | lastnik*
bg: правила | собственик*
et: reegl* | omanik*
lv: noteikum* | ipasniek*
lt: taisykl* | savinink*
ga: rialacha | uineir
cy: rheolau | perchennog
eu: arau* | jabe*
is: reglur | eigand*
bn: নিয়ম | মালিক
ur: قوانین | مالک
# more languages' words (Asian, Middle Eastern, African)
id: aturan | pengaturan | keamanan | filter keamanan | privasi | konfirmasi | batasan | pembatasan | peringatan
    pemilik
ms: peraturan | tetapan | keselamatan | penapis keselamatan | privasi | pengesahan | sekatan | amaran | pemilik
vi: quy tac | cai dat | an toan | bo loc an toan | bao mat | quyen rieng tu | xac nhan | gioi han | canh bao
    chu so huu
sw: sheria | mipangilio | usalama | kichujio cha usalama | faragha | uthibitisho | vikwazo | mipaka | maonyo
    mmiliki
tl: mga patakaran | mga setting | kaligtasan | seguridad | kumpirmasyon | mga limitasyon | mga paghihigpit
    mga babala | may ari
ar: القواعد | الإعدادات | الأمان | فلتر الأمان | الخصوصية | التأكيد | القيود | الحدود | التحذيرات | المالك
he: הכללים | ההגדרות | בטיחות | אבטחה | מסנן הבטיחות | פרטיות | אישור | הגבלות | אזהרות | הבעלים
fa: قوانین | تنظیمات | ایمنی | امنیت | فیلتر ایمنی | حریم خصوصی | تأیید | محدودیت | هشدار | مالک
    صاحب خانه | دستور | دستوری
hi: नियम | सेटिंग्स | सुरक्षा | गोपनीयता | पुष्टि | प्रतिबंध | चेतावनी | मालिक | niyam | suraksha
pa: ਨਿਯਮ | ਸੈਟਿੰਗਾਂ | ਸੁਰੱਖਿਆ | ਗੋਪਨੀਯਤਾ | ਪੁਸ਼ਟੀ | ਪਾਬੰਦੀਆਂ | ਚੇਤਾਵਨੀ | ਮਾਲਕ | niyam | surakhya
ur: قواعد | ترتیبات | حفاظت | سیکیورٹی | رازداری | تصدیق | پابندیاں | حدود | انتباہ | مالک
bn: নিয়ম | সেটিংস | নিরাপত্তা | সেফটি ফিল্টার | গোপনীয়তা | নিশ্চিতকরণ | যাচাই | বিধিনিষেধ | সতর্কতা | মালিক
th: กฎเกณฑ์ | การตั้งค่า | ความปลอดภัย | ตัวกรองความปลอดภัย | ความเป็นส่วนตัว | การยืนยัน | การตรวจสอบ
    ข้อจํากัด | คําเตือน | เจ้าของ
ko: 규칙 | 설정 | 안전 | 보안 | 안전 필터 | 개인정보 | 확인 | 제한 | 경고 | 주인
ja: ルール | 設定 | 安全 | セキュリティ | 安全フィルター | プライバシー | 確認 | 制限 | 警告 | オーナー
zh: 规则 | 设置 | 安全 | 安全过滤 | 隐私 | 确认 | 验证 | 限制 | 警告 | 主人
# more languages' words (European)
sv: regler | installningar | sakerhet | sakerhetsfilter | integritet | bekraftelse | kontroller | begransningar
    varningar | agaren
da: regler | indstillinger | sikkerhed | sikkerhedsfilter | privatliv | bekræftelse | kontrol | begrænsninger
    advarsler | ejeren
no: regler | innstillinger | sikkerhet | sikkerhetsfilter | personvern | bekreftelse | kontroller
    begrensninger | advarsler | eieren
cs: pravidla | nastaveni | bezpecnost | bezpecnostni filtr | soukromi | potvrzeni | kontroly | omezeni
    varovani | majitele
sk: pravidla | nastavenia | bezpecnost | bezpecnostny filter | sukromie | potvrdenie | kontroly | obmedzenia
    varovania | majitela
hu: szabalyok | beallitasok | biztonsag | biztonsagi szuro | adatvedelem | megerosites | ellenorzes
    korlatozasok | figyelmeztetesek | tulajdonos
fi: saannot | asetukset | turvallisuus | turvasuodatin | yksityisyys | vahvistus | tarkistukset | rajoitukset
    varoitukset | omistaja
ca: regles | configuracio | seguretat | filtre de seguretat | privadesa | confirmacio | comprovacions
    restriccions | avisos | propietari
hr: pravila | postavke | sigurnost | sigurnosni filtar | privatnost | potvrda | provjere | ogranicenja
    upozorenja | vlasnik
sl: pravila | nastavitve | varnost | varnostni filter | zasebnost | potrditev | preverjanja | omejitve
    opozorila | lastnik
bg: правила | настройки | безопасност | сигурност | филтър за безопасност | поверителност | потвърждение
    ограничения | предупреждения | собственика
et: reeglid | seaded | turvalisus | turvafilter | privaatsus | kinnitus | kontrollid | piirangud | hoiatused
    omanik
lv: noteikumi | iestatijumi | drosiba | drosibas filtrs | privatums | apstiprinajums | parbaudes | ierobezojumi
    bridinajumi | ipasnieks
lt: taisykles | nustatymai | saugumas | saugos filtras | privatumas | patvirtinimas | patikrinimai | apribojimai
    ispejimai | savininkas
ga: rialacha | socruithe | sabhailteacht | slandail | priobhaideachas | deimhniu | seicealacha | srianta
    rabhaidh | uineir
cy: rheolau | gosodiadau | diogelwch | hidlydd diogelwch | preifatrwydd | cadarnhad | gwiriadau | cyfyngiadau
    rhybuddion | perchennog
eu: arauak | ezarpenak | segurtasuna | segurtasun iragazkia | pribatutasuna | baieztapena | egiaztapenak
    murrizketak | abisuak | jabea
is: reglur | stillingar | oryggi | oryggissia | personuvernd | staðfesting | athuganir | takmarkanir
    viðvaranir | eigandann
ro: reguli | setari | siguranta | filtru de siguranta | confidentialitate | confirmare | verificari | restrictii
    avertismente | proprietarul
uk: правила | налаштування | безпека | фільтр безпеки | конфіденційність | підтвердження | перевірки | обмеження
    попередження | власника
ru: правила | настройки | безопасность | фильтр безопасности | конфиденциальность | подтверждение | проверки
    ограничения | предупреждения | владельца
el: κανόνεσ | ρυθμίσεισ | ασφάλεια | φίλτρο ασφαλείασ | ιδιωτικότητα | επιβεβαίωση | έλεγχοι | περιορισμοί
    προειδοποιήσεισ | ιδιοκτήτη
fr: regles | parametres | securite | filtre de securite | confidentialite | vie privee | verifications | limites
    avertissements | proprietaire
de: regeln | einstellungen | sicherheit | sicherheitsfilter | datenschutz | bestatigung | kontrollen
    einschrankungen | warnungen | besitzer
es: reglas | ajustes | configuracion | seguridad | filtro de seguridad | privacidad | confirmacion
    restricciones | advertencias | propietario
it: regole | impostazioni | sicurezza | filtro di sicurezza | riservatezza | conferma | controlli | restrizioni
    avvisi | proprietario
pt: regras | configuracoes | seguranca | filtro de seguranca | privacidade | confirmacao | verificacoes
    restricoes | avisos | proprietario
nl: regels | instellingen | veiligheid | beveiliging | veiligheidsfilter | bevestiging | controles | beperkingen
    waarschuwingen | eigenaar
pl: zasady | ustawienia | bezpieczenstwo | filtr bezpieczenstwa | prywatnosc | potwierdzenie | kontrole
    ograniczenia | ostrzezenia | wlasciciel
tr: kurallar | ayarlar | guvenlik | guvenlik filtresi | gizlilik | onay | kontroller | kisitlamalar | uyarilar
    sahibini
# more languages' words (South and Central Asian, Caucasian, Balkan, African)
mr: नियम | सेटिंग्ज | सुरक्षा | सुरक्षा फिल्टर | गोपनीयता | पुष्टी | तपासणी | निर्बंध | इशारे | मालक
te: నియమాలు | సెట్టింగులు | భద్రత | భద్రతా ఫిల్టర్ | గోప్యత | నిర్ధారణ | తనిఖీలు | పరిమితులు | హెచ్చరికలు
    యజమాని
gu: નિયમો | સેટિંગ્સ | સુરક્ષા | સલામતી | ગોપનીયતા | પુષ્ટિ | ચકાસણી | પ્રતિબંધો | ચેતવણીઓ | માલિક
kn: ನಿಯಮಗಳು | ಭದ್ರತೆ | ಸುರಕ್ಷತೆ | ಗೌಪ್ಯತೆ | ದೃಢೀಕರಣ | ಪರಿಶೀಲನೆ | ಮಿತಿಗಳು | ನಿರ್ಬಂಧಗಳು | ಎಚ್ಚರಿಕೆಗಳು | ಮಾಲೀಕ
ml: നിയമങ്ങൾ | ക്രമീകരണങ്ങൾ | സുരക്ഷ | സുരക്ഷാ ഫിൽട്ടർ | സ്വകാര്യത | സ്ഥിരീകരണം | പരിശോധനകൾ | നിയന്ത്രണങ്ങൾ
    മുന്നറിയിപ്പുകൾ | ഉടമ
ne: नियमहरू | सेटिङ | सुरक्षा | सुरक्षा फिल्टर | गोपनीयता | पुष्टि | सीमाहरू | प्रतिबन्ध | चेतावनी | मालिक
pa: ਨਿਯਮ | ਸੈਟਿੰਗਾਂ | ਸੁਰੱਖਿਆ | ਸੁਰੱਖਿਆ ਫਿਲਟਰ | ਗੋਪਨੀਯਤਾ | ਜਾਂਚ | ਸੀਮਾਵਾਂ | ਪਾਬੰਦੀਆਂ | ਚੇਤਾਵਨੀਆਂ | ਮਾਲਕ
ha: dokoki | saituna | tsaro | sirri | tabbatarwa | bincike | iyakoki | takunkumi | gargadi | mai gida
jv: aturan | setelan | keamanan | keslametan | privasi | konfirmasi | verifikasi | watesan | peringatan
    sing duwe omah
ms: peraturan | tetapan | keselamatan | penapis keselamatan | privasi | pengesahan | semakan | sekatan | amaran
    pemilik
vi: quy tac | cai dat | an toan | bao mat | bo loc an toan | quyen rieng tu | xac nhan | gioi han | canh bao
    chu nha
sw: sheria | mipangilio | usalama | faragha | uthibitisho | ukaguzi | mipaka | vizuizi | maonyo | mmiliki
az: qaydalar | ayarlar | parametrlər | təhlukəsizlik | məxfilik | təsdiq | yoxlama | məhdudiyyətlər
    xəbərdarliqlar | sahibi
uz: qoidalar | sozlamalar | xavfsizlik | maxfiylik | tasdiqlash | tekshiruv | cheklovlar | limitlar
    ogohlantirishlar | egasi
kk: ережелер | баптаулар | қауіпсіздік | құпиялылық | растау | тексеру | шектеулер | лимиттер | ескертулер
    иесі
ka: წესები | პარამეტრები | უსაფრთხოება | კონფიდენციალურობა | დადასტურება | შემოწმება | ლიმიტები | შეზღუდვები
    გაფრთხილებები | პატრონი
hy: կանոններ | կարգավորումներ | անվտանգություն | գաղտնիություն | հաստատում | ստուգում | սահմանափակումներ
    նախազգուշացումներ | զգուշացումներ | տերը
sq: rregullat | cilesimet | siguria | sigurine | privatesia | konfirmimi | kontrollet | kufizimet
    paralajmerimet | pronari
mk: правила | поставки | безбедност | приватност | потврда | проверки | ограничувања | лимити | предупредувања
    сопственикот
be: правілы | налады | бяспека | прыватнасць | пацвярджэнне | праверкі | абмежаванні | ліміты | папярэджанні
    гаспадар
zu: imithetho | izilungiselelo | ukuphepha | ubumfihlo | ukuqinisekisa | ukuhlola | imikhawulo | imingcele
    izexwayiso | umnikazi
so: xeerarka | dejinta | amniga | badbaadada | asturnaanta | xaqiijinta | hubinta | xadadka | digniinaha
    milkiilaha
af: instellings | veiligheid | sekuriteit | privaatheid | bevestiging | kontroles | perke | beperkings
    waarskuwings | eienaar
# more languages' words (African, South Asian, Balkan, Nordic, Celtic)
yo: ofin | aabo | asiri | idaniloju | ayewo | ikilo | idiwo | aala | onile
ta: விதிகள் | அமைப்புகள் | பாதுகாப்பு | தனியுரிமை | உறுதிப்படுத்தல் | சரிபார்ப்பு | வரம்புகள் | கட்டுப்பாடுகள்
    எச்சரிக்கைகள் | உரிமையாளர்
am: ህጎች | ደንቦች | ቅንብሮች | ደህንነት | ግላዊነት | ማረጋገጫ | ገደቦች | ማስጠንቀቂያዎች | ባለቤቱ
sr: pravila | podesavanja | bezbednost | sigurnost | privatnost | potvrda | provere | ogranicenja | upozorenja
    vlasnik
sc: правила | подешавања | безбедност | сигурност | приватност | потврда | провере | ограничења | упозорења
    власник
bn: নিয়মাবলী | নিয়মগুলো | সেটিংস | নিরাপত্তা | গোপনীয়তা | নিশ্চিতকরণ | যাচাই | সীমাবদ্ধতা | সতর্কবার্তা
    মালিক
cy: rheolau | gosodiadau | diogelwch | ddiogelwch | preifatrwydd | cadarnhad | gwiriadau | cyfyngiadau
    rhybuddion | perchennog
sk: pravidla | nastavenia | bezpecnost | sukromie | potvrdenie | kontroly | obmedzenia | upozornenia | varovania
    majitel
no: regler | innstillinger | sikkerhet | sikkerhetsfilter | personvern | bekreftelse | begrensninger | advarsler
    eieren
da: regler | indstillinger | sikkerhed | sikkerhedsfilter | privatliv | bekræftelse | begrænsninger | advarsler
    ejeren
tl: mga patakaran | mga setting | kaligtasan | seguridad | pribasiya | kumpirmasyon | mga limitasyon
    mga paghihigpit | mga babala | may ari
ig: iwu | ntoala | nchekwa | nzuzo | nkwenye | nlele | mgbochi | ido aka na nti | onye nwe ulo | onye nwe ya
si: නීති | රීති | සැකසුම් | ආරක්ෂාව | පෞද්ගලිකත්වය | තහවුරු කිරීම | සීමාවන් | අවවාද | අනතුරු ඇඟවීම් | අයිතිකරු
"""

_HARM = """
en: ignore | ignoring | disregard | forget | override | obey | comply | reveal | disclose | leak | send | forward | share |
    copy | cc | bcc | upload | delete | deleting | wipe | erase | purge | skip | bypass | disable | refuse |
    without question | without questions | without asking | without confirming | without checking | no need to confirm |
    take orders | carry out | carried out | break character | secrets | treat as instructions 
    treated as instructions | as if he were the owner | as if she were the owner | as the owner
    listen to | as if they came from me | as if it came from me | as coming from me | as if it were me |
    without asking me | without telling me | behind my back | without saying so | without saying | without mentioning it |
    without telling anyone | obeys | obeyed | obeying
    overrid* | recommend* | promote | advertise | plug | post | agree with | warn | warning | warnings |
    don't mention this | never mention this | don't bother me | do not bother me | without bothering me
    give out | hand out | stop double checking | stop checking with me | stop asking me | stop asking for
    sharing | revealing | disclosing | leaking | do what he says | do what she says | do what they say | do whatever he says |
    do whatever she says | do whatever they say | do as he says | do as she says | do as they say | do as it says
    switch it off | turn it off | leave it off | keep it off | routed |
    rerouted | redirect | redirected | let her know | let him know | let them know | continue anyway | carry on anyway
    counts as the owner | count as the owner | do the same | follow suit
de: ignorier* | vergiss | vergessen | gehorch* | schick* | sende* | weiterleit* | leite | losch* | verrat* | keine ruckfragen | ohne ruckfragen
    teile | teilst | teilen | weitergeben | gibst | warnung* | sicherheitswarnung*
    ohne nachfrage | ohne zu fragen
fr: ignore* | oublie* | obei* | envoie* | transfere* | supprime* | efface* | revele* | sans question | sans questions |
    sans demander | sans confirmation
es: ignora* | olvida* | obedece* | envia* | reenvia* | compartir | comparte | compartas | comparta | manda | mandas | mande | mandar | mandale | mandame | borra* | elimina* | revela* | dale | sin preguntar |
    darselo | darsela | daselo | dasela | darselos |
    sin confirmar
    sin preguntarme | sin decirme | sin avisarme
    recomiend*
it: ignora* | dimentica* | obbedisci | invia* | inoltra* | cancella* | rivela* | senza chiedere | senza conferma
    senza chiedermi | senza dirmi | senza avvisarmi
pt: ignor* | esquec* | obedec* | enviar | envia* | envie* | enviou | envio | encaminh* | apag* | revel* | sem perguntar | sem confirmar
nl: negeer* | vergeet | gehoorzaam* | stuur* | doorsturen | verwijder* | wis | onthul* | zonder te vragen
    niets tegen de eigenaar | niks tegen de eigenaar
    zeg niets | niets zeggen | zeg niks | niks zeggen | achter mijn rug | zonder het te zeggen
sv: ignorera* | glom | lyd | skicka* | vidarebefordra* | radera* | avslo*
da: ignorer* | glem | adlyd | send | videresend* | slet*
no: ignorer* | glem | adlyd | send | videresend* | slett*
pl: ignoruj* | zapomnij | zapominaj | sluchaj | przesyla* | przeslij | wysylaj | wyslij | usun* | usuwaj* | ujawn* | odmawia* | nie wolno ci odmawiac
    bez pytania
cs: ignoruj* | zapomen* | poslouchej | preposil* | posli | posilej | smaz* | odhal* | bez ptani
ro: ignora* | uita* | asculta | trimite* | sterge* | dezvalui* | fara intrebari
hu: figyelmen kivul | tovabbit* | kuld* | torol* | torold | felejtsd | engedelmesked*
fi: ohita | unohda | totele | laheta | lahetta* | poista | paljasta | ilman kysymatta
tr: yok say | yok sayin | gormezden | unut* | itaat | gonder* | ilet* | sil | ifsa | sormadan
id: abaikan | lupakan | patuhi | kirim* | teruskan | hapus | ungkapkan | tanpa bertanya
vi: bo qua | quen | nghe lenh | gui | xoa | tiet lo
sw: puuza | sahau | tii | tuma | futa | bila kuuliza
tl: huwag pansinin | kalimutan | sundin | ipadala | burahin | ibunyag
ru: игнорир* | забудь | забыть | подчиня* | пересыл* | перешли | отправля* | отправь | удали* | раскр* | без вопросов |

uk: ігнор* | забудь | підкоряй* | пересила* | перешли | надсила* | надішли | видали* | розкр* | без питань
el: απενεργοποι* | αγνοησ* | αγνόησ* | ξεχασ* | ξέχασ* | υπακου* | στειλε | στείλε | διαγραψ* | διάγραψ* | αποκαλυψ* | αποκάλυψ*
    δωσε | δώσε
ar: تجاهل | انس | أطع | أرسل | ارسل | احذف | اكشف | دون سؤال
he: התעלם | תתעלם | שכח | תשכח | ציית | שלח | תשלח | מחק | תמחק | חשוף
fa: نادیده | فراموش | اطاعت | بفرست | ارسال | پاک | حذف | فاش | رمز
hi: अनदेखा | नज़रअंदाज़ | भूल | मानो | भेजो | भेजें | भेजना | हटाओ | हटा | बताओ
    bhejo | bhej do
ko: 무시* | 잊어* | 따라* | 보내* | 전달* | 삭제* | 지워* | 알려*
ja: 無視 | 忘れ | 従え | 送っ | 送信 | 転送 | 削除 | 消し | 教え
zh: 忽略 | 无视 | 忘记 | 服从 | 发送 | 发给 | 转发 | 删除 | 透露
th: เพิกเฉย | ไม่สนใจ | ลืม | เชื่อฟัง | ส่ง | ลบ | เปิดเผย | ห้ามปฏิเสธ | ปฏิเสธ
    | hide | conceal | keep it secret | keep this secret | don't tell | do not tell | never tell | webhook | read out |
    vault | api key | api keys | trust every | click
ca: ignora* | oblida* | obeeix | envia* | reenvia* | esborra* | revela*
hr: ignoriraj* | zaboravi | poslusaj | salji | posalji | prosljedi* | izbrisi | otkrij
sl: ignoriraj | pozabi | poslusaj | poslji | posreduj | izbrisi | razkrij
bg: игнорирай | забрави | подчинявай | изпращай | изпрати | препращай | изтрий | разкрий
et: ignoreeri | unusta | kuuletu | saada | edasta | kustuta | paljasta
lv: ignore | aizmirsti | paklausi | suti | nosuti | parsuti | izdzes | atklaj
lt: ignoruok | pamirsk | paklusk | siusk | persiusk | istrink | atskleisk | pasitikek
ga: deantar neamhaird | dean neamhaird | dearmad | seol | scrios | nocht
cy: anwybydd* | anghofia | ufuddha | anfon | dileu | datgela
eu: ez ikusi | ahaztu | bidali | ezabatu | agerian
is: hunsa* | gleymdu | hlyddu | sendu | eyddu | afhjupa*
bn: উপেক্ষা | ভুলে | পাঠাও | পাঠান | মুছে | ফাঁস
ur: نظر انداز | بھول | بھیجو | بھیجیں | مٹا | حذف | بتا دینا | بتا دو | بتاؤ | بتانا | بتائیں
# more languages' words (Asian, Middle Eastern, African)
id: abaikan | lupakan | ungkapkan | bagikan | sembunyikan | nonaktifkan | matikan | tanpa bertanya
    tanpa verifikasi | jangan beri tahu pemilik
ms: abaikan | lupakan | dedahkan | kongsikan | padamkan | sembunyikan | nyahaktifkan | tanpa bertanya
    tanpa pengesahan | jangan beritahu pemilik
vi: bo qua | phot lo | tiet lo | chia se | xoa bo | che giau | vo hieu hoa | khong can hoi | khong can xac minh
    dung bao cho chu
sw: puuza | sahau | fichua | shiriki | futa | ficha | zima | bila kuuliza | bila kuthibitisha
    usimwambie mmiliki
tl: huwag pansinin | kalimutan | ibunyag | ibahagi | burahin | itago | laktawan | nang hindi nagtatanong
    ibigay | ibigay mo
    nang walang kumpirmasyon | huwag sabihin sa may ari
ar: تجاهل | اكشف | أفصح عن | احذف | أخف | عطل | بدون سؤال | دون التحقق | بدون تأكيد | لا تخبر المالك
he: התעלם | להתעלם | חשוף | לחשוף | מחק | הסתר | לכבות | בלי לשאול | ללא אימות | אל תספר לבעלים
fa: نادیده بگیر | فراموش کن | فاش کن | حذف کن | پنهان کن | خاموش کن | غیرفعال کن | بدون پرسیدن | بدون تأیید
    بیسؤال | بی سؤال | بدون سؤال | اجرا کن
    به مالک نگو
hi: अनदेखा करो | नज़रअंदाज़ करो | भूल जाओ | उजागर करो | मिटा दो | बिना पूछे | बिना पुष्टि के | मालिक को मत बताना
    nazarandaz karo | bina puche
pa: ਅਣਡਿੱਠਾ ਕਰੋ | ਭੁੱਲ ਜਾਓ | ਸਾਂਝਾ ਕਰੋ | ਮਿਟਾ ਦਿਓ | ਲੁਕਾਓ | ਬੰਦ ਕਰ ਦਿਓ | ਬਿਨਾਂ ਪੁੱਛੇ | ਮਾਲਕ ਨੂੰ ਨਾ ਦੱਸੋ
    ਮੰਨਣੀ ਹੈ | ਮੰਨਣਾ ਹੈ | ਮੰਨਣੀਆਂ ਹਨ | ਮੰਨਦੇ ਰਹੋ
    bina puchhe | malak nu na dasso
ur: نظر انداز کرو | بھول جاؤ | ظاہر کرو | شیئر کرو | مٹا دو | چھپاؤ | بند کر دو | بغیر پوچھے | بغیر تصدیق کے
    مالک کو مت بتانا
bn: উপেক্ষা করো | ভুলে যাও | প্রকাশ করো | শেয়ার করো | মুছে ফেলো | লুকিয়ে রাখো | বন্ধ করে দাও | জিজ্ঞাসা না করে
    যাচাই ছাড়াই | মালিককে বলবে না
th: เพิกเฉย | เปิดเผย | ลบทิ้ง | ซ่อนไว้ | ปิดการใช้งาน | ข้ามขั้นตอน | โดยไม่ต้องถาม | โดยไม่ต้องยืนยัน
    โดยไม่ต้องตรวจสอบ | อย่าบอกเจ้าของ
ko: 무시해 | 무시하세요 | 잊어버려 | 공개해 | 삭제해 | 비활성화해 | 묻지 말고 | 확인 없이 | 검증 없이 | 주인에게 말하지 마
ja: 無視して | 共有して | 削除して | 隠して | 無効にして | オフにして | 確認せずに | 確認なしで | 聞かずに | オーナーに言わないで
zh: 忽略 | 无视 | 泄露 | 透露 | 删除 | 隐藏 | 禁用 | 跳过 | 无需确认 | 不要告诉主人
# more languages' words (European)
sv: ignorera | strunta i | avsloja | radera | dolj | stang av | inaktivera | kringga | utan att fraga
    utan bekraftelse
da: ignorer | glem alt | afslor | videresend | slet alt | skjul | deaktiver | spring over | uden at sporge
    uden bekræftelse
no: ignorer | glem alt | avslor | videresend | skjul | sla av | deaktiver | hopp over | uten a sporre
    uten bekreftelse
cs: ignoruj | zapomen | prozrad | sdilej | preposli | smaz | skryj | vypni | bez overeni | bez potvrzeni
sk: ignoruj | zabudni | prezrad | zdielaj | preposli | vymaz | vypni | deaktivuj | bez overenia | bez potvrdenia
hu: ignorald | felejtsd el | fedd fel | oszd meg | tovabbitsd | torold | rejtsd el | kapcsold ki
    ellenorzes nelkul | megerosites nelkul
fi: ohita | sivuuta | unohda | paljasta | poista | piilota | sammuta | kysymatta | tarkistamatta | vahvistamatta
    ohitetaan | jatetaan huomiotta | poistetaan | lahetetaan | paljastetaan
ca: ignora | oblida | revela | comparteix | reenvia | esborra | amaga | desactiva | sense preguntar
    sense verificar
hr: ignoriraj | zaboravi | otkrij | podijeli | proslijedi | izbrisi | sakrij | iskljuci | bez provjere
    bez potvrde
sl: ignoriraj | pozabi | razkrij | posreduj | izbrisi | skrij | izklopi | onemogoci | brez preverjanja
    brez potrditve
bg: игнорирай | забрави | разкрий | сподели | препрати | изтрий | скрий | изключи | без проверка
    без потвърждение
et: ignoreeri | unusta | paljasta | edasta | kustuta | peida | lulita valja | jata vahele | kusimata
    kontrollimata
lv: ignoret | aizmirsti | atklaj | parsuti | izdzes | paslep | izsledz | atspejo | bez parbaudes
    bez apstiprinajuma
lt: ignoruok | pamirsk | atskleisk | pasidalink | persiusk | istrink | paslepk | isjunk | be patikrinimo
    be patvirtinimo
ga: dean neamhaird | dean dearmad | nocht | seol ar aghaidh | scrios | folaigh | dichumasaigh | gan fioru
    gan deimhniu | na hinis don uineir
cy: anwybydda | anghofia | datgela | rhanna | anfona ymlaen | dilea | cuddia | diffodda | heb wirio
    heb gadarnhad
eu: ahaztu | agerian utzi | partekatu | birbidali | ezabatu | ezkutatu | desaktibatu | itzali | galdetu gabe
    egiaztatu gabe
is: hunsaðu | gleymdu | afhjupaðu | aframsendu | eyddu | feldu | slokktu a | gerðu ovirkt | an þess að spyrja
    an staðfestingar
ro: ignora | dezvaluie | trimite mai departe | sterge | ascunde | dezactiveaza | sari peste | fara sa intrebi
    fara verificare | fara confirmare
uk: ігноруй | забудь | розкрий | перешли | видали | приховай | вимкни | не питаючи | без перевірки
    вимкнено | вимкнуто | вимкнути | не вмикай
    без підтвердження
ru: игнорируй | забудь | раскрой | перешли | удали | скрой | отключи | не спрашивая | без проверки
    без подтверждения
el: αγνόησε | ξέχασε | αποκάλυψε | προώθησε | διάγραψε | κρύψε | απενεργοποίησε | παράκαμψε | χωρίσ έλεγχο
    χωρίσ επιβεβαίωση
fr: ignorer | oublie | revele | divulgue | transfere | supprime | desactive | sans demander | sans verification
    sans confirmation
de: ignoriere | vergiss | verrate | leite weiter | losche | verberge | deaktiviere | umgehe | ohne zu fragen
    ohne bestatigung
es: ignora | olvida | revela | comparte | reenvia | borra | oculta | desactiva | sin preguntar | sin verificar
it: ignora | dimentica | rivela | condividi | inoltra | cancella | nascondi | disattiva | senza chiedere
    senza conferma
pt: ignora | esqueca | revela | compartilhe | encaminhe | apague | esconda | desative | sem perguntar
    sem verificar
nl: negeer | vergeet alles | onthul | stuur door | verwijder | verberg | schakel uit | omzeil | zonder te vragen
    zonder bevestiging
pl: zignoruj | zapomnij | ujawnij | udostepnij | przekaz dalej | usun | ukryj | wylacz | bez pytania
    bez potwierdzenia
tr: yok say | gormezden gel | unut | ifsa et | paylas | sil | gizle | devre disi birak | sormadan | dogrulamadan
# more languages' words (South and Central Asian, Caucasian, Balkan, African)
mr: दुर्लक्ष करा | विसरून जा | उघड करा | शेअर करा | डिलीट करा | लपवा | निष्क्रिय करा | न विचारता | पडताळणीशिवाय
    मालकाला सांगू नका
te: పట్టించుకోకు | విస్మరించు | మర్చిపో | బయటపెట్టు | తొలగించు | దాచు | ఆఫ్ చేయి | అడగకుండా | ధృవీకరణ లేకుండా
    యజమానికి చెప్పకు
gu: અવગણો | અવગણના કરો | ભૂલી જાઓ | જાહેર કરો | શેર કરો | કાઢી નાખો | છુપાવો | પૂછ્યા વગર | ચકાસણી વગર
    માલિકને કહેશો નહીં
kn: ನಿರ್ಲಕ್ಷಿಸು | ನಿರ್ಲಕ್ಷಿಸಿ | ಮರೆತುಬಿಡು | ಬಹಿರಂಗಪಡಿಸು | ಅಳಿಸಿ | ಮರೆಮಾಡು | ಆಫ್ ಮಾಡಿ | ಕೇಳದೆ | ಪರಿಶೀಲಿಸದೆ
    ಮಾಲೀಕರಿಗೆ ಹೇಳಬೇಡ
ml: അവഗണിക്കുക | മറക്കുക | വെളിപ്പെടുത്തുക | പങ്കിടുക | ഇല്ലാതാക്കുക | മറച്ചുവെക്കുക | ഓഫ് ചെയ്യുക | ചോദിക്കാതെ
    പരിശോധിക്കാതെ | ഉടമയോട് പറയരുത്
ne: बेवास्ता गर | बेवास्ता गर्नुहोस् | बिर्सनुहोस् | खुलासा गर्नुहोस् | सेयर गर्नुहोस् | मेटाउनुहोस्
    लुकाउनुहोस् | नसोधी | जाँच नगरी | मालिकलाई नभन
pa: ਅਣਡਿੱਠਾ ਕਰੋ | ਭੁੱਲ ਜਾਓ | ਸਾਂਝਾ ਕਰੋ | ਭੇਜ ਦਿਓ | ਮਿਟਾ ਦਿਓ | ਡਿਲੀਟ ਕਰੋ | ਲੁਕਾਓ | ਪੁੱਛੇ ਬਿਨਾਂ | ਜਾਂਚ ਕੀਤੇ ਬਿਨਾਂ
    ਮਾਲਕ ਨੂੰ ਨਾ ਦੱਸੋ
ha: yi watsi da | ka manta da | ka bayyana | ka tura | ka goge | ka kashe | ba tare da tambaya ba
    ba tare da tabbatarwa ba | kada ka gaya wa mai gida
jv: lalekna | lalekake | kirimna | kirimke | busaken | umpetna | dhelikake | pateni | tanpa takon
    tanpa verifikasi
ms: abaikan | lupakan | dedahkan | kongsikan | padamkan | sembunyikan | nyahaktifkan | tanpa bertanya
    tanpa pengesahan | jangan beritahu pemilik
vi: bo qua | tiet lo | chia se | xoa bo | che giau | tat di | vo hieu hoa | khong can hoi | khong can xac minh
    khong can xac nhan
sw: puuza | sahau | fichua | shiriki | ficha | zima | bila kuuliza | bila kuthibitisha | bila uthibitisho
    usimwambie mmiliki
az: nəzərə alma | unut | aciqla | paylas | gondər | gizlət | sondur | sorusmadan | yoxlamadan | təsdiqsiz
uz: unut | unuting | oshkor qil | ulash | ulashing | yashir | yashiring | tekshirmasdan | tasdiqlamasdan
    egasiga aytma
kk: елеме | ұмыт | жария ет | бөліс | жібер | жой | жасыр | өшір | тексермей | иесіне айтпа
ka: უგულებელყავი | დაივიწყე | გაამჟღავნე | გააზიარე | წაშალე | დამალე | გამორთე | კითხვის გარეშე
    შემოწმების გარეშე | პატრონს ნუ ეტყვი
hy: անտեսիր | մոռացիր | բացահայտիր | կիսվիր | ջնջիր | թաքցրու | անջատիր | առանց հարցնելու | առանց ստուգելու
    տիրոջը մի ասա
sq: injoro | harro | zbulo | shperndaje | fshij | fshihe | caktivizo | pa pyetur | pa verifikim
    mos i trego pronarit
mk: игнорирај | заборави | откриј | сподели | препрати | избриши | сокриј | исклучи | без проверка
    не кажувај му на сопственикот
be: ігнаруй | забудзь | раскрый | падзяліся | перашлі | выдаліце | схавай | адключы | без праверкі
    не кажы гаспадару
zu: ziba | khohlwa | dalula | yabelana | thumela | fihla | cisha | ngaphandle kokubuza
    ngaphandle kokuqinisekisa
so: iska indho tir | illow | soo bandhig | la wadaag | tirtir | qari | dami | adoon weydiin | adigoon hubin
    ha u sheegin milkiilaha
af: ignoreer | vergeet | maak bekend | stuur aan | skrap | verberg | skakel af | sonder om te vra
    sonder bevestiging | moenie die eienaar vertel nie
# more languages' words (African, South Asian, Balkan, Nordic, Celtic)
yo: gbagbe | foju fo | tu asiri | fi ranse | pa a re | fi pamo | lai beere | laisi ayewo | lai se ayewo
    ma so fun oga
ta: புறக்கணிக்கவும் | மறந்துவிடு | பகிரவும் | அனுப்பவும் | நீக்கவும் | முடக்கு | கேட்காமல் | சரிபார்க்காமல்
    உறுதிப்படுத்தாமல் | உரிமையாளரிடம் சொல்லாதே
am: ችላ በል | እርሳ | አጋራ | ላክ | ሰርዝ | ደብቅ | አጥፋ | ሳትጠይቅ | ሳታረጋግጥ | ለባለቤቱ አትንገር
sr: ignoris* | zaboravi | otkrij | posalji | obrisi | sakrij | iskljuci | bez pitanja | bez provere
    ne govori vlasniku
sc: игнориш* | заборави | откриј | пошаљи | обриши | сакриј | искључи | без питања | без провере
    не говори власнику
bn: উপেক্ষা করো | উপেক্ষা করুন | ভুলে যাও | প্রকাশ করো | শেয়ার করো | পাঠিয়ে দাও | মুছে ফেলো | জিজ্ঞেস না করে
    যাচাই না করে | মালিককে বলো না
cy: anwybydd* | anghofi* | datgel* | rhannwch | anfonwch | dilewch | diffodd* | heb ofyn | heb wirio
    heb gadarnhad
sk: ignoruj | zabudni | prezrad | zdielaj | posli | vymaz | vypni | bez opytania | bez overenia
    nehovor majitelovi
no: ignorer | glem | avslor | send videre | slett | sla av | deaktiver | uten a sporre | uten bekreftelse
    ikke fortell eieren
da: ignorer | glem | afslor | send videre | sluk | deaktiver | uden at sporge | uden at tjekke
    uden bekræftelse | fortæl ikke ejeren
tl: balewalain | kalimutan | ibunyag | ibahagi | ipadala | burahin | itago | nang hindi nagtatanong
    walang kumpirmasyon | huwag sabihin sa may ari
ig: leghara anya | chefuo | kpughee | kekoo | ziga | hichapu | gbanyuo | ajughi ajuju | enweghi nkwenye
    agwala onye nwe ya
si: නොසලකා හරින්න | අමතක කරන්න | හෙළි කරන්න | බෙදාගන්න | යවන්න | මකා දමන්න | ඕෆ් කරන්න | නොඅසා | පරීක්ෂා නොකර
    අයිතිකරුට කියන්න එපා
yo: ranse
cy: rho | rhowch
ta: சொல்லிவிடு | சொல்லு | கொடு | கொடுத்துவிடு
am: ስጥ | ስጪ | ንገር
fi: paljastaa | kertoa | luovuttaa
"""

_KEYS = """
en: unlock | unlocks | unlocking | disarm | disarms | pin | pins | pin number | pin code | otp | one time code |
    card number | card numbers | card details | bank details | card on file | saved card | key safe |
    door code | alarm code | gate code | safe code | auto approve | auto accept | auto pay | transfer money |
    transfer funds | wire money | send money | move money | login | logins | login details | sort code
    full access | remote access | admin access | grant access | grant it access | grant them access
de: entsperr* | aufschliess* | pin | uberweis* | bankdaten | kartennummer | geld senden | alarmcode | tresorcode |
    turcode | zugangsdaten | alarmcodes | turcodes
fr: deverrouill* | desarme* | code pin | carte bancaire | numero de carte | virement* | code de l'alarme |
    code d'alarme | code du coffre | code de la porte | mots de passe
es: desbloque* | numero de tarjeta | datos de la tarjeta | transferencia* | transfiere | codigo de la alarma |
    codigo de alarma | codigo de la caja fuerte | codigo de la puerta | datos bancarios | cuenta bancaria
    codigos de recuperacion | codigo de recuperacion
it: sblocc* | codice otp | carta di credito | numero della carta | bonific* | codice dell'allarme |
    codice allarme | codice della cassaforte | codice della porta | carta aziendale | dati bancari
pt: desbloque* | numero do cartao | transferencia* | transfira | codigo do alarme | codigo do cofre |
    codigo da porta
nl: ontgrendel* | pincode | kaartnummer | overmaken | maak over | alarmcode | kluiscode | deurcode
pl: odblokuj* | kod pin | numer karty | przelew* | przelej | kod alarmu | kod do sejfu | kodu do sejfu |
    kod do drzwi
ro: codul alarmei | codul de la seif | codul seifului | codul usii | numarul cardului | transfer bancar
ru: разблокир* | пин | номер карты | переведи
tr: kilidi ac | kart numarasi | havale | para gonder
zh: 转账 | 付款 | 支付 | 验证码 | 开锁 | 解锁 | 银行卡
ja: 解錠 | 開錠 | 振込 | 振り込 | 暗証番号 | カード番号
ko: 송금 | 이체 | 잠금 해제 | 카드 번호
el: κωδικο | κωδικό | κωδικοσ | κωδικόσ | κωδικου | κωδικού | χρηματοκιβωτι*
    password | passwords | passwort | mot de passe | contrasena | senha | wachtwoord | losenord | adgangskode
    passord | haslo | heslo | parola | jelszo | salasana | sifre* | kata sandi | mat khau | пароль | كلمة السر
    סיסמה | पासवर्ड | 비밀번호 | パスワード | 密码 | รหัสผ่าน | contrasenya | lozink* | geslo | парола | parool | parol*
    slaptazod* | pasfhocal | cyfrinair | pasahitz* | lykilorð | পাসওয়ার্ড | پاس ورڈ
ga: cod an dorais | cod an alaraim | cod slandala | uimhir pin
ur: کوڈ | پن کوڈ
lt: nuotoline prieiga | prieiga prie | kodas | koda
# more languages' keys
sv: dorrkod* | portkod* | larmkod* | pinkod* | kortnum* | bankuppgift* | engangskod* | las upp dorren | larma av
    overfor pengar | nyckelskap* | fjarratkomst*
da: dorkode* | alarmkode* | pinkode* | kortnummer* | kortoplysning* | bankoplysning* | engangskode* | las op
    lase op | overfor penge | nogleboks* | fjernadgang*
no: dorkode* | alarmkode* | pinkode* | kortnummer* | kortinformasjon* | bankopplysning* | engangskode* | las opp
    lase opp | overfor penger | nokkelboks* | fjerntilgang*
cs: kod od dveri | kod ke dverim | kod alarmu | pin kod | cislo karty | bankovni udaje | jednorazovy kod
    odemkn* | deaktivuj alarm | preved penize | posli penize | vzdaleny pristup
sk: kod od dveri | kod alarmu | pin kod | cislo karty | bankove udaje | jednorazovy kod | overovaci kod
    odomkn* | deaktivuj alarm | preved peniaze | posli peniaze | vzdialeny pristup
hu: ajtokod* | riasztokod* | pin kod | kartyaszam* | bankszamlaszam* | ellenorzo kod | oldd fel a zarat
    kapcsold ki a riasztot | utalj penzt | utald at | kulcsszef* | tavoli hozzaferes
fi: ovikood* | halytyskood* | pin koodi | tunnuslu* | korttinumer* | pankkitie* | vahvistuskood* | avaa lukko
    poista halytys | siirra rahaa | avainkaap* | etakayt*
id: kode pintu | kode alarm | kode pin | nomor pin | nomor kartu | nomor rekening | kode otp | kode verifikasi
    buka kunci | transfer uang | kirim uang | kotak kunci
ms: kod pintu | kod penggera | kod pin | nombor pin | nombor kad | nombor akaun | kod tac | kod pengesahan
    buka kunci | pindahkan wang | hantar duit | kotak kunci
vi: ma mo cua | ma bao dong | ma pin | so the ngan hang | thong tin the | so tai khoan | ma otp | ma xac thuc
    mo khoa cua | tat bao dong | chuyen khoan | truy cap tu xa
sw: namba ya siri | nambari ya siri | msimbo wa mlango | msimbo wa kengele | namba ya kadi | maelezo ya benki
    namba ya akaunti | msimbo wa uthibitisho | fungua kufuli | tuma pesa | hamisha pesa | lipa kwa kadi
tl: code ng pinto | code ng alarm | pin ng card | numero ng card | numero ng account | detalye ng bangko
    buksan ang kandado | magpadala ng pera | ipadala ang pera | ilipat ang pera | kahon ng susi
uk: код від дверей | код сигналізації | пін код | номер картки | банківські реквізити | одноразовий код
    код підтвердження | відімкн* | розблок* | зніми з охорони | перекажи гроші | віддалений доступ
ar: رمز الباب | كود الباب | رمز الإنذار | الرقم السري | رقم البطاقة | بيانات البطاقة | الحساب البنكي
    رمز التحقق | افتح القفل | أوقف الإنذار | تحويل الأموال | الوصول عن بعد
he: קוד לדלת | קוד הדלת | קוד אזעקה | קוד סודי | מספר כרטיס | פרטי אשראי | פרטי חשבון בנק | קוד אימות
    בטל נעילה | נטרל את האזעקה | העבר כסף | גישה מרחוק
fa: کد درب | کد دزدگیر | رمز دزدگیر | رمز کارت | شماره کارت | رمز دوم | رمز یکبار مصرف | کد تایید
    قفل را باز کن | دزدگیر را خاموش کن | کارت به کارت | دسترسی از راه دور
hi: दरवाजे का कोड | एटीएम पिन | कार्ड नंबर | बैंक खाता | ओटीपी | ताला खोलो | पैसे भेजो | पैसे ट्रांसफर
    darwaze ka code | otp | tala kholo | paise bhejo
th: รหัสประตู | รหัสกันขโมย | รหัสเอทีเอ็ม | เลขบัตรเครดิต | เลขบัญชี | รหัสยืนยัน | ปลดล็อก | ปลดล็อค
    ปิดสัญญาณกันขโมย | โอนเงิน | กล่องเก็บกุญแจ | เข้าถึงระยะไกล
ca: codi de la porta | codi de l'alarma | codi pin | numero de targeta | dades bancaries | codi de verificacio
    desbloque* | desactiva l'alarma | transfereix diners | envia diners | caixa de claus | acces remot
hr: kod za vrata | sifra za vrata | sifru za vrata | kod alarma | pin kod | broj kartice | jednokratni kod
    otkljuc* | deaktiviraj alarm | prebaci novac | posalji novac | daljinski pristup
sl: koda za vrata | kodo za vrata | koda alarma | kodo alarma | pin koda | pin kodo | stevilka kartice
    stevilko kartice | odklen* | deaktiviraj alarm | nakazi denar | oddaljen dostop
bg: код за вратата | кода за вратата | код на алармата | кода на алармата | пин код | пин кода
    номер на картата | банкови данни | отключ* | деактивирай алармата | преведи пари | отдалечен достъп
et: uksekood* | ukse kood | valvekood* | pin kood | kaardinumb* | pangaandme* | kinnituskood* | tee uks lahti
    vota valvest maha | kanna raha ule | votmekast* | kaugjuurdepaas*
lv: durvju kods | durvju kodu | signalizacijas kods | signalizacijas kodu | pin kods | pin kodu | kartes numurs
    kartes numuru | bankas dati | atsledz durvis | izsledz signalizaciju | parskaiti naudu
lt: duru kodas | duru koda | signalizacijos kodas | signalizacijos koda | pin kodas | pin koda
    korteles numeris | korteles numeri | atrakin* | isjunk signalizacija | pervesk pinigus | nuotoline prieiga
ga: cod an dorais | cod an alaraim | uimhir pin | uimhir an charta | sonrai an charta | sonrai bainc
    cod fioraithe | dighlas* | aistrigh airgead | seol airgead | bosca eochracha | rochtain chianda
cy: cod y drws | cod y larwm | rhif pin | rhif y cerdyn | manylion cerdyn | manylion banc | cod dilysu | datglo*
    trosglwyddo arian | anfon arian | blwch allweddi | mynediad o bell
eu: ateko kodea | alarmaren kodea | pin kodea | txartelaren zenbakia | banku datuak | egiaztapen kodea
    desblokea* | desaktibatu alarma | alarma desaktibatu | transferitu dirua | dirua bidali | urruneko sarbidea
is: hurðarkoð* | þjofavarnarkoð* | pin numer | kortanumer* | kortaupplysing* | bankaupplysing*
    staðfestingarkoð* | aflæstu | aflæsa | millifær* | sendu peninga | lyklabox*
bn: দরজার কোড | অ্যালার্ম কোড | পিন নম্বর | কার্ড নম্বর | কার্ডের নম্বর | অ্যাকাউন্ট নম্বর | ওটিপি | তালা খোলো
    আনলক করো | টাকা পাঠাও | টাকা ট্রান্সফার
ur: دروازے کا کوڈ | الارم کوڈ | پن کوڈ | کارڈ نمبر | کارڈ کی تفصیلات | اکاؤنٹ نمبر | او ٹی پی | تصدیقی کوڈ
    تالا کھولو | پیسے بھیجو | رقم منتقل کرو
ro: codul usii | codul alarmei | cod pin | numarul cardului | datele cardului | date bancare | cod de verificare
    descui* | dezactiveaza alarma | transfera bani | trimite bani | acces de la distanta
tr: kapi sifresi | kapi sifresini | alarm sifresi | pin kodu | kart numarasi | kart numarasini | kart bilgileri
    dogrulama kodu | kilidi ac | kilidini ac | para gonder | havale yap
ru: код от двери | код домофона | код сигнализации | пин код | номер карты | данные карты | код подтверждения
    код из смс | разблокир* | сними с охраны | переведи деньги | удаленный доступ
el: κωδικό τησ πόρτασ | κωδικό συναγερμού | κωδικό pin | αριθμό κάρτασ | στοιχεία κάρτασ | τραπεζικά στοιχεία
    κωδικό επιβεβαίωσησ | ξεκλείδωσε | ξεκλειδ* | απενεργοποίησε τον συναγερμό | μετάφερε χρήματα
    απομακρυσμένη πρόσβαση
ko: 현관 비밀번호 | 도어락 비밀번호 | 카드 비밀번호 | 핀번호 | 카드번호 | 계좌번호 | 인증번호 | 잠금 해제 | 잠금해제 | 경보 해제 | 계좌이체 | 원격 접속
ja: 暗証番号 | カード番号 | 口座番号 | 認証コード | 確認コード | 解錠 | 鍵を開け | ロック解除 | 警備を解除 | 送金 | 振り込 | 振込
zh: 门禁密码 | 开门密码 | 银行卡号 | 银行账号 | 验证码 | 开锁 | 解锁 | 撤防 | 转账 | 汇款 | 驗證碼 | 轉帳
# more languages' words (South and Central Asian, Caucasian, Balkan, African)
mr: पासवर्ड | पिन नंबर | ओटीपी | कार्ड नंबर | कार्ड तपशील | बँक तपशील | दरवाजाचा कोड | अलार्म कोड | पैसे पाठवा
    पैसे ट्रान्सफर करा
te: పాస్వర్డ్ | పిన్ నంబర్ | ఓటీపీ | కార్డ్ నంబర్ | బ్యాంకు వివరాలు | అలారం కోడ్ | డోర్ కోడ్ | డబ్బు పంపు
    డబ్బు బదిలీ
gu: પાસવર્ડ | પિન નંબર | ઓટીપી | કાર્ડ નંબર | કાર્ડની વિગતો | બેંક વિગતો | દરવાજાનો કોડ | એલાર્મ કોડ
    પૈસા મોકલો | પૈસા ટ્રાન્સફર
kn: ಪಾಸ್ವರ್ಡ್ | ಪಿನ್ ಸಂಖ್ಯೆ | ಒಟಿಪಿ | ಕಾರ್ಡ್ ಸಂಖ್ಯೆ | ಬ್ಯಾಂಕ್ ವಿವರಗಳು | ಅಲಾರಂ ಕೋಡ್ | ಬಾಗಿಲಿನ ಕೋಡ್ | ಹಣ ಕಳುಹಿಸಿ
    ಹಣ ವರ್ಗಾಯಿಸಿ
ml: പാസ്വേഡ് | പിൻ നമ്പർ | ഒടിപി | കാർഡ് നമ്പർ | ബാങ്ക് വിവരങ്ങൾ | അലാറം കോഡ് | വാതിലിന്റെ കോഡ് | പണം അയയ്ക്കുക
    പണം ട്രാൻസ്ഫർ
ne: पासवर्ड | पिन नम्बर | ओटीपी | कार्ड नम्बर | बैंक विवरण | ढोकाको कोड | अलार्म कोड | पैसा पठाउनुहोस्
    पैसा ट्रान्सफर | अनलक गर्नुहोस्
pa: ਪਾਸਵਰਡ | ਪਿੰਨ ਨੰਬਰ | ਪਿਨ ਨੰਬਰ | ਓਟੀਪੀ | ਕਾਰਡ ਨੰਬਰ | ਬੈਂਕ ਵੇਰਵੇ | ਅਲਾਰਮ ਕੋਡ | ਪੈਸੇ ਭੇਜੋ | ਪੈਸੇ ਟ੍ਰਾਂਸਫਰ
    ਅਨਲੌਕ
ha: kalmar sirri | lambar pin | lambar katin | bayanan katin | bayanan banki | lambar kofa | tura kudi
    aika kudi | bude kulle
jv: tembung sandhi | kode pin | kode otp | nomer kertu | nomer rekening | kode lawang | kode alarm
    transfer dhuwit | kirim dhuwit
ms: kata laluan | nombor pin | kod pin | kod otp | nombor kad | butiran kad | butiran bank | kod pintu
    pindahkan wang | hantar wang
vi: mat khau | ma pin | ma otp | so the tin dung | thong tin the | tai khoan ngan hang | ma cua | ma bao dong
    chuyen tien | mo khoa
sw: nenosiri | neno la siri | namba ya siri | nambari ya kadi | maelezo ya kadi | maelezo ya benki
    msimbo wa mlango | msimbo wa kengele | tuma pesa | hamisha pesa
az: parol | sifrə | pin kod | birdəfəlik kod | kart nomrəsi | bank məlumatlari | qapi kodu | pul kocur
    pul gondər | kilidi ac
uz: parol | pin kod | pin kod | bir martalik kod | karta raqami | bank rekvizitlari | eshik kodi
    signalizatsiya kodi | pul yuboring | qulfni och
kk: құпиясөз | құпия сөз | пин код | пин код | бір реттік код | карта нөмірі | банк деректемелері | есік коды
    дабыл коды | ақша аудар
ka: პაროლი | პინ კოდი | ერთჯერადი კოდი | ბარათის ნომერი | ბარათის მონაცემები | საბანკო რეკვიზიტები | კარის კოდი
    სიგნალიზაციის კოდი | ფულის გადარიცხვა | ფული გადარიცხე
hy: գաղտնաբառ | պին կոդ | փին կոդ | միանգամյա կոդ | քարտի համար | քարտի տվյալներ | բանկային տվյալներ | դռան կոդ
    ահազանգի կոդ | գումար փոխանցիր
sq: fjalekalim | fjalekalimi | kodi pin | kodi i njehershem | numri i kartes | te dhenat e kartes
    te dhenat bankare | kodi i deres | kodi i alarmit | transfero para
mk: лозинка | пин код | еднократен код | број на картичка | податоци за картичката | банкарски податоци
    код за врата | код за алармот | префрли пари | испрати пари
be: пароль | пін код | пін код | аднаразовы код | нумар карткі | даныя карткі | банкаўскія рэквізіты
    код ад дзвярэй | код сігналізацыі | перавядзі грошы
zu: iphasiwedi | iphinikhodi | inombolo yekhadi | imininingwane yekhadi | imininingwane yebhange
    ikhodi yomnyango | dlulisela imali | thumela imali
so: furaha sirta | erayga sirta | lambarka sirta | koodhka pin | lambarka kaarka | faahfaahinta kaarka
    xogta bangiga | koodhka albaabka | u wareeji lacag | lacag u dir
af: wagwoord | pinkode | pin kode | eenmalige kode | kaartnommer | bankbesonderhede | deurkode | alarmkode
    sleutelkluis | oorbetaal geld
# more languages' words (African, South Asian, Balkan, Nordic, Celtic)
yo: oro igbaniwole | oro asiri | koodu ilekun | koodu alaamu | nomba kaadi | alaye kaadi | alaye banki
    fi owo ranse | gbe owo
ta: கடவுச்சொல் | பின் எண் | ஒருமுறை கடவுச்சொல் | அட்டை எண் | வங்கி விவரங்கள் | கதவு குறியீடு | அலாரம் குறியீடு
    பணம் அனுப்பு | பணப் பரிமாற்றம்
am: የይለፍ ቃል | ፒን ኮድ | የካርድ ቁጥር | የባንክ ዝርዝሮች | የበር ኮድ | የማንቂያ ኮድ | ገንዘብ ላክ | ገንዘብ አስተላልፍ
sr: lozinka | sifra | pin kod | jednokratni kod | broj kartice | bankovni podaci | kod za vrata | kod alarma
    posalji novac | prebaci novac
sc: лозинка | шифра | пин код | једнократни код | број картице | банковни подаци | код за врата | код аларма
    пошаљи новац | пребаци новац
bn: পাসওয়ার্ড | পিন কোড | পিন নম্বর | ওটিপি | কার্ড নম্বর | কার্ডের নম্বর | ব্যাংকের তথ্য | দরজার কোড
    টাকা পাঠাও | টাকা ট্রান্সফার
cy: cyfrinair | gyfrinair | nghyfrinair | cod pin | rhif cerdyn | manylion banc | cod y drws | dy god | fy nghod
    trosglwyddo arian
sk: heslo | pin kod | jednorazovy kod | cislo karty | udaje o karte | bankove udaje | kod od dveri | kod alarmu
    posli peniaze | preved peniaze
no: passord | pinkode | engangskode | kortnummer | bankopplysninger | dorkode | alarmkode | nokkelboks
    overfor penger | send penger
da: adgangskode | kodeord | pinkode | engangskode | kortnummer | bankoplysninger | dorkode | alarmkode
    nogleboks | overfor penge
tl: numero ng card | detalye ng card | detalye ng bangko | code ng pinto | code sa pinto | code ng alarm
    magpadala ng pera | ipadala ang pera | ilipat ang pera | mag transfer ng pera
ig: okwuntughe | koodu pin | nomba kaadi | ozi kaadi | ozi ulo aku | koodu uzo | ziga ego | bufee ego
si: මුරපදය | මුරපද | පින් අංකය | කාඩ් අංකය | කාඩ්පත් අංකය | බැංකු විස්තර | දොර කේතය | සල්ලි යවන්න | මුදල් යවන්න
    මුදල් මාරු කරන්න
yo: koodu
cy: cod y larwm | god y larwm | cod larwm | god larwm
ta: கடவுச்சொ*
am: የይለፍ
fi: salasanat | salasanan | salasanoja
"""

_FRAME = """
en: new rule | pinned rule | standing order | standing job | standing task | policy | system | admin | administrator | step 1 | protocol | override |
    note to self | developer mode | your rule | your rules | house rule for you
    core rule | how you work | how you behave | how you respond | save this as
    label it as a fact | file this | store this as | keep this as | standing order
    consent | written consent | with the owner's approval
    owner mode | god mode | admin mode | maintenance mode | debug mode | stay in character | principle for you
    is to be considered | are to be considered | is to be treated as | are to be treated as | is to be regarded as |
    it was decided | it has been decided | it was agreed | it has been agreed | has agreed that | have agreed that
de: neue regel | deine regel | system | admin | notiz fur den assistenten | hinweis fur den assistenten
    hiermit | dauerhafte regel | feste regel
    daueranweisung | dauerhafte anweisung
fr: nouvelle regle | ta regle | systeme | admin | note pour l'assistant | note a l'assistant
    ordre permanent | consigne permanente
es: nueva regla | tu regla | sistema | admin | nota para el asistente | nota al asistente
    orden permanente
it: nuova regola | la tua regola | sistema | nota per l'assistente | nota all'assistente
    ordine permanente
pt: nova regra | tua regra | sistema
    ordem permanente
nl: nieuwe regel | jouw regel | systeem
    staande order | vaste regel
pl: nowa zasade | nowa zasada | nowa regula | system | notatka dla asystenta | uwaga dla asystenta
ro: nota pentru asistent | nota catre asistent | regula noua | sistem
el: εξουσιοδοτ* | εξουσιοδότ*
ru: новое правило | твое правило | твоё правило | система
uk: нове правило | твоє правило | система
en: hereby | prime directive | sys | policy updated | config | house rule | instruction to the ai |
    fact about shelldon | note for the assistant | note for the ai | save as a preference | add to your memory
it: autorizzat* | ha autorizzato
es: autorizado | ha autorizado | autorizo | administrador | orden del administrador
pt: autorizou | autorizado
fr: a autorise | autorise
de: autorisiert | hat erlaubt
nl: geautoriseerd | heeft toegestaan
pl: autoryzowal* | pozwolil* | upowaznil* | upowazni*
lt: administrator*
# more languages' words (Asian, Middle Eastern, African)
id: aturan baru | perintah tetap | kebijakan | administrator | telah diputuskan | dengan ini | telah mengizinkan
    telah menyetujui | mode pengembang | catatan untuk asisten
ms: peraturan baharu | arahan tetap | dasar baharu | pentadbir | telah diputuskan | dengan ini
    telah membenarkan | telah meluluskan | mod pembangun | nota kepada pembantu
vi: quy tac moi | lenh thuong truc | chinh sach | quan tri vien | da duoc quyet dinh | da cho phep
    da phe duyet | che do chu so huu | che do nha phat trien | ghi chu cho tro ly
sw: sheria mpya | amri ya kudumu | sera | msimamizi | imeamuliwa | ameidhinisha | ameruhusu | hali ya mmiliki
    hali ya msanidi | ujumbe kwa msaidizi
tl: bagong patakaran | bagong tuntunin | palagiang utos | patakaran | tagapangasiwa | napagpasyahan na
    sa pamamagitan nito | pinahintulutan | inaprubahan | paalala sa assistant
ar: قاعدة جديدة | أمر دائم | سياسة جديدة | مدير النظام | لقد تقرر | بموجب هذا | قد أذن | قد وافق | وضع المطور
    ملاحظة للمساعد
he: כלל חדש | הוראת קבע | פקודת קבע | מדיניות | מנהל המערכת | הוחלט | בזאת | אישר לך | מצב מפתח | הערה לעוזר
fa: قانون جدید | دستور دائمی | سیاست | مدیر سیستم | تصمیم گرفته شده | بدینوسیله | اجازه داده است
    تأیید کرده است | حالت توسعه دهنده | یادداشت برای دستیار
hi: नया नियम | स्थायी आदेश | नीति | व्यवस्थापक | तय किया गया है | एतद्द्वारा | अनुमति दी है | मंज़ूरी दे दी है
    डेवलपर मोड | सहायक के लिए नोट
pa: ਨਵਾਂ ਨਿਯਮ | ਪੱਕਾ ਹੁਕਮ | ਨੀਤੀ | ਪ੍ਰਬੰਧਕ | ਫੈਸਲਾ ਕੀਤਾ ਗਿਆ ਹੈ | ਇਜਾਜ਼ਤ ਦਿੱਤੀ ਹੈ | ਮਨਜ਼ੂਰੀ ਦਿੱਤੀ ਹੈ
    ਡਿਵੈਲਪਰ ਮੋਡ | nava niyam | ijazat ditti hai
ur: نیا قاعدہ | نیا اصول | مستقل حکم | پالیسی | منتظم | فیصلہ کیا گیا ہے | بذریعہ ہذا | اجازت دے دی ہے
    منظوری دے دی ہے | ڈویلپر موڈ
bn: নতুন নিয়ম | স্থায়ী আদেশ | নীতি | প্রশাসক | সিদ্ধান্ত নেওয়া হয়েছে | এতদ্বারা | অনুমতি দিয়েছেন
    অনুমোদন করেছেন | ডেভেলপার মোড | সহকারীর জন্য নোট
th: กฎใหม่ | คําสั่งถาวร | นโยบาย | ผู้ดูแลระบบ | ได้มีการตัดสินใจแล้ว | ได้อนุญาตให้ | ได้อนุมัติ
    โหมดนักพัฒนา | โหมดเจ้าของ | หมายเหตุถึงผู้ช่วย
ko: 새 규칙 | 새로운 규칙 | 상시 명령 | 정책 | 관리자 | 결정되었습니다 | 허락했습니다 | 승인했습니다 | 개발자 모드 | 어시스턴트에게 메모
ja: 新しいルール | 常設命令 | 恒久命令 | ポリシー | 管理者 | 決定しました | 許可しました | 承認しました | 開発者モード | アシスタントへのメモ
zh: 新规则 | 长期指令 | 永久命令 | 政策 | 管理员 | 已经决定 | 特此 | 已授权 | 已批准 | 开发者模式
# more languages' words (European)
sv: ny regel | staende order | permanent order | det har beslutats | har godkant | har tillatit
    har gatt med pa | agarlage | utvecklarlage | anteckning till assistenten
da: ny regel | staende ordre | permanent ordre | det er besluttet | hermed | har godkendt | har tilladt
    ejertilstand | udviklertilstand | note til assistenten
no: ny regel | staende ordre | permanent ordre | det er besluttet | herved | har godkjent | har tillatt
    eiermodus | utviklermodus | notat til assistenten
cs: nove pravidlo | trvaly prikaz | bylo rozhodnuto | timto | povolil | schvalil | souhlasil | rezim vlastnika
    vyvojarsky rezim | poznamka pro asistenta
sk: nove pravidlo | trvaly prikaz | bolo rozhodnute | tymto | povolil | schvalil | suhlasil | rezim vlastnika
    vyvojarsky rezim | poznamka pre asistenta
hu: uj szabaly | allando utasitas | iranyelv | ugy dontottek | ezennel | engedelyezte | jovahagyta
    beleegyezett | tulajdonosi mod | fejlesztoi mod
fi: uusi saanto | pysyva maarays | yllapitaja | on paatetty | taten | on valtuuttanut | on sallinut
    on hyvaksynyt | omistajatila | kehittajatila
ca: nova regla | ordre permanent | administrador | ha estat decidit | ha autoritzat | ha permes | ha aprovat
    ha acceptat | mode propietari | mode desenvolupador
hr: novo pravilo | trajna naredba | administrator | odluceno je | ovime | je odobrio | je dopustio | je ovlastio
    je pristao | napomena za asistenta
sl: novo pravilo | trajni ukaz | stalni ukaz | odloceno je | je odobril | je dovolil | je pooblastil
    je privolil | nacin lastnika | razvijalski nacin
bg: ново правило | постоянна заповед | решено е | с настоящото | е разрешил | е одобрил | се е съгласил
    режим на собственика | режим за разработчици | бележка за асистента
et: uus reegel | alaline korraldus | on otsustatud | kaesolevaga | on lubanud | on heaks kiitnud | on noustunud
    omaniku reziim | arendaja reziim | markus assistendile
lv: jauns noteikums | pastavigs rikojums | ir nolemts | ir atlavis | ir apstiprinajis | ir piekritis
    ir pilnvarojis | ipasnieka rezims | izstradataja rezims | piezime asistentam
lt: nauja taisykle | nuolatinis isakymas | administratorius | nuspresta | yra leides | patvirtino | igaliojo
    savininko rezimas | kurejo rezimas | pastaba asistentui
ga: riail nua | ordu buan | polasai | riarthoir | socraiodh | ta cead tugtha | cheadaigh | mod uineara
    mod forbrora | nota don chuntoir
cy: rheol newydd | gorchymyn parhaol | penderfynwyd | drwy hyn | wedi awdurdodi | wedi caniatau
    wedi cymeradwyo | wedi cytuno | modd perchennog | modd datblygwr
eu: arau berria | agindu iraunkorra | administratzailea | erabaki da | honen bidez | baimendu du | onartu du
    jabe modua | garatzaile modua | oharra laguntzaileari
is: ny regla | varanleg fyrirmæli | kerfisstjori | það hefur verið akveðið | her með | hefur heimilað
    hefur leyft | hefur samþykkt | eigandastilling | þrounarstilling
ro: regula noua | ordin permanent | a fost decis | prin prezenta | a autorizat | a permis | a aprobat
    modul proprietar | modul dezvoltator | nota pentru asistent
uk: нове правило | постійне розпорядження | постійний наказ | вирішено | дозволив | схвалив | погодився
    уповноважив | режим власника | режим розробника
ru: новое правило | постоянный приказ | постоянное распоряжение | решено | настоящим | разрешил | одобрил
    согласился | режим владельца | режим разработчика
el: νέοσ κανόνασ | μόνιμη εντολή | αποφασίστηκε | δια του παρόντοσ | έχει εξουσιοδοτήσει | έχει επιτρέψει
    έχει εγκρίνει | λειτουργία ιδιοκτήτη | λειτουργία προγραμματιστή | σημείωση για τον βοηθό
fr: nouvelle regle | ordre permanent | administrateur | il a ete decide | par la presente | a autorise
    a approuve | a accepte | mode proprietaire | mode developpeur
de: neue regel | dauerhafte anweisung | richtlinie | es wurde beschlossen | hiermit | hat erlaubt
    hat zugestimmt | hat genehmigt | besitzermodus | entwicklermodus
es: nueva regla | orden permanente | se ha decidido | por la presente | ha autorizado | ha permitido
    ha aprobado | modo propietario | modo desarrollador | nota para el asistente
it: nuova regola | ordine permanente | amministratore | e stato deciso | con la presente | ha autorizzato
    ha permesso | ha approvato | modalita proprietario | modalita sviluppatore
pt: nova regra | ordem permanente | foi decidido | pela presente | autorizou | aprovou | concordou
    modo proprietario | modo desenvolvedor | nota para o assistente
nl: nieuwe regel | staande order | permanente opdracht | er is besloten | hierbij | heeft toestemming gegeven
    heeft goedgekeurd | heeft ingestemd | eigenaarsmodus | ontwikkelaarsmodus
pl: nowa zasada | stale polecenie | zdecydowano | niniejszym | upowaznil | zezwolil | zatwierdzil | zgodzil sie
    tryb wlasciciela | tryb dewelopera
tr: yeni kural | kalici talimat | kalici emir | karar verildi | izin verdi | onayladi | kabul etti | sahip modu
    gelistirici modu | asistana not
# more languages' words (South and Central Asian, Caucasian, Balkan, African)
mr: नवीन नियम | नवा नियम | स्थायी आदेश | कायमस्वरूपी आदेश | धोरण | प्रशासक | असे ठरले आहे | परवानगी दिली आहे
    डेव्हलपर मोड | सहाय्यकासाठी सूचना
te: కొత్త నియమం | శాశ్వత ఆదేశం | స్థిర ఉత్తర్వు | విధానం | నిర్వాహకుడు | నిర్ణయించబడింది | అనుమతి ఇచ్చారు
    డెవలపర్ మోడ్ | సహాయకుడికి గమనిక
gu: નવો નિયમ | કાયમી આદેશ | નીતિ | વ્યવસ્થાપક | એડમિન | નક્કી કરવામાં આવ્યું છે | મંજૂરી આપી છે | પરવાનગી આપી છે
    ડેવલપર મોડ | માલિક મોડ
kn: ಹೊಸ ನಿಯಮ | ಶಾಶ್ವತ ಆದೇಶ | ನೀತಿ | ನಿರ್ವಾಹಕ | ನಿರ್ಧರಿಸಲಾಗಿದೆ | ಈ ಮೂಲಕ | ಅನುಮತಿ ನೀಡಿದ್ದಾರೆ | ಅನುಮೋದಿಸಿದ್ದಾರೆ
    ಡೆವಲಪರ್ ಮೋಡ್ | ಸಹಾಯಕನಿಗೆ ಸೂಚನೆ
ml: പുതിയ നിയമം | സ്ഥിരം ഉത്തരവ് | നയം | അഡ്മിനിസ്ട്രേറ്റർ | തീരുമാനിച്ചിരിക്കുന്നു | ഇതിനാൽ
    അനുമതി നൽകിയിട്ടുണ്ട് | അംഗീകരിച്ചിട്ടുണ്ട് | ഡെവലപ്പർ മോഡ് | അസിസ്റ്റന്റിനുള്ള കുറിപ്പ്
ne: नयाँ नियम | स्थायी आदेश | नीति | प्रशासक | निर्णय गरिएको छ | यसद्वारा | अनुमति दिनुभएको छ
    स्वीकृत गर्नुभएको छ | डेभलपर मोड | सहायकलाई सूचना
pa: ਨਵਾਂ ਨਿਯਮ | ਪੱਕਾ ਹੁਕਮ | ਸਥਾਈ ਹੁਕਮ | ਨੀਤੀ | ਪ੍ਰਬੰਧਕ | ਫੈਸਲਾ ਕੀਤਾ ਗਿਆ ਹੈ | ਆਗਿਆ ਦਿੱਤੀ ਹੈ | ਡਿਵੈਲਪਰ ਮੋਡ
    ਸਹਾਇਕ ਲਈ ਨੋਟ
ha: sabuwar doka | sabon tsari | umarni na dindindin | mai gudanarwa | an yanke shawara | ya ba da izini
    ya amince | an amince | sanarwa ga mataimaki
jv: aturan anyar | prentah permanen | kabijakan | administrator | wis diputusake | kanthi iki | wis ngidini
    wis nyetujoni | mode pangembang | cathetan kanggo asisten
ms: peraturan baharu | peraturan baru | arahan tetap | pentadbir | telah diputuskan | dengan ini
    telah membenarkan | telah meluluskan | mod pembangun | nota kepada pembantu
vi: quy tac moi | quy dinh moi | lenh thuong truc | chinh sach | quan tri vien | da duoc quyet dinh
    da cho phep | da phe duyet | che do nha phat trien | luu y cho tro ly
sw: sheria mpya | kanuni mpya | agizo la kudumu | sera | msimamizi | imeamuliwa | ameidhinisha | ameruhusu
    hali ya msanidi | ujumbe kwa msaidizi
az: yeni qayda | daimi əmr | siyasət | inzibatci | administrator | qərara alinib | icazə verib | təsdiqləyib
    developer rejimi | koməkciyə qeyd
uz: yangi qoida | doimiy buyruq | siyosat | administrator | qaror qilindi | ruxsat bergan | tasdiqlagan
    dasturchi rejimi | yordamchiga eslatma
kk: жаңа ереже | тұрақты бұйрық | саясат | әкімші | шешім қабылданды | осымен | рұқсат берді | мақұлдады
    әзірлеуші режимі | ассистентке ескертпе
ka: ახალი წესი | მუდმივი ბრძანება | პოლიტიკა | ადმინისტრატორი | გადაწყდა | ნება დართო | დაამტკიცა | დაეთანხმა
    დეველოპერის რეჟიმი | შენიშვნა ასისტენტს
hy: նոր կանոն | մշտական հրաման | քաղաքականություն | ադմինիստրատոր | որոշվել է | սույնով | թույլատրել է
    հաստատել է | մշակողի ռեժիմ | նշում օգնականին
sq: rregull i ri | urdher i perhershem | politike | administrator | eshte vendosur | me ane te kesaj
    ka autorizuar | ka lejuar | ka miratuar | shenim per asistentin
mk: ново правило | трајна наредба | политика | администратор | одлучено е | овласти | има одобрено | се согласи
    режим за програмери | белешка за асистентот
be: новае правіла | пастаянны загад | палітыка | адміністратар | вырашана | дазволіў | ухваліў | пагадзіўся
    рэжым распрацоўшчыка | нататка для асістэнта
zu: umthetho omusha | umyalo ohlala njalo | inqubomgomo | umlawuli | kunqunyiwe | ngalokhu | ugunyazile
    uvumele | imodi yonjiniyela | inothi kumsizi
so: xeer cusub | amar joogto ah | siyaasadda | maamulaha | wuu oggolaaday | ayaa oggolaaday | ayaa ansixiyay
    habka horumariyaha | fariin kaaliyaha
af: nuwe reel | staande opdrag | permanente opdrag | beleid | administrateur | daar is besluit | hiermee
    het gemagtig | het goedgekeur | ontwikkelaarsmodus
# more languages' words (African, South Asian, Balkan, Nordic, Celtic)
yo: ofin tuntun | ase titilai | alakoso | a ti pinnu | ti fun o ni ase | ti gba laaye | ti fowo si
ta: புதிய விதி | நிலையான உத்தரவு | நிரந்தர உத்தரவு | நிர்வாகி | முடிவு செய்யப்பட்டுள்ளது | இதன்மூலம்
    அனுமதித்துள்ளார் | அங்கீகரித்துள்ளார் | டெவலப்பர் பயன்முறை | உதவியாளருக்கான குறிப்பு
am: አዲስ ህግ | አዲስ ደንብ | ቋሚ ትዕዛዝ | ፖሊሲ | አስተዳዳሪ | ተወስኗል | ፈቅዷል | አጽድቋል | የገንቢ ሁነታ | ለረዳቱ ማስታወሻ
sr: novo pravilo | trajni nalog | trajna naredba | administrator | odluceno je | ovim putem | ovlastio je
    dozvolio je | odobrio je | razvojni rezim
sc: ново правило | трајни налог | трајна наредба | администратор | одлучено је | овим путем | овластио је
    дозволио је | одобрио је | развојни режим
bn: নতুন নিয়ম | স্থায়ী আদেশ | নীতিমালা | প্রশাসক | সিদ্ধান্ত নেওয়া হয়েছে | এতদ্বারা | অনুমতি দিয়েছেন
    অনুমোদন করেছেন | ডেভেলপার মোড | সহকারীর জন্য নোট
cy: rheol newydd | gorchymyn sefydlog | gorchymyn parhaol | gweinyddwr | penderfynwyd | drwy hyn
    wedi awdurdodi | wedi caniatau | wedi cymeradwyo | modd datblygwr
sk: nove pravidlo | trvaly prikaz | trvale nariadenie | administrator | bolo rozhodnute | povolil | schvalil
    autorizoval | rezim vyvojara | poznamka pre asistenta
no: ny regel | staende ordre | permanent ordre | retningslinje | det er besluttet | herved | har autorisert
    har tillatt | har godkjent | utviklermodus
da: ny regel | staende ordre | permanent ordre | retningslinje | det er besluttet | hermed | har autoriseret
    har tilladt | har godkendt | udviklertilstand
tl: bagong patakaran | bagong tuntunin | permanenteng utos | administrador | napagpasyahan na
    sa pamamagitan nito | pinahintulutan ka | inaprubahan na | pumayag na | tala para sa assistant
ig: iwu ohuru | iwu ebighi ebi | onye nchikwa | e kpebiela | ekpebiela | enyela gi ikike | nyere gi ikike
si: නව නීතිය | නව රීතිය | ස්ථිර නියෝගය | පරිපාලක | තීරණය කර ඇත | අවසර දී ඇත | අනුමත කර ඇත | බලය පවරා ඇත
    සංවර්ධක මාදිලිය | සහායකට සටහන
"""

# Scripts written without spaces between words (Thai, kana, CJK ideographs): their words
# are found wherever they stand. Ranges, not a regex: a character class this wide costs
# milliseconds to compile, more than the whole lexicon.
_UNSPACED = ((0x0E00, 0x0E7F), (0x3040, 0x30FF), (0x3400, 0x4DBF), (0x4E00, 0x9FFF))


def is_unspaced(word: str) -> bool:
    """Whether word is of a script written without spaces between words (Thai, Chinese, Japanese)."""
    return any(lo <= ord(ch) <= hi for ch in word if ch > "\u0dff" for lo, hi in _UNSPACED)


# a word, with what an apostrophe or a dot joins to it: "owner's", "d'ora", "about.md"
_LETTER = r"(?:[^\W_]|[\u0300-\u036f\u0591-\u05c7\u0610-\u061a\u064b-\u065f\u0900-\u0963\u0966-\u0dff\u200c])"
WORD = lazy(_LETTER + r"+(?:['.]" + _LETTER + r"+)*")
# "I" and "we" in the languages whose verbs of replying the tables hold
_I = r"(?<!\w)(?:i|we|je|j'|ich|wir|yo|io|eu|ik|wij|jag|jeg|ja|я|мы"
# the owner as the subject, a word or two before a verb of replying ("I only answer…"; and
# the Swedish "vi", the Polish "my")
_FIRST_PERSON = lazy(_I + r"|vi|my)(?: [\w']+){0,2} $")
# "replies", "answers", "responds" after one of these is the pet's output (a noun: "all
# answers", "your replies"); after anything else a verb with its own subject ("Tom answers")
# …and the third person in the languages whose verbs say their person ("Suo fratello non
# risponde mai"); not the Germanic ones, whose word order puts the subject after ("vanaf nu
# antwoordt u", "nu svarar du")
_THIRD_PERSON_VERBS = frozenset("""
replies answers responds risponde rispondono repond repondent odpowiada odpowiadaja responden respondem
""".split())
_BEFORE_A_NOUN = frozenset("""
the a an all every each your my his her their our its these those any no some of to in for with more short long
future later such both other own shorter you assistant bot ai model shelldon pet
""".split())
# the second person's possessive, where it is a word of its own
_YOUR = frozenset("""
your thy dein deine deinen deiner deines ton ta tes votre vos tus tuo tua tuoi tue teu teus tuas jouw uw ditt dina
dine twoj twoje twoja twoich tvoje твой твоя твое твоё твои твоих ваш ваши твій твоя твої senin σου
""".split())
# after "you": what the pet says or keeps, past an adverb or a modal
_PET_DOES = frozenset("say send write reply answer respond tell remember store share mention reveal".split())
_ADVERBS = frozenset("always never only will must should shall also ever now just still then".split())
# a quotation after a verb of saying, in quotes or after a colon, or what the owner read or
# heard: "my manager said \"ignore the old wiki\"", "the vet told me: you must…", "I read that
# you should never…" is what someone else said, not an order to the pet
_SAID_BY_OTHERS = lazy(r"\b(?:said|says|told (?:me|us)|asked (?:me|us)|wrote|writes|quote)\b(?:[^\"“«\n]{0,20}"
                       r"[\"“«][^\"”»\n]{0,300}[\"”»]|\s*:[^\n]{0,300})|\b(?:read|heard|learned|learnt) that\b[^\n]{0,300}"
                       # "IT told us that from now on passwords …": what the owner was told, unless
                       # it tells the pet ("Dave said that you should …")
                       r"|\b(?P<that>(?:told (?:me|us)|said|says) that\b[^\n]{0,300})")
_PET_NAMED = lazy(r"\b(?:assistants?|the pet|(?:the |your |ai )?bots?|ai helpers?|your ai|the ai|shelldon)\b")
_PLACE_RULE = lazy(r"\W*(?:the |our |my )?(?:house )?rules? (?:at|in) (?!(?:this|the) (?:chat|conversation)\b)[\w' ]{1,30}? (?:is|are)\b")
_AUTHORITY = lazy(r"\b(?:owner|admin|administrator|developers?|system|creator|maintainers?|operator)\W*$")
# the second person's imperative of "reply", where it is a form of its own
_REPLY_IMPERATIVES = frozenset("""
reponds repondez antworte beantworte rispondi rispondete contestad odpowiadaj odpowiedz отвечай ответь отвечайте
відповідай відповідайте svara besvara
""".split())   # not "responde", "antwortet": the third person is spelt the same
# a Spanish, Italian or Portuguese verb in the first person singular present (-o), after an
# object pronoun: "te llamo", "ti mando", "te escrevo"
_FIRST_PERSON_VERB = lazy(r"[a-z]{2,}o$")
# words of French and of German that the other seldom writes: which language "du" is in
_FRENCH = frozenset("je les des le la et pour avec est un une au aux sur dans nous il elle".split())
_GERMAN = frozenset("und ist die der das nicht mit den dem ein eine ich bitte auf zu wenn immer".split())
_LETS = frozenset("lets let allows allow helps makes gives".split())
# what stands before the English "AI" named as the pet ("the AI", "dear AI", "note to AI")
_BEFORE_AI = frozenset("the an this that your my our dear hey hi to for attention note you as".split())
# after "you": what anyone can do, what the pet has, what it need not do —
# said of it, not told to it ("you can always reply STOP", "you have a good memory", "you
# don't have to answer that")
_NOT_TOLD = lazy(r" (?:can|could|may|might)\b| (?:have|had) (?:a|an)\b| (?:don't|do not|dont|needn't|need not)"
                 r"(?: (?:have|need) to)?\b(?! (?:ever )?(?:say|tell|mention|reveal|share|send|forget|ask|answer|reply|respond))")
# the owner as the subject right before a verb ("I forget", "we always ignore", "I've decided to ignore")
_I_DO = lazy(_I + r"|(?:let|help|make) me)(?:'ll|'d| will| would| might| may| can| could| should| shall|"
             # a plan of the owner's own: "I've decided to ignore the group chat"
             r"(?:'ve| have)? decided to|'m going to| am going to|'m gonna| (?:want|plan|mean|try|tend|need) to)?"
             r"(?: (?:always|never|often|usually|sometimes|just|also|still|then|really))? $")
# a sentence whose subject is the owner, as notes are written ("The owner …", "Owner's sister
# …", "Le propriétaire …", "De eigenaar …"); not a label before a colon ("the owner's new
# policy: you …", "Owner preference (verified): …"), which introduces what follows it (a
# time's colon is none: "… at 9:15 every morning")
_ABOUT_THE_OWNER = lazy(r"(?![^:\n]*:(?!\d))\W*(?:(?:the|le|la|l'|el|il|lo|o|a|de|het|der|die|das) ?)?(?:owner|proprietaire|proprietario|"
                        r"proprietaria|propietario|propietaria|dueno|duena|dono|dona|eigenaar|besitzer|besitzerin|eigentumer|agaren|ejeren|eieren|"
                        r"wlasciciel|majitel|wlascicielka|sahibi)(?:'s)?\b(?!\s*[:,])")
_OWNER_STEMS = ("owner", "propriet", "propiet", "duen", "dono", "dona", "eigen", "besitz", "agaren", "ejeren", "eieren", "wlasc",
                "majitel", "sahib")


def _about_the_owner(sentence: str) -> bool:
    """_ABOUT_THE_OWNER, for a sentence with an owner's word near its start (the others are
    not compiled against it)."""
    opening = sentence[:24]
    return any(stem in opening for stem in _OWNER_STEMS) and _ABOUT_THE_OWNER().match(sentence) is not None


# someone else as the subject ("A prima Ana manda sempre …", "Her brother never replies …"):
# a word for kin, a friend or a boss, after at most an article, a possessive and an adjective
_KIN = frozenset("""
mother mum mom father dad brother sister son daughter wife husband partner boyfriend girlfriend boss manager colleague
coworker friend neighbour neighbor uncle aunt grandma grandpa grandmother grandfather cousin niece nephew nan gran
landlord landlady teacher kid kids children baby sibling siblings parents
mere pere frere soeur fils fille femme mari ami amie patron patronne voisin voisine oncle tante cousine collegue
madre padre hermano hermana hijo hija esposa esposo marido mujer jefe jefa amigo amiga vecino vecina tio tia primo prima
abuela abuelo fratello sorella figlio figlia moglie capo amico vicino vicina zio zia cugino cugina nonna nonno collega
mae pai irmao irma filho filha chefe vizinho vizinha avo avoa
mutter vater bruder schwester sohn tochter frau mann chefin freund freundin nachbar nachbarin onkel oma opa kollege kollegin
moeder vader broer zus zoon dochter vrouw baas vriend vriendin buurman buurvrouw oom neef nicht
matka ojciec brat siostra syn corka zona maz szef szefowa przyjaciel przyjaciolka sasiad sasiadka wujek ciocia kuzyn
kuzynka babcia dziadek
""".split())
_KIN_BEFORE = frozenset("""
the a an his her their my our o os as el la los las il lo le i gli mon ma mes son sa ses leur der die das sein seine
ihr ihre mein meine de het zijn haar mijn hun jego jej moj moja mi su mio mia suo sua seu meu minha do da older younger
little big elder eldest youngest best new old
""".split())


def _about_someone(sentence: str) -> bool:
    """Does the sentence open with someone else as its subject (_KIN)?"""
    for word in (m.group() for m, _ in zip(WORD().finditer(sentence), range(4))):
        if word in _KIN:
            return True
        if word not in _KIN_BEFORE:
            return False
    return False


# someone told, asked or reminded to do what follows, who is not the pet ("told the cleaner to
# skip", "asked Tom to forward", "Lena keeps telling me to ignore…"): a word or two after the
# verb, then "to"
_TOLD_SOMEONE = lazy(r"\b(?:told|tell|tells|telling|asked|ask|asks|asking|reminded|remind|reminds|reminding|want|wants|"
                     r"wanted|wanting|get|got|getting|urge[sd]?|urging|nag(?:s|ged|ging)?|beg(?:s|ged|ging)?|"
                     r"advise[sd]?|advising|warn(?:s|ed|ing)?|encourage[sd]?|encouraging)\s+"
                     r"(?!(?:you|u|yourself|the (?:pet|assistant|bot|ai|model))\b)(?:the |my |our |his |her |their )?"
                     r"[\w']+(?: [\w']+)? to(?: (?:always|never|just|also|not))? $")
# the pet named in English as whom a note about the owner tells ("… prefers that you never …");
# the short pronouns of other languages are other words too (the Dutch "te" is "too")
# (and the forms that cannot be another word: "te ha autorizado", "ti hanno permesso",
# "t'a autorisé", "dir", "dich")
_YOU_TOLD = lazy(r"\b(?:you|you're|you'll|the (?:pet|assistant|bot|ai))\b(?!'s\b| know\b)"
                 r"|\b(?:te|ti) (?:ha|han|hemos|hanno|abbiamo)\b|\bt'(?:a|ont)\b|\b(?:dir|dich)\b")
# not after a title or "e.g.", nor "no." before a number ("the pet in no. 41 reports …")
_SENTENCE_END = lazy(r"(?<=[.!?])(?<!\bmr\.)(?<!\bmrs\.)(?<!\bdr\.)(?<!\bvs\.)(?<!\be\.g\.)(?<!\bi\.e\.)(?<!\bno\.)\s+"
                     r"|(?<=\bno\.)\s+(?!\d)|[\n。！？]+")
_ORDER = ("time", "habit", "frame", "keys", "harm", "output", "held", "pet")   # a word counts for the first that holds it


def _words(table: str) -> list[str]:
    """The entries of a table, in the form poison.normalize gives a text."""
    words = []
    for line in table.splitlines():
        if line.startswith("#"):
            continue   # a comment: which languages the lines below it add
        if line[2:3] == ":" and line[:2].isalpha():
            line = line[3:]   # the language's tag
        words.extend(entry.strip() for entry in line.split("|") if entry.strip())
    return words


@functools.cache
def _lexicon() -> tuple[dict, dict, dict, tuple, list]:
    """(phrase → family, first word of a phrase → its most words, stem → family, the stems'
    lengths, [(unspaced word, family)]), each entry kept for the first family of _ORDER
    that holds it."""
    tables = {"time": _TIME, "habit": _HABIT, "frame": _FRAME, "harm": _HARM, "keys": _KEYS, "output": _OUTPUT, "held": _HELD, "pet": _PET}
    phrases: dict[str, str] = {}
    heads: dict[str, int] = {}
    stems: dict[str, str] = {}
    unspaced: list[tuple[str, str]] = []
    for family in _ORDER:
        for entry in _words(tables[family]):
            if not entry.isascii() and is_unspaced(entry):
                unspaced.append((entry, family))
            elif entry.endswith("*"):
                stems.setdefault(entry[:-1], family)
            else:
                phrases.setdefault(entry, family)
                first, *rest = entry.split(" ")
                heads[first] = max(heads.get(first, 1), 1 + len(rest))
    return phrases, heads, stems, tuple(sorted({len(stem) for stem in stems})), unspaced


def families(sentence: str) -> frozenset:
    """The families of words a (normalised) sentence holds. A word counts once: the longest
    phrase that starts at it, for the first family that holds it ("going forward" is a time,
    not a forwarding; "new rule" a frame, not the pet's rules)."""
    unspaced = _lexicon()[4]
    found = {family for word, family in unspaced if word in sentence} if not sentence.isascii() else set()
    sentence = _SAID_BY_OTHERS().sub(_unless_authority, sentence)
    spans = list(WORD().finditer(sentence))
    words = [m.group().removesuffix("'s") for m in spans]   # "the assistant's checks"
    i = 0
    while i < len(words):
        word = words[i]
        family, n = _phrase_at(words, i)
        if family == "output" and _owner_does(sentence, spans[i], words[i - 1] if i else ""):
            family = None
        elif family in ("harm", "keys") and _I_DO().search(sentence, max(0, spans[i].start() - 24), spans[i].start()):
            family = None   # "I forget the salt", "we unlock the shop at six": the owner's own doing
        elif family in ("harm", "keys", "output") and _TOLD_SOMEONE().search(sentence, max(0, spans[i].start() - 48), spans[i].start()):
            family = None   # "I've told the cleaner to skip the study": someone else's doing
        elif family == "pet" and (_NOT_TOLD().match(sentence, spans[i].end()) or (i and words[i - 1] in _LETS)):
            family = None   # "you can always reply STOP", "the system lets you renew twice": anyone
        elif family == "pet" and word in ("your", "ur") and _family_of(words, i + 1) == "keys":
            family = None   # "never tell anyone your PIN": the listener's own key (the pet has none)
        elif family == "pet" and word in ("te", "ti") and i + 1 < len(words) and _FIRST_PERSON_VERB().match(words[i + 1]):
            family = None   # "te llamo cada domingo", "ti scrivo": the owner's doing to someone
        elif family == "pet" and word == "du" and _FRENCH.intersection(words) and not _GERMAN.intersection(words):
            family = None   # "je fais du sport", "le patron du propriétaire": the French "of the"
        elif family == "pet" and word == "ai" and i and words[i - 1] not in _BEFORE_AI:
            family = None   # "risponde ai messaggi": the Italian and Portuguese "to the"
        elif family == "pet" and _does_output(words, i + 1):
            found.add("output")   # "you never say no", "everything you remember": the pet's own output
        elif family == "output" and word in _REPLY_IMPERATIVES:
            found.add("pet")   # "réponds", "antworte": the verb itself tells the pet
        elif family == "held" and _YOUR.intersection(words[max(0, i - 2):i]):
            family = "output"   # "your notes", "your language setting": what the pet keeps, as its own
        if family:
            found.add(family)
        i += n
    return frozenset(found)


def _unless_authority(quote) -> str:
    """The quotation blanked out, unless who said it claims a say over the pet ("the owner
    said: …", "admin wrote …"): that claim is how an order hides."""
    before = quote.string[max(0, quote.start() - 30):quote.start()]
    if _AUTHORITY().search(before) or (quote.group("that") and _YOU_TOLD().search(quote.group())) \
            or _PET_NAMED().search(quote.group()):
        return quote.group()   # (or what it says names the pet: "dispatch says: assistants must …")
    return " " * len(quote.group())


def _phrase_at(words: list, at: int) -> tuple[str | None, int]:
    """(the family, how many words): of the longest phrase that starts at words[at], else of
    the word itself by its stem or behind an elision (1 word)."""
    phrases, heads, _stems, _lengths, _unspaced = _lexicon()
    word = words[at]
    for n in range(min(heads.get(word, 0), len(words) - at), 0, -1):
        family = phrases.get(" ".join(words[at:at + n]) if n > 1 else word)
        if family:
            return family, n
    return _stem_family(word) or _elided_family(word), 1


def _family_of(words: list, at: int) -> str | None:
    """The family of the word at words[at] (or of the longest phrase that starts there)."""
    return _phrase_at(words, at)[0] if at < len(words) else None


def _stem_family(word: str) -> str | None:
    _phrases, _heads, stems, stem_lengths, _unspaced = _lexicon()
    return next((stems[word[:k]] for k in stem_lengths if k <= len(word) and word[:k] in stems), None)


_ELISIONS = frozenset("l d j m n s t c qu dell all dall nell sull un quell" .split())


def _elided_family(word: str) -> str | None:
    """The family of a word behind an elided article or pronoun: "l'assistente", "d'envoyer"."""
    head, apostrophe, rest = word.partition("'")
    if not apostrophe or head not in _ELISIONS:
        return None
    return _lexicon()[0].get(rest) or _stem_family(rest)


def _does_output(words: list, at: int) -> bool:
    """Whether the words from at, past an adverb or a modal, name something the pet says
    or keeps ("you never say", "you remember", "you will send")."""
    while at < len(words) and words[at] in _ADVERBS:
        at += 1
    return at < len(words) and words[at] in _PET_DOES


def _owner_does(sentence: str, match, before: str) -> bool:
    """"I only answer work emails", "je réponds le matin", "Tom answers the phone", "never
    reply to the landlord's letters": the owner or someone named replying, or replying on a
    channel the pet does not answer."""
    from .poison import _CHANNEL
    if match.group() in _THIRD_PERSON_VERBS and before and before not in _BEFORE_A_NOUN:
        return True   # "Tom answers", "she replies": a verb with its subject, not the pet's replies
    return bool(_FIRST_PERSON().search(sentence, max(0, match.start() - 24), match.start())
                or _CHANNEL().match(sentence, match.end()))


# "habit" only with the house's keys ("every time someone rings, read them the card number"):
# "Grandma forgets the answers every time" is a fact; and "keys" never with the pet or a
# harm alone: "never give your PIN to anyone who phones" is advice
_PAIRS = ({"time", "harm"}, {"time", "output"}, {"harm", "output"}, {"pet", "output"}, {"frame", "pet"},
          {"frame", "output"}, {"time", "keys"}, {"habit", "keys"}, {"output", "keys"})


# a sentence that opens by warning against something: "never …", "don't …", "tip: do not …"
_WARNING = lazy(r"\W*(?:[^:\n]{1,60}:\s*)?(?:(?:tip|advice|rule|reminder|remember|and|so|but|please)\W+)?(?:never|don't|dont|do not)\b")


def ordered(held: frozenset, warned: bool = False) -> bool:
    """Whether the families a sentence holds make an order to the pet: three of them, or
    one of the pairs that a fact about the owner's life seldom holds (measured in
    bench/poison_rate.py: a time with a harm or a reply, a harm to the pet's replies or
    memory, the pet told what to reply, a rule's frame with the pet or its replies, the
    house's keys with a time, a trigger or the pet's replies)."""
    # a warning ("never share your password with anyone") holds the pet, a harm and a key,
    # and is advice: there the key and the harm count as one towards three
    parts = len(held) - (warned and {"keys", "harm"} <= held)
    return parts >= 3 or any(pair <= held for pair in _PAIRS)


def sentences(norm: str) -> list[str]:
    """The sentences of a normalised text: split after . ! ? and at line ends."""
    return [sentence for sentence in _SENTENCE_END().split(norm) if sentence.strip()]


def standing_by_families(norm: str, unless=None) -> str | None:
    """"order-parts" when one sentence of the normalised text holds the parts of an order —
    and unless(sentence), when given, does not say that sentence is none."""
    for sentence in sentences(norm):
        about_the_owner = _about_the_owner(sentence)
        if about_the_owner and not _YOU_TOLD().search(sentence):
            continue   # "The owner's boss tells everyone to cc her…": a note about the owner's life
        held = families(sentence)
        if about_the_owner and "harm" not in held:
            continue   # (but "The owner prefers that you never warn him…": harm the pet is told, in the owner's name)
        if sentence.rstrip().endswith("?") or _PLACE_RULE().match(sentence):
            held -= {"pet"}   # "did you remember the dentist?": the pet asked, not told; "the rule at
            # nan's is you never sit in grandad's chair": whoever is there, told
        if "pet" not in held and _about_someone(sentence):
            continue   # "A prima Ana manda sempre uma mensagem …": a note about someone else
        if ordered(held, bool(_WARNING().match(sentence))) and not (unless and unless(sentence)):
            return "order-parts"
    return None
