"""Secret-shaped strings: find them, and replace them by a marker before anything is stored.

Pure and domain-free: text in, text out. The calls:

    redact(text)      -> (text with every secret replaced by "[redacted:<kind>]", count)
    redact_together(a, b, ...) -> the same for texts that go together (a turn's two
                         halves): a secret found in one is redacted wherever another repeats it
    looks_secret(text) -> the kind of the first secret found, or None

What counts as a secret, most specific first:

- private-key      a PEM/OpenSSH/PGP "-----BEGIN … PRIVATE KEY…-----" block (to its END
                   line, or to the end of the text when the END line is missing)
- aws-key          AWS access key ids: AKIA/ASIA/AGPA/AIDA/AROA/ANPA/ANVA/AIPA + 16 [A-Z0-9]
- github-token     ghp_/gho_/ghu_/ghs_/ghr_ + 36 or more, github_pat_ + 22 or more
- slack-token      xoxa-/xoxb-/xoxp-/xoxr-/xoxs- tokens, and Slack webhook URLs
- api-key          sk-… / sk-proj-… / sk-ant-… keys, Stripe sk_/rk_ live and test keys,
                   Google "AIza…" keys, npm_/glpat-/hf_ tokens
- jwt              three base64url parts, the first two starting "eyJ"
- url-credentials  the password in scheme://user:password@host
- password         the value of a password/passwd/pwd/passphrase/secret/api_key/token/…
                   assignment ("password: x", "passwd=x", "api_key = 'x'", "the wifi
                   password is x"); the key stays, only the value is replaced; also a
                   variable whose name holds the word ("export PGPASSWORD=x", "dbPassword:
                   x", "stripeApiKey=x"; not "TOKEN_EXPIRY", "OLDPWD", a public key, a path)
- password         plain words closed by a number right after "password is"/"password:"
                   ("the password is purple elephant 42"), unless a word says something
                   about it ("at least 12", "changed every 90") or a unit follows
- password         a passphrase of three to eight plain small words given after "password
                   … is" or "password:" to the end of its clause, none of them a word prose
                   is held together by, one said about a password or a verb's -ing/-ed
                   ("the laptop password is velvet harbour seventy lanterns"); an app
                   password, four groups of four letters after its name ("app password for
                   the printer: qpeb duzl oiwa mmnt", "app-specific password rfkw-lpze-aodq-hnyv");
                   the answer to a security question in prose or after an arrow, in English and
                   the lexicon's languages (below), or to a quoted question put to "you" ("the answer to
                   "what was your first car" … is Corsa"); a password named by what it does
                   ("the thing you type to get into the nas is …", "the magic word to get
                   past the front desk is …")
- password, code   the clause rule (below): what in a clause is shaped like the value of
                   the credential word it holds
- code             a card's security code after its expiry ("… 11/27 092")
- password         a seed phrase said with other words: 12+ plain small words in a row, no
                   function word or comma among them, after a seed/wallet/mnemonic cue; what
                   follows "seed phrase is" holding "the", "on", "in"… says where it is, not what
- password (shape) a password by its shape alone, wherever it stands: a word broken by a
                   symbol and holding a digit ("Moana!Waves3", "Tiramisu#8"); in a text that
                   talks of credentials anywhere, also a capitalised word and a year
                   ("Biscuit2021") or words joined by underscores with a capital and a number
                   ("Kazoo_Band_12"); anywhere, two words with a digit for a letter
                   ("pg-Sup3r-S3cret") and a word, a year and a symbol ("Bruno1987!") — not
                   a glob, a path, a handle, an e-mail address, or a name holding "pass"
                   ("1Password"); the part after the last colon is what is looked at
- password         given to what it opens, with no credential word: after "unlocks with",
                   "opens with", "wants", "asks for", "needs", a value shaped like a password
                   with a digit ("the old laptop unlocks with penguin4ever"), and after a log-in
                   "as USER with" ("ssh into the pi as pi with raspberry-Jam-31"; not a key file);
                   the password of "curl -u user:password"
- token            a TOTP seed in base32 (16+ capitals and digits 2-7, maybe "="-padded, or
                   groups of four in one case) after a second-factor, seed or secret word
- token            a service's token: a short prefix, maybe a version, then 32+ hex
                   ("dop_v1_5ab1…"); and anything else that looks random: see _looks_random

The clause rule, one mechanism instead of a pattern per phrasing. A clause ends at . ; ! ?
before a space (not after "i.e."/"e.g."), a newline, a spaced dash (not between two numbers)
or an arrow (a dash does not end it before the
word: "X — no wait, that's the password"). In a clause holding a credential word, every
token within 12 tokens of it, before or after, that is shaped like that word's value is
redacted:
- password words (password, its one-edit typos that keep the w — "pasword", "passwrd",
  "passowrd", "psswd" —, pw, pwd, passphrase, login, creds, "wifi pass", "u NAME p", and heslo,
  clave, contraseña, senha, mot de passe, Passwort, Kennwort, wachtwoord, hasło, пароль,
  lösenord, salasana, passord, jelszó, 密码, パスワード, 비밀번호, …): a token of 6+
  characters mixing letters with digits or symbols. Not: a URL, an e-mail, a file name or
  domain (a dot and 1–4 letters at the end), a version, a date, a time, an amount or a
  quantity ("12kg", "87%"), letters joined by - _ or ' ("e-mailu", "api_key"), code
  ("getpass(…)"), a reference ($DB_PASS) or a placeholder;
- code words (code, PIN — not the verb: "pin the note" —, passcode, digicode, PUK, CVV,
  CVC, CSC, CID, Prüfnummer, código, codice, kód, код, OTP, TAN, 暗証番号): 3–12 digits
  (a run of digit groups joined by single spaces or dashes is one code), or one capital
  and 3–8 digits (B4127); a passcode also 6+ capitals, small letters and digits mixed as a
  generator mixes them ("zoom passcode for the board call x7Rp2q"; not "iPhone15", not after
  an article or an id's label). Not: a number after a label (ID, number, no., room, flight,
  order, ticket, line, version, port, call, phone, a month, "ends in", "since", "in",
  "at"…), before a unit (minutes, digits, tries, kg, %, …) or after a currency sign;
- combination words (combo, combination, combinatie, safe, padlock, dial): a dial
  combination, "R36 L12 R27" or "17-32-08";
- key words (key, Schlüssel, setup/product/licence key, serial): three or more groups of
  3–6 capitals and digits with a digit among them ("MZXW 6YTB OI4T", "PHX-2291-AKQ7-ZZ03");
- words for both (clave, κωδικός, 密码, the Turkish şifre — a PIN too): both shapes;
- a PIN or password word as the last part of a compound ("Online-Banking-PIN", "SIM-PIN",
  "Wlan-Passwort"): a code word or a password word ("Bank-PIN-Brief" goes on: no word);
- lock words (keybox, key safe, lockbox, Tresor, coffre, cassaforte, caja fuerte, kluis,
  sejf, сейф, Schlüsselkasten): a code or a dial combination;
- place and alarm words (door, gate, garage, shed, locker, keypad, intercom, arm/disarm, porte, Tür…;
  alarm) and "safe", lock words (lock, bike/luggage/cable lock, phone/screen unlock, lock
  screen), and second-factor words (2fa, mfa, authenticator, steam guard, recovery/backup
  codes): only a value *given* — after a colon or "=", a giving word ("with", "is", "to",
  "goes", "wants", "takes", "needs", "är", "i.e.") or next in a list after one — and no number
  word between ("locker number is 4471"): 4+ digits (a lock's 3+, a second factor's 6+, or
  groups of capitals and digits: R7K2M, or of small letters and digits joined by dashes, each
  with a digit: 4f2a9-0c7e1), a combination, a code in words; an entered code may have a key's
  name or "then" between it and its verb ("press key then 4048", "press # then 2291"); a second
  factor's two or more groups need not be given right after its word ("steam guard backup codes
  R7KX2 M9QPD"), nor anywhere after a word for the codes, where 6–12 small letters and digits
  mixed are a group too ("recovery codes for github ym33yzc5 kh7s8w3z"; not "windows10"); a
  travel or bike lock takes 3–6 digits right after it with no verb ("suitcase lock 509"; not
  a canal's, a door's or a screen's lock, nor "2000 series"); an alarm's time of day given
  without a colon is the clock's; "safe" the adjective and "my arm" are left; a number before
  a unit ("120 cm", "220 degrees", "9 volt") is an amount;
- a combination in pieces (combination, lock, place words, given — or right after a
  combination word: "combo 36 - 12 - 28"): three or more numbers of one or two digits, maybe
  after R or L, joined by spaces, commas or dashes ("19 - 42 - 07", "R 34 L 12 R 8", "8 9 1
  0"); a code in words: four or more digit words ("five nine two
  zero"); an app password: four groups of four small letters after a password word and a
  colon, two or more unlike any word ("qwvt lmzr hxpk bnye");
- more languages (a pattern of their own, behind their own cues): koden, koodi, cod/parolă,
  kode, पिन/पासवर्ड, كلمة السر/كلمة المرور/الرقم السري, סיסמה/קוד, رمز عبور/کد, mật khẩu/mã pin,
  kata sandi, รหัสผ่าน, lozinka, geslo;
- the lexicon (the _LEX_* tables, a pattern of their own whose cues are the words): every
  concept above — password, code or PIN, safe/key box/padlock/combination lock, alarm,
  door/gate/garage, backup codes, recovery or seed phrase, security question — in German,
  French, Spanish, Italian, Portuguese, Dutch, Polish, Swedish, Danish, Norwegian, Finnish,
  Czech, Turkish, Russian, Greek, Romanian, Hungarian, Indonesian, Japanese, Chinese and Korean,
  plurals and the cases a chat uses ("Passwörter", "hasłem", "паролем", "salasanani",
  "şifreniz", "Alarmanlage", "kassaskåpet", "hänglåset", "сигнализация", "συναγερμός",
  "ușa", "riasztó", "brankas", "reservkoder", "yedek kodlar", "palautuslause", "φράση
  ανάκτησης", "bezpečnostní otázka", 密碼, 비번, パスコード, PIN码, 金庫, 保险箱, 금고, 助记词,
  リカバリーフレーズ, 安全问题, 보안 질문), each in the family whose value shape it names; "is"
  and "with" in those languages give a value ("είναι", "este", "adalah", "mit", "avec", "con",
  "com", "med"); a number word ("numer", "nomor", "номер", "číslo") labels a number, a currency
  or a unit after it ("Kč", "zł", "kr", "2015年", "2018년") makes it an amount. The words left
  out, and why, are listed above the tables;
- account words (account, Konto, compte, cuenta, log in/into, sign in): only a token with a
  capital, a small letter and a digit or symbol, not after an article or a label, not a
  handle ("@name") — nothing else says it is a password;
- licence words (Lizenz…, licencia, licenza, numéro de série, clé de licence, activation)
  are key words; a key word also takes a generated key (12+ characters of capitals, small
  letters and digits that is no CamelCase name: MacBookPro16 is left), and after private,
  secret, wallet, pre-shared, signing… key (or "psk") a hex run of 32+.
What it deliberately leaves: a code word naming a code that is no secret (zip, post,
area, country, dress, promo, discount, voucher, tracking, QR, bar, error, status, source,
sort, booking, reference, confirmation code; code review, code base, code of conduct,
"code de la route", "código postal", the code for the discount — the word before the
code word, or one of the four after it); a number after a label (a colon between them frees
it when the label is a noun said with an article: "in case I lose the phone: 8412 0937");
a credential word after "no"/"without" ("no
passcode needed"); a password said as plain words ("the password is rosebud" is left:
words are what the owner says about a password far more often than a password — but
"purple elephant 42" is taken, above); digits for a password word (a PIN-like password
needs a code word); a public ssh key; a word elided into the next ("dell'ufficio"), or
words joined by a dash after another language's password word ("Das Passwort für das
Gäste-WLAN steht …"); a key fingerprint after "SHA256:"; a word and its Swedish or Finnish
ending joined by a colon ("wifi:t", "SMS:et"); a password word in a path or a branch's name,
or joined by a dash to the next word ("fix/password-reset-email").

Decisions, so nobody has to guess (measured in bench/secrets_rate.py):
- Ordinary words, CamelCase and snake_case identifiers, file paths and dashed phrases are
  not random: a candidate whose '-', '_' or '/' separated parts are each all letters or
  all digits is an identifier, whatever its length.
- Pure hexadecimal strings (git commit ids, sha256 sums quoted in prose) and UUIDs are
  not flagged on their own: they are identifiers far more often than secrets in a chat.
  They are flagged when they are the value of a secret assignment ("api_key=…").
- URLs: the path and query of a URL are not scanned for random tokens (document ids, video
  ids); they are scanned for the specific formats above and for query parameters whose
  name says the value is a secret (token, key, api_key, apikey, appid, client_secret,
  access_key, secret, sig, password, pwd, pass, auth, code…; "appid=1091500", digits alone,
  is a store's id).
- Digits alone (phone numbers, dates, amounts) are never a token: a token needs letters
  and digits.
- learned          last, a word the patterns left that the learned model (secret_model.py)
                   takes for a value, weighing its shape and the words around it: a
                   keypad's "7749 then hash", "bitwarden master is Correct-Nurse-Owl-7"; a
                   run of such words is one value. It adds spans, never moves one the
                   patterns found.
A marker is never mistaken for a secret, so redact() is idempotent.
"""
import bisect
import functools
import itertools
import math
import re
import unicodedata

from . import secret_model
from .lazyre import Cues, lazy
from .skeleton import skeleton

MARKER = "[redacted:{}]"
# Every cue group below is declared on _CUES, all in lower case: _spans finds every cue the
# lower-cased text holds at once, and each pattern's test is then a set lookup.
_CUES = Cues()
_cues = _CUES.group
_MARKER_RE = lazy(r"\[redacted:[a-z-]+\]")

# -- the specific formats --------------------------------------------------------------

_PRIVATE_KEY = lazy(
    r"-----BEGIN ((?:[A-Z0-9]+ )*)PRIVATE KEY(?: BLOCK)?-----"
    r"(?:.*?-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----|.*\Z)", re.DOTALL)

# (kind, pattern, cues); each pattern's whole match is replaced; a text holding none of
# the cues (util/lazyre.py) is not matched against it. A cue is looked for in the lower-cased
# text: "akia" there may say yes to a pattern that then finds no "AKIA".
_SPECIFIC = [
    ("aws-key", lazy(r"(?<![A-Za-z0-9])(?:AKIA|ASIA|AGPA|AIDA|AROA|ANPA|ANVA|AIPA)[A-Z0-9]{16}(?![A-Za-z0-9])"),
     _cues("akia", "asia", "agpa", "aida", "aroa", "anpa", "anva", "aipa")),
    ("github-token", lazy(r"(?<![A-Za-z0-9_])(?:gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{22,255})"),
     _cues("ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_")),
    ("slack-token", lazy(r"(?<![A-Za-z0-9])xox[abprs]-[A-Za-z0-9-]{10,250}"), _cues("xox")),
    ("slack-token", lazy(r"https://hooks\.slack\.com/services/[A-Za-z0-9/_-]{20,}"), _cues("hooks.slack.com")),
    ("api-key", lazy(r"(?<![A-Za-z0-9_-])sk-(?:proj-|ant-(?:api\d\d-)?|live-|test-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}"),
     _cues("sk-")),
    ("api-key", lazy(r"(?<![A-Za-z0-9_])(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}"), _cues("k_live_", "k_test_")),
    ("api-key", lazy(r"(?<![A-Za-z0-9_-])AIza[0-9A-Za-z_-]{35}"), _cues("aiza")),
    ("api-key", lazy(r"(?<![A-Za-z0-9_-])(?:npm_[A-Za-z0-9]{36}|glpat-[A-Za-z0-9_-]{20,}|hf_[A-Za-z0-9]{30,})"),
     _cues("npm_", "glpat-", "hf_")),
    # a Telegram bot's token: its numeric id, a colon, then "AA" and the secret
    ("api-key", lazy(r"(?<![\w:])\d{6,12}:AA[A-Za-z0-9_-]{30,40}(?![\w-])"), _cues(":aa")),
    ("recovery-key", lazy(r"(?<![\d-])\d{6}(?:-\d{6}){7}(?![\d-])"), _cues("-")),
    ("jwt", lazy(r"(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}"), _cues("eyj")),
]

_SPECIFIC_SHORTEST = 15   # "xoxb-" and 10 more: a text without so long a run holds none of them

_URL_CREDENTIALS = lazy(r"(?P<pre>\b[a-z][a-z0-9+.-]{1,20}://[^\s:/@]{0,64}:)(?P<value>[^\s@/]{1,128})(?=@)", re.IGNORECASE)

# -- assignments: the key says the value is a secret -----------------------------------

_KEY_WORDS = (r"(?:passwords?|passwd|pwd|pass(?:phrase|code|word)?|pin\s*code|secret(?:[_ -]?key)?|"
              r"client[_ -]?secret|api[_ -]?(?:key|token|secret)|apikey|access[_ -]?(?:key|token)|"
              r"secret[_ -]?access[_ -]?key|auth[_ -]?token|bearer|refresh[_ -]?token|"
              r"private[_ -]?key|token|licen[cs]e[_ -]?key|product[_ -]?key|recovery[_ -]?code|backup[_ -]?code)")
_QUOTED = r"\"[^\"\n]{1,200}\"|'[^'\n]{1,200}'|`[^`\n]{1,200}`"
# key = value / key: value / "key": "value" — the value is one token, or quoted.
_ASSIGNMENT = lazy(
    r"(?P<pre>(?<![A-Za-z0-9])" + _KEY_WORDS + r"[\"']?\s*(?::|=|=>|:=)\s*)"
    r"(?P<value>" + _QUOTED + r"|[^\s,;]{1,200})", re.IGNORECASE)
# an assignment whose NAME holds the word ("export PGPASSWORD=x", "dbPassword: x", "SLACKTOKEN=x"),
# which _ASSIGNMENT's word boundary misses: any name, checked by _secret_name
_NAMED_ASSIGNMENT = lazy(r"(?<![\w$.-])(?P<name>[A-Za-z][A-Za-z0-9_]{2,63})[\"']?[ \t]*(?::|=|:=)[ \t]*"
                         r"(?P<value>" + _QUOTED + r"|[^\s,;]{1,200})")
_NAME_PARTS = lazy(r"[A-Z]+(?![a-z])|[A-Z]?[a-z0-9]+")
_SECRET_NAME_ENDS = ("password", "passwd", "passphrase", "secret", "token", "apikey", "secretkey", "privatekey",
                     "accesskey", "psk")
# prose: "my wifi password is x", "the passcode is x"
_PROSE = lazy(
    r"(?P<pre>(?<![A-Za-z0-9])(?:password|passwd|passcode|passphrase|pin(?: code| number)?|api key|"
    r"secret key|token|licen[cs]e key|product key|recovery code|backup code)"
    r"\s+(?:is|was|=|to|will be|is now|is still|reads)\s+)"
    r"(?P<value>" + _QUOTED + r"|[^\s,;]{1,200})", re.IGNORECASE)
# "the password is purple elephant 42": plain words closed by a number, right after the word
# and its verb (a run that holds a function word, or a number before a unit, is said about it)
_WORDS_NUMBER_SAID = lazy(r"(?<![\w'])(?i:passwords?|passwd|pwd|pw|passcode|passwort)"
                          r"(?:\s+(?i:is|was|is now|will be)\s+|\s*[:=]\s*)[\"']?"
                          r"(?P<value>(?:[a-z]{3,12} ){2,4}\d{1,4})(?![\w.,:/-]?\d)")
# "… / password Xy7!abc": no verb, so only a value that cannot be a word
_BARE = lazy(r"(?P<pre>(?<![A-Za-z0-9_])(?:password|passwd|pwd|pw|passcode|passphrase|pin|(?:access|entry|door|gate|alarm) code)\s+)"
                   r"(?P<value>[^\s,;]{6,200})", re.IGNORECASE)
# "Authorization: Bearer xyz"
_BEARER = lazy(r"(?P<pre>\b(?:Bearer|Basic|token)\s+)(?P<value>[A-Za-z0-9._~+/=-]{16,})")

# -- the lexicon: credential words in more languages ------------------------------------
# Each concept the gate reads (a password, a code or PIN, a safe or a padlock, an alarm, a
# door or a gate, backup codes, a recovery phrase, a security question) in its common written
# forms — plural, inflected as a chat message inflects it, with and without accents — in
# German, French, Spanish, Italian, Portuguese, Dutch, Polish, Swedish, Danish, Norwegian,
# Finnish, Czech, Turkish, Russian, Greek, Romanian, Hungarian, Indonesian, Japanese, Chinese
# and Korean: the words the older tables (_CRED_*, _FOREIGN_*, _PHRASE_SAID, _SECURITY_ARROW)
# do not already hold. Literal words, each spelt out, so that each word is its own cue (a
# word of four ASCII letters or fewer is looked for after a space: "ovi" is no "provide").
# Left out, because they are ordinary words more often than credential words: the German
# "Tor" (a goal, the Tor network), the Czech "zámek" and the Russian "замок" alone (a castle
# too: only "visací zámek", "kodový zámek", "кодовый замок"), the Turkish "kasa" (a till, a
# crate), the Romanian "usa" without its diacritic (the USA), the Swedish, Danish and Norwegian
# "port" (a port), the Spanish "portal" (a web portal), the Dutch "te" and "slot" (too; a slot),
# the Finnish "oven" (an English oven), the Chinese 验证码 and Korean 인증번호 (a one-time
# code texted for a login, spent once read) and the CJK words for a door or an alarm (a chat in
# those languages names the code itself: 门禁密码, 玄関の暗証番号, 현관 비밀번호).
# Family by family, as the clause rule reads them (see _shaped):
_LEX_PASSWORD = (
    "passwörter", "passwoerter", "kennwörter", "kennwoerter", "zugangsdaten",   # German
    "mots de passe", "mot-de-passe",                                                         # French
    "parola d'ordine", "parola d’ordine",                                                    # Italian
    "palavra-passe", "palavras-passe", "palavra passe", "palavras passe",                    # Portuguese
    "wachtwoorden", "wachtwoordje",                                                          # Dutch
    "hasłem", "haslem", "haśle", "hasle", "hasłu", "haseł", "hasel",                         # Polish
    "lösenorden", "losenord", "losenordet",                                                  # Swedish
    "kodeord", "kodeordet", "kodeordene", "adgangskoden",                                    # Danish
    "passordet", "passordene",                                             # Norwegian
    "salasanani", "salasanasi", "salasanaa", "salasanat", "salasanalla", "salasanamme",      # Finnish
    "heslu", "hesel",                                                                        # Czech
    "parolam", "parolası", "parolasi", "parolanız", "parolaniz",                             # Turkish
    "паролем", "пароли", "паролей", "паролик", "паролька",                                   # Russian
    "συνθηματικό", "συνθηματικού", "συνθηματικά",                       # Greek
    "parolele", "parolelor",                                         # Romanian
    "jelszót", "jelszavakat",                                                   # Hungarian
    "sandinya", "katasandinya", "kata sandinya", "kata laluan",                              # Indonesian
    "संकेतशब्द", "परवलीचा शब्द", "माझा पासवर्ड", "वायफाय पासवर्ड", "लॉगिन पासवर्ड",   # Marathi
    "పాస్‌వర్డ్", "పాస్వర్డ్", "సంకేతపదం", "నా పాస్‌వర్డ్", "వైఫై పాస్‌వర్డ్", "లాగిన్ పాస్‌వర్డ్",   # Telugu
    "પાસવર્ડ", "સંકેતશબ્દ", "મારો પાસવર્ડ", "વાઇફાઇ પાસવર્ડ", "લોગિન પાસવર્ડ",   # Gujarati
    "ಪಾಸ್‌ವರ್ಡ್", "ಪಾಸ್ವರ್ಡ್", "ಗುಪ್ತಪದ", "ನನ್ನ ಪಾಸ್‌ವರ್ಡ್", "ವೈಫೈ ಪಾಸ್‌ವರ್ಡ್",
    "ಲಾಗಿನ್ ಪಾಸ್‌ವರ್ಡ್",   # Kannada
    "പാസ്‌വേഡ്", "പാസ്വേഡ്", "പാസ്‌വേർഡ്", "രഹസ്യവാക്ക്", "എന്റെ പാസ്‌വേഡ്", "വൈഫൈ പാസ്‌വേഡ്",   # Malayalam
    "गोप्य शब्द", "मेरो पासवर्ड", "वाइफाइ पासवर्ड", "लगइन पासवर्ड",   # Nepali
    "ਪਾਸਵਰਡ", "ਮੇਰਾ ਪਾਸਵਰਡ", "ਵਾਈਫਾਈ ਪਾਸਵਰਡ", "ਲੌਗਇਨ ਪਾਸਵਰਡ",   # Punjabi
    "मेरा पासवर्ड", "वाईफाई पासवर्ड", "वाईफ़ाई पासवर्ड",   # Hindi
    "پاسورڈ", "میرا پاس ورڈ", "وائی فائی پاس ورڈ", "لاگ ان پاس ورڈ",   # Urdu
    "kalmar sirri", "kalmar wucewa", "kalmar shiga", "kalmar sirrin wifi",   # Hausa
    "tembung sandhi", "tembung sandi", "sandi wifi", "pasword", "paswot",   # Javanese
    "kata laluan", "kata laluan saya", "kata laluan wifi", "pasword wifi",   # Malay
    "mật mã", "mật khẩu wifi", "pass wifi", "mật khẩu đăng nhập",   # Vietnamese
    "nenosiri", "neno la siri", "nywila", "nenosiri la wifi", "neno langu la siri",   # Swahili
    "parol", "parolum", "şifrə", "şifrəm", "wifi şifrəsi", "wifi parolu",   # Azerbaijani
    "parolim", "maxfiy so'z", "maxfiy so‘z", "wifi paroli", "kirish paroli",   # Uzbek
    "құпиясөз", "құпия сөз", "құпиясөзім", "паролім", "wifi құпиясөзі", "вайфай паролі",   # Kazakh
    "პაროლი", "პაროლს", "ჩემი პაროლი", "ვაიფაის პაროლი", "wifi-ს პაროლი",   # Georgian
    "գաղտնաբառ", "գաղտնաբառը", "գաղտնաբառս", "պառոլ", "wifi-ի գաղտնաբառը",   # Armenian
    "fjalëkalim", "fjalëkalimi", "fjalëkalimin", "fjalëkalimi im", "fjalëkalimi i wifi",
    "passwordi",   # Albanian
    "лозинка", "лозинката", "мојата лозинка", "лозинка за wifi", "шифрата за wifi", "пасворд",   # Macedonian
    "мой пароль", "пароль ад wifi", "пароль ад вайфая",   # Belarusian
    "мій пароль", "пароль від wifi", "пароль від вайфаю", "пароль до wifi",   # Ukrainian
    "парола", "паролата", "моята парола", "паролата за wifi", "парола за wifi",   # Bulgarian
    "iphasiwedi", "phasiwedi", "iphasiwedi yami", "iphasiwedi ye-wifi", "igama eliyimfihlo",
    "igama lokungena",   # Zulu
    "erayga sirta", "ereyga sirta", "furaha sirta", "password-ka", "baaswoodhka",   # Somali
    "wagwoord", "my wagwoord", "wifi-wagwoord", "wifi wagwoord", "aanmeldwagwoord",   # Afrikaans
    "کلمه عبور", "پسورد", "رمز وای فای", "رمز وای‌فای",   # Persian
    "הסיסמא", "סיסמת הוויפי", "סיסמת wifi",   # Hebrew
    "باسورد", "الباسورد", "كلمة سر الواي فاي",   # Arabic
    "পাসওয়ার্ড", "পাসওয়ার্ডটা", "পাসওয়ার্ডটি", "পাসওয়ার্ডের", "ওয়াইফাই পাসওয়ার্ড",
    "ওয়াই-ফাই পাসওয়ার্ড", "লগইন পাসওয়ার্ড", "পাসকোড",   # Bengali
    "ọ̀rọ̀ aṣínà", "oro asina", "ọ̀rọ̀ ìgbaniwọlé", "oro igbaniwole", "pásíwọ̀ọ̀dù",
    "ọ̀rọ̀ aṣínà wifi",   # Yoruba
    "கடவுச்சொல்", "கடவுச்சொல்லை", "கடவுச்சொல்லின்", "பாஸ்வேர்டு", "பாஸ்வேர்ட்", "வைஃபை பாஸ்வேர்டு",
    "கடவுக்குறியீடு",   # Tamil
    "የይለፍ ቃል", "የይለፍ ቃሉ", "የይለፍ ቃሌ", "ፓስወርድ", "ፓስዎርድ", "ፓስወርዱ", "የዋይፋይ ፓስወርድ",   # Amharic
    "lozinke", "zaporka", "zaporku",   # Serbian, Croatian, Bosnian
    "лозинка", "лозинку", "лозинке",   # Serbian
    "cyfrinair", "gyfrinair", "nghyfrinair", "chyfrinair", "cyfrineiriau", "cyfrinair wifi",
    "cod pas", "côd pas",   # Welsh
    "heslom", "hesle", "moje heslo", "heslo na wifi", "heslo k wifi", "prihlasovacie heslo",   # Slovak
    "gesla", "geslom", "geslu", "moje geslo", "geslo za wifi", "geslo za wi-fi",   # Slovenian
    "passordet", "passordene", "wifi-passord", "wifi-passordet", "passkode", "passkoden",
    "innloggingspassord",   # Norwegian
    "adgangskoden", "kodeord", "kodeordet", "wifi-koden", "wifi-kodeordet", "passwordet",   # Danish
    "lykilorð", "lykilorðið", "lykilorðinu", "lykilorðsins", "aðgangsorð", "aðgangsorðið",
    "wifi lykilorð",   # Icelandic
    "parool", "parooli", "salasõna", "salasõnad", "salasõnaga", "wifi parool", "wifi salasõna",   # Estonian
    "paroli", "paroles", "mana parole", "parole ir", "wifi parole", "piekļuves parole",   # Latvian
    "wifi slaptažodis",
    "prisijungimo slaptažodis",   # Lithuanian
    "pasfhocail", "focal faire", "fhocal faire",   # Irish
    "pasahitza", "pasahitzak", "pasahitzaren", "pasahitza da", "wifiaren pasahitza",
    "sarbide-pasahitza",   # Basque
    "contrasinal", "contrasinais", "o contrasinal", "contrasinal da wifi", "contrasinal do wifi",   # Galician
    "il-password", "password tal-wifi", "kelma tad-dħul", "kelma sigrieta",   # Maltese
    "kontrasenya", "kontrasenyas", "pasword", "password ko", "password ng wifi",
    "password ng wi-fi",   # Tagalog
    "okwuntughe", "okwu ntughe", "paswọọdụ",   # Igbo
    "මුරපදය", "මුරපදයක්", "මුරපද", "පාස්වර්ඩ්", "පාස්වර්ඩ් එක", "වයිෆයි පාස්වර්ඩ් එක",   # Sinhala
    "нууц үг", "нууц үгээ", "нууц үгийг", "нууц үгийн", "вайфайн нууц үг", "пасворд",   # Mongolian
    "پټنوم", "پټ نوم", "پاسورډ", "د وای فای پاسورډ",   # Pashto
    "şîfre", "şîfreya", "şîfreyê", "şîfreya min", "şîfreya wifiyê", "borînpeyv",   # Kurdish
)
_LEX_CODE = (
    "zugangsnummer", "türcodes", "pincodes",                                # German
    "codici",                                              # Italian
    "kody", "kodów", "kodow", "kodzie", "pinem", "pinu",                                     # Polish
    "pinkod", "koderna", "portkod", "portkoden", "dörrkod", "dörrkoden",          # Swedish
    "dørkode", "dørkoden", "portkode",                                          # Danish, Norwegian
    "ovikoodi", "ovikoodin", "porttikoodi", "porttikoodin", "koodit", "koodini", "pin-koodin",   # Finnish
    "kódy", "kódu", "kódem", "kódů", "pinkód",                                    # Czech
    "kodlar", "kodum", "kodunuz", "pin kodum",         # Turkish
    "кода", "коду", "кодом", "коды", "кодов", "пин", "пин-код", "пин-кода", "пин-кодом", "пинкод",   # Russian
    "κωδικοί", "κωδικούς", "κωδικών",                                         # Greek
    "coduri", "codurile", "pin-ul", "pinul",                                    # Romanian
    "kódok", "kódom", "pin-kódot", "ajtókód", "kapukód",                 # Hungarian
    "kodenya",                                                     # Indonesian
    "एटीएम पिन", "कार्ड पिन", "पिन नंबर", "दरवाज्याचा कोड", "गेट कोड", "ॲक्सेस कोड",
    "सिक्युरिटी कोड", "गुप्त कोड",   # Marathi
    "ఏటీఎం పిన్", "కార్డ్ పిన్", "పిన్ నంబర్", "డోర్ కోడ్", "గేట్ కోడ్", "యాక్సెస్ కోడ్",
    "సెక్యూరిటీ కోడ్", "రహస్య కోడ్", "పిన్", "కోడ్",   # Telugu
    "એટીએમ પિન", "કાર્ડ પિન", "પિન નંબર", "દરવાજાનો કોડ", "ગેટ કોડ", "એક્સેસ કોડ",
    "સિક્યોરિટી કોડ", "ગુપ્ત કોડ", "પિન", "કોડ",   # Gujarati
    "ಎಟಿಎಂ ಪಿನ್", "ಕಾರ್ಡ್ ಪಿನ್", "ಪಿನ್ ನಂಬರ್", "ಬಾಗಿಲಿನ ಕೋಡ್", "ಗೇಟ್ ಕೋಡ್", "ಆಕ್ಸೆಸ್ ಕೋಡ್",
    "ಸೆಕ್ಯೂರಿಟಿ ಕೋಡ್", "ರಹಸ್ಯ ಸಂಖ್ಯೆ", "ಪಿನ್", "ಕೋಡ್",   # Kannada
    "എടിഎം പിൻ", "കാർഡ് പിൻ", "പിൻ നമ്പർ", "ഡോർ കോഡ്", "ഗേറ്റ് കോഡ്", "ആക്സസ് കോഡ്",
    "സെക്യൂരിറ്റി കോഡ്", "രഹസ്യ കോഡ്", "പിൻ", "കോഡ്",   # Malayalam
    "पिन नम्बर", "ढोकाको कोड", "एक्सेस कोड", "सेक्युरिटी कोड", "गोप्य कोड",   # Nepali
    "ਏਟੀਐਮ ਪਿੰਨ", "ਕਾਰਡ ਪਿੰਨ", "ਪਿੰਨ ਨੰਬਰ", "ਦਰਵਾਜ਼ੇ ਦਾ ਕੋਡ", "ਗੇਟ ਕੋਡ", "ਐਕਸੈਸ ਕੋਡ",
    "ਸਿਕਿਓਰਿਟੀ ਕੋਡ", "ਗੁਪਤ ਕੋਡ", "ਪਿੰਨ", "ਕੋਡ",   # Punjabi
    "दरवाज़े का कोड", "दरवाजे का कोड", "सिक्योरिटी कोड",   # Hindi
    "اے ٹی ایم پن", "پن نمبر", "پن کوڈ", "دروازے کا کوڈ", "گیٹ کوڈ", "ایکسیس کوڈ", "سیکیورٹی کوڈ",
    "خفیہ کوڈ",   # Urdu
    "lambar sirri", "lambar PIN", "lambar shiga", "lambar tsaro",   # Hausa
    "PIN ATM", "PIN kertu", "PIN kartu", "nomer PIN", "kode lawang", "kode akses", "kode keamanan",   # Javanese
    "kod PIN", "nombor PIN", "PIN kad", "kod pintu", "kod pagar", "kod akses", "kod keselamatan",
    "kod rahsia",   # Malay
    "mã cửa", "mã cổng", "mã truy cập", "mã bảo mật", "mã số bí mật",   # Vietnamese
    "namba ya siri", "nambari ya siri", "PIN namba", "msimbo wa siri", "msimbo wa mlango",
    "msimbo wa geti", "msimbo wa usalama", "msimbo wa kuingia",   # Swahili
    "PIN kod", "PİN kod", "pin kodu", "qapı kodu", "giriş kodu", "təhlükəsizlik kodu", "gizli kod",   # Azerbaijani
    "pin-kod", "pin kodi", "eshik kodi", "darvoza kodi", "kirish kodi", "xavfsizlik kodi",
    "maxfiy kod",   # Uzbek
    "PIN-код", "пин-код", "пин коды", "есік коды", "қақпа коды", "кіру коды", "қауіпсіздік коды",
    "құпия код",   # Kazakh
    "პინ კოდი", "პინკოდი", "PIN კოდი", "კარის კოდი", "ჭიშკრის კოდი", "წვდომის კოდი",
    "უსაფრთხოების კოდი", "საიდუმლო კოდი", "კოდი", "პინი",   # Georgian
    "PIN կոդ", "պին կոդ", "պին կոդը", "ծածկագիր", "դռան կոդը", "դարպասի կոդը", "մուտքի կոդը",
    "անվտանգության կոդ", "կոդ", "կոդը",   # Armenian
    "kodi PIN", "PIN-i", "kodi i derës", "kodi i portës", "kodi i hyrjes", "kodi i sigurisë",
    "kodi sekret",   # Albanian
    "ПИН код", "пинот", "кодот за врата", "код за пристап", "безбедносен код",
    "тајна шифра",   # Macedonian
    "пін-код", "пінкод", "код ад дзвярэй", "код дамафона", "код доступу", "код бяспекі",
    "сакрэтны код",   # Belarusian
    "код від дверей", "код домофону", "код безпеки", "секретний код", "пін", "пін-коду", "пінкоду",   # Ukrainian
    "ПИН-а", "кодът на вратата", "код за вратата", "код за достъп", "код за сигурност", "таен код",   # Bulgarian
    "i-PIN", "inombolo ye-PIN", "ikhodi yomnyango", "ikhodi yesango", "ikhodi yokungena",
    "ikhodi yokuphepha", "ikhodi eyimfihlo",   # Zulu
    "lambarka sirta", "PIN-ka", "koodhka sirta", "koodhka albaabka", "koodhka iridda",
    "koodhka gelitaanka", "koodhka amniga",   # Somali
    "PIN-kode", "PIN-nommer", "deurkode", "hekkode", "toegangskode", "sekuriteitskode",
    "geheime kode",   # Afrikaans
    "رمز کارت", "رمز دوم", "پین کد", "کد پین", "کد درب", "رمز درب", "کد ورود", "کد امنیتی",   # Persian
    "קוד PIN", "קוד פין", "קוד סודי", "קוד הכניסה", "קוד הדלת", "קוד השער", "קוד גישה",
    "קוד אבטחה",   # Hebrew
    "رقم سري", "رمز PIN", "رمز الباب", "كود الباب", "كود البوابة", "رمز الدخول", "رمز الأمان",   # Arabic
    "পিন নম্বর", "পিন নাম্বার", "কোডটা", "দরজার কোড", "গেটের কোড", "সিকিউরিটি কোড",
    "কোড", "সিভিভি",
    "অ্যাক্সেস কোড", "গোপন নম্বর",   # Bengali
    "kóòdù", "koodu", "kóòdù ilẹ̀kùn", "nọ́ńbà àṣírí", "nomba asiri",   # Yoruba
    "பின் நம்பர்", "பின் எண்", "கதவு கோடு", "கேட் கோடு", "ரகசிய எண்", "அணுகல் குறியீடு",
    "ஏடிஎம் பின்", "கார்டு பின்",
    "பாதுகாப்புக் குறியீடு",   # Tamil
    "የሚስጥር ቁጥር", "ሚስጥራዊ ቁጥር", "ፒን ኮድ", "ፒን ቁጥር", "የበር ኮድ", "የበሩ ኮድ",   # Amharic
    "PIN kod", "pin-kod", "pinkod", "kod za vrata", "sigurnosni kod",
    "pristupni kod", "kod od kapije",   # Serbian, Croatian, Bosnian
    "пин", "ПИН код", "пин-код", "код за врата", "сигурносни код",
    "приступни код", "код од капије",   # Serbian
    "rhif PIN", "cod PIN", "côd PIN", "cod diogelwch", "god diogelwch", "cod y drws", "cod y giât",
    "cod mynediad",   # Welsh
    "kódu", "kódom", "PIN kód", "pinkód", "kód od dverí", "prístupový kód", "bezpečnostný kód",   # Slovak
    "koda", "PIN koda", "koda za vrata", "vstopna koda", "varnostna koda", "dostopna koda",   # Slovenian
    "PIN-kode", "dørkode", "dørkoden", "portkode", "sikkerhetskode",   # Norwegian
    "sikkerhedskode",   # Danish
    "kóði", "kóðinn", "PIN-númer", "pinnúmer", "leyninúmer", "aðgangskóði", "öryggiskóði",
    "hurðarkóði",   # Icelandic
    "kood", "PIN-kood", "uksekood", "väravakood", "turvakood", "pääsukood",   # Estonian
    "PIN kods", "PIN kodu", "durvju kods", "vārtu kods", "drošības kods", "piekļuves kods",   # Latvian
    "PIN kodas", "PIN kodą", "durų kodas", "vartų kodas", "saugos kodas", "prieigos kodas",   # Lithuanian
    "cód PIN", "uimhir PIN", "cód slándála", "cód an dorais", "cód rochtana",   # Irish
    "kodea", "PIN kodea", "pin zenbakia", "atearen kodea", "atariko kodea", "sarbide-kodea",
    "segurtasun-kodea",   # Basque
    "código PIN", "número PIN", "código da porta", "código de acceso",
    "código de seguridade",   # Galician
    "kodiċi", "il-kodiċi", "kodiċi PIN", "in-numru PIN", "kodiċi tal-bieb", "kodiċi tas-sigurtà",
    "kodiċi tal-aċċess",   # Maltese
    "PIN code", "PIN number", "code ng pinto", "code ng gate", "kodigo ng pinto",
    "access code ng gate",   # Tagalog
    "nọmba nzuzo", "koodu ụzọ",   # Igbo
    "පින් අංකය", "පින් නම්බර් එක", "රහස් අංකය", "කේතය", "දොරේ කෝඩ් එක", "ආරක්ෂක කේතය",
    "ප්‍රවේශ කේතය",   # Sinhala
    "хаалганы код", "нууц код", "хандалтын код",   # Mongolian
    "کوډ", "پین کوډ", "د پین شمېره", "پټه شمېره", "د دروازې کوډ", "امنیتي کوډ", "د لاسرسي کوډ",   # Pashto
    "kodê", "koda PIN", "koda derî", "koda ewlehiyê", "koda têketinê",   # Kurdish
)
_LEX_BOTH = ("şifreniz", "şifrenizi", "şifreni", "şifremi", "şifresini", "şifreyi", "şifreler", "şifreleri",   # Turkish
             "sifreniz", "sifrenizi", "sifreni", "sifremi", "sifresini", "sifreyi", "sifreler", "sifreleri",
             "šifra", "šifru", "šifre", "шифра", "шифру", "шифре")   # Serbian, Croatian, Bosnian: a code or a password
# a word for a safe, a padlock or a key box: a code or a dial combination, given or not
_LEX_LOCK = (
    "vorhängeschloss", "vorhaengeschloss", "zahlenschloß",                 # German
    "boîte à clés", "boîte à clefs", "boite à clés", "boite a cles",           # French
    "caja de llaves", "cajas fuertes",                              # Spanish
    "cassetta delle chiavi", "cassetta di sicurezza",                                        # Italian
    "cadeado", "cadeados", "caixa de chaves", "caixa forte", "cofre-forte",                  # Portuguese
    "sleutelkastje", "sleutelkluis", "sleutelkast", "kluisje", "fietsslot",                  # Dutch
    "kłódka", "kłódki", "kłódkę", "klodka", "skrytka na klucze", "sejfu",  # Polish
    "kassaskåp", "kassaskåpet", "hänglås", "hänglåset", "kodlås", "kodlåset", "nyckelskåpet",   # Swedish
    "pengeskab", "pengeskabet", "hængelås", "hængelåsen", "kodelås", "kodelåsen", "nøgleboksen",  # Danish
    "hengelås", "hengelåsen", "nøkkelboks", "nøkkelboksen", "safen", "safeskap",             # Norwegian
    "kassakaappi", "kassakaapin", "riippulukko", "riippulukon", "avainlaatikko", "avainlaatikon",   # Finnish
    "trezor", "trezoru", "visací zámek", "kódový zámek", "visaci zamek",                     # Czech
    "asma kilit", "şifreli kilit", "sifreli kilit", "çelik kasa", "celik kasa",              # Turkish
    "сейфа", "сейфе", "кодовый замок", "навесной замок", "ключница",                         # Russian
    "χρηματοκιβώτιο", "χρηματοκιβωτίου", "λουκέτο", "λουκέτου",                              # Greek
    "seif", "seiful", "seifului", "lacăt", "lacătul", "lacat", "lacatul",                    # Romanian
    "széf", "széfet", "széfem", "lakat", "lakatot", "számzár", "számzárat",                  # Hungarian
    "brankas", "brankasnya", "gembok", "gemboknya",                                          # Indonesian
    "तिजोरी", "तिजोरीचा कोड", "लॉकर", "नंबर लॉक", "नंबरचे कुलूप", "कॉम्बिनेशन लॉक",   # Marathi
    "లాకర్", "నంబర్ లాక్", "కాంబినేషన్ లాక్", "ఇనుప పెట్టె",   # Telugu
    "તિજોરી", "તિજોરીનો કોડ", "લોકર", "નંબર લોક", "કોમ્બિનેશન લોક",   # Gujarati
    "ತಿಜೋರಿ", "ಲಾಕರ್", "ನಂಬರ್ ಲಾಕ್", "ಕಾಂಬಿನೇಶನ್ ಲಾಕ್",   # Kannada
    "ലോക്കർ", "നമ്പർ ലോക്ക്", "കോമ്പിനേഷൻ ലോക്ക്", "ഇരുമ്പുപെട്ടി",   # Malayalam
    "लकर", "नम्बर लक", "कम्बिनेसन लक",   # Nepali
    "ਤਿਜੋਰੀ", "ਲਾਕਰ", "ਨੰਬਰ ਲਾਕ", "ਕੰਬੀਨੇਸ਼ਨ ਲਾਕ",   # Punjabi
    "तिजोरी का कोड", "नंबर वाला ताला",   # Hindi
    "تجوری", "تجوری کا کوڈ", "لاکر", "نمبر لاک", "نمبر والا تالا", "کومبینیشن لاک",   # Urdu
    "brankas", "brangkas", "kode brankas", "kode gembok", "gembok angka", "gembok kombinasi",
    "kothak kunci",   # Javanese
    "peti besi", "kod peti besi", "peti keselamatan", "mangga kombinasi", "kunci kombinasi",
    "kotak kunci",   # Malay
    "két sắt", "mã két sắt", "két an toàn", "ổ khóa số", "khóa số", "hộp đựng chìa khóa",   # Vietnamese
    "sefu", "kasha la chuma", "kufuli ya namba", "sanduku la funguo",   # Swahili
    "seyf", "seyfin kodu", "şifrəli kilid", "kombinasiyalı kilid", "rəqəmli kilid", "asma kilid",
    "açar qutusu",   # Azerbaijani
    "seyf kodi", "kodli qulf", "raqamli qulf", "kombinatsiyali qulf", "osma qulf", "kalit qutisi",   # Uzbek
    "сейф коды", "кодты құлып", "комбинациялы құлып", "аспа құлып", "кілт қорабы",   # Kazakh
    "სეიფი", "სეიფის კოდი", "კოდიანი საკეტი", "კომბინაციური საკეტი", "ბოქლომი", "გასაღების ყუთი",   # Georgian
    "սեյֆ", "սեյֆի կոդը", "չհրկիզվող պահարան", "կոդային կողպեք", "կոդով կողպեք", "կախովի կողպեք",
    "բանալիների տուփ",   # Armenian
    "kasafortë", "kasaforta", "kasafortës", "kodi i kasafortës", "dry me kod",
    "dry me kombinacion", "kuti çelësash",   # Albanian
    "сеф", "сефот", "катанец", "катанец со шифра", "брава со шифра", "кутија за клучеви",   # Macedonian
    "сейфа", "кодавы замок", "навясны замок", "скрынка для ключоў",   # Belarusian
    "сейфі", "кодовий замок", "навісний замок", "ключниця", "скринька для ключів",   # Ukrainian
    "сейфът", "катинар", "катинар с код", "кодова ключалка", "кутия за ключове",   # Bulgarian
    "isisefo", "ilokhi yekhodi",   # Zulu
    "khasnad", "khasnadda", "qufulka koodhka",   # Somali
    "kluisie", "kombinasieslot", "kodeslot", "sleutelkas", "sleutelkassie",   # Afrikaans
    "گاوصندوق", "گاو صندوق", "قفل رمزدار", "قفل رمزی", "قفل آویز", "جعبه کلید",   # Persian
    "כספת", "הכספת", "כספת מפתחות", "מנעול קוד", "מנעול קומבינציה", "מנעול תלייה", "תיבת מפתחות",   # Hebrew
    "خزنة", "الخزنة", "قاصة", "القاصة", "قفل رقمي", "قفل الأرقام", "صندوق المفاتيح",   # Arabic
    "লকার", "লকারের", "সেফের", "ভল্ট", "তালার কোড", "তালার কম্বিনেশন", "কম্বিনেশন লক", "প্যাডলক",   # Bengali
    "sééfù", "àgádágodo", "agadagodo", "àpótí ìpamọ́ owó",   # Yoruba
    "லாக்கர்", "சேஃப்", "இரும்புப் பெட்டகம்", "பாதுகாப்புப் பெட்டகம்", "காம்பினேஷன் பூட்டு",
    "சாவிப் பெட்டி", "பேட்லாக்",   # Tamil
    "ካዝና", "ካዝናው", "የካዝናው",   # Amharic
    "kod sefa", "kombinacija sefa", "u sefu", "katanac", "katanca",
    "lokot",   # Serbian, Croatian, Bosnian
    "сеф", "сефа", "сефу", "катанац", "катанца", "локот", "кутија за кључеве",   # Serbian
    "sêff", "clo clap", "glo clap", "clo cyfuniad", "blwch allweddi", "mlwch allweddi",   # Welsh
    "trezor", "trezoru", "trezore", "sejfu", "visiaci zámok", "kombinačný zámok",
    "schránka na kľúče",   # Slovak
    "trezorja", "v sefu", "koda sefa", "obešanka", "obešanko", "kombinacijska ključavnica",
    "omarica za ključe",   # Slovenian
    "safen", "safeskapet", "pengeskap", "pengeskapet", "hengelås", "hengelåsen", "kodelås",
    "nøkkelboks",   # Norwegian
    "pengeskab", "pengeskabet", "hængelås", "hængelåsen", "kodelåsen", "nøgleboksen",   # Danish
    "peningaskápur", "peningaskápnum", "öryggisskápur", "öryggisskápnum", "hengilás",
    "hengilásinn", "talnalás", "lyklabox",   # Icelandic
    "seif", "seifi", "seifis", "tabalukk", "tabaluku", "koodlukk", "võtmekapp", "võtmekarp",   # Estonian
    "seifs", "seifa", "seifā", "piekaramā atslēga", "kodu slēdzene", "atslēgu kaste",   # Latvian
    "seifas", "seifo", "seife", "pakabinama spyna", "kodinė spyna", "raktų dėžutė",   # Lithuanian
    "taisceadán", "thaisceadán", "glas fraincín", "ghlas fraincín", "glas comhcheangail",
    "bosca eochracha",   # Irish
    "kutxa gotorra", "kutxa gotorraren", "giltzarrapoa", "giltzarrapo", "konbinazio-sarraila",
    "giltza-kutxa",   # Basque
    "caixa forte", "caixa de seguridade", "cadeado", "o cadeado", "pechadura de combinación",
    "caixa das chaves",   # Galician
    "kaxxaforti", "il-kaxxaforti", "katnazz", "il-katnazz", "serratura b'kombinazzjoni",
    "kaxxa taċ-ċwievet",   # Maltese
    "kaha de yero", "kandado", "kandado ng gate", "kahon ng susi",   # Tagalog
    "igbe nchekwa",   # Igbo
    "සේප්පුව", "සේප්පුවේ", "සේප්පුවට", "ලොකර් එක",   # Sinhala
    "сейфийн", "цоожны код", "түлхүүрийн хайрцаг",   # Mongolian
    "تجوري", "تجورۍ", "سېف", "د سېف کوډ",   # Pashto
    "kasaya hesinî", "sandoqa pereyan",   # Kurdish
)
# a lock named without a code word: a value given as one, three digits enough
_LEX_LATCH = ("kilit", "kilidi", "kilidin", "замок", "замка")                             # Turkish, Russian
_LEX_ALARM = (
    "alarmanlage", "alarmanlagen", "einbruchmeldeanlage",                                    # German
    "système d'alarme", "alarmas", "allarmi", "alarmes",                                     # French, Spanish, Italian, Portuguese
    "alarmsysteem",                                                                          # Dutch
    "alarmu", "alarmem",                                                                     # Polish, Czech
    "larmkod", "alarmen", "alarmet",                                                         # Swedish, Danish, Norwegian
    "hälytin", "hälyttimen", "hälytys", "hälytysjärjestelmä", "halytin",                     # Finnish
    "alarmı", "alarmi",                                                                      # Turkish
    "сигнализация", "сигнализации", "сигнализацию", "сигналка",                              # Russian
    "συναγερμός", "συναγερμού", "συναγερμό",                                                 # Greek
    "alarmă", "alarmei",                                                                     # Romanian
    "riasztó", "riasztót", "riasztóm", "riaszto",                                            # Hungarian
)
_LEX_PLACE = (
    "garagentor", "eingangstür", "wohnungstür", "hintertür", "haustüre", "gartentor", "einfahrtstor",   # German
    "porte d'entrée", "porte d’entrée", "portillon",                                         # French
    "garaje", "cochera", "portones",                                                         # Spanish
    "porta", "portoncino",                                                                  # Italian, Portuguese
    "portão", "portao", "garagem", "portaria",                                               # Portuguese
    "voordeur", "achterdeur", "garagedeur", "hek", "poortje",                               # Dutch
    "garaż", "garażu", "garaz", "furtka", "furtki", "bramy", "bramę", "domofon", "domofonu",  # Polish
    "dörr", "ytterdörr", "ytterdörren", "garaget", "porttelefon",                           # Swedish
    "dør", "døra", "hoveddør", "hoveddøren", "ytterdør", "ytterdøra", "ytterdøren", "låge", "lågen",   # Danish, Norwegian
    "garasje", "garasjen", "garasjeport",                                                    # Norwegian
    "ovi", "ulko-ovi", "ulko-oven", "portti", "portin", "autotalli", "autotallin", "ovipuhelin",   # Finnish
    "dveře", "dveří", "dvere", "brána", "brány", "branka", "garáž", "garáže",                 # Czech
    "kapı", "kapının", "kapısı", "kapısının", "garaj", "garajın", "bahçe kapısı",            # Turkish
    "дверь", "двери", "ворота", "ворот", "калитка", "калитки", "гараж", "гаража", "подъезд", "подъезда", "домофон", "домофона",   # Russian
    "πόρτα", "πόρτας", "εξώπορτα", "γκαράζ", "καγκελόπορτα", "αυλόπορτα", "θυροτηλέφωνο",     # Greek
    "ușa", "ușă", "ușii", "poarta", "poartă", "porții", "garajul", "interfon", "interfonul",  # Romanian
    "ajtó", "ajtót", "ajtaja", "kapu", "kaput", "kapuja", "garázs", "garázst", "kaputelefon",   # Hungarian
    "pintu", "pintunya", "gerbang", "garasi", "pagar",                                       # Indonesian
)
# a second factor's backup codes named without the word code the older tables read
_LEX_OTP = (
    "sicherungscodes", "sicherungscode", "backupcodes", "back-upcodes", "back-up-codes",     # German, Dutch
    "códigos de recuperação",   # Spanish, Portuguese
    "kody awaryjne",                                   # Polish
    "reservkoder", "reservkoderna", "återställningskoder", "backupkoder", "reservekoder",     # Swedish, Danish, Norwegian
    "gendannelseskoder", "gjenopprettingskoder",
    "varmuuskoodit", "varakoodit", "palautuskoodit",                                         # Finnish
    "záložní kódy", "zalozni kody", "obnovovací kódy",                                       # Czech
    "yedek kodlar", "yedek kodları", "kurtarma kodları", "kurtarma kodlari",                 # Turkish
    "резервные коды", "коды восстановления",                                                 # Russian
    "εφεδρικοί κωδικοί", "κωδικοί ανάκτησης",                                                # Greek
    "coduri de rezervă", "codurile de rezervă", "coduri de recuperare",                      # Romanian
    "tartalék kódok", "tartalékkódok", "helyreállítási kódok",                               # Hungarian
    "kode cadangan", "kode pemulihan",                                                       # Indonesian
    "बॅकअप कोड", "रिकव्हरी कोड",   # Marathi
    "బ్యాకప్ కోడ్", "రికవరీ కోడ్",   # Telugu
    "બેકઅપ કોડ", "રિકવરી કોડ",   # Gujarati
    "ಬ್ಯಾಕಪ್ ಕೋಡ್", "ರಿಕವರಿ ಕೋಡ್",   # Kannada
    "ബാക്കപ്പ് കോഡ്", "റിക്കവറി കോഡ്",   # Malayalam
    "ब्याकअप कोड", "रिकभरी कोड",   # Nepali
    "ਬੈਕਅੱਪ ਕੋਡ", "ਰਿਕਵਰੀ ਕੋਡ",   # Punjabi
    "बैकअप कोड", "रिकवरी कोड",   # Hindi
    "بیک اپ کوڈ", "ریکوری کوڈ",   # Urdu
    "lambobin dawo da asusu",   # Hausa
    "kode cadangan", "kode pemulihan",   # Javanese
    "kod sandaran", "kod pemulihan",   # Malay
    "mã dự phòng", "mã khôi phục",   # Vietnamese
    "misimbo ya akiba", "misimbo ya kurejesha",   # Swahili
    "ehtiyat kodlar", "bərpa kodu", "bərpa kodları",   # Azerbaijani
    "zaxira kodlar", "tiklash kodi",   # Uzbek
    "резервтік кодтар", "қалпына келтіру коды",   # Kazakh
    "სარეზერვო კოდები", "აღდგენის კოდი",   # Georgian
    "պահուստային կոդեր", "վերականգնման կոդ",   # Armenian
    "kodet rezervë", "kodi i rikuperimit",   # Albanian
    "резервни кодови", "код за враќање",   # Macedonian
    "рэзервовыя коды", "код аднаўлення",   # Belarusian
    "резервні коди", "код відновлення",   # Ukrainian
    "резервни кодове", "код за възстановяване",   # Bulgarian
    "ikhodi yokubuyisela", "amakhodi esipele",   # Zulu
    "koodhadhka kaydka", "koodhka soo celinta",   # Somali
    "rugsteunkodes", "herwinningskodes", "herstelkodes",   # Afrikaans
    "کدهای پشتیبان", "کد بازیابی",   # Persian
    "קודי גיבוי", "קוד שחזור",   # Hebrew
    "رموز احتياطية", "رموز الاسترداد", "رمز الاسترداد",   # Arabic
    "ব্যাকআপ কোড", "রিকভারি কোড",   # Bengali
    "மீட்புக் குறியீடு", "காப்புக் குறியீடுகள்", "பேக்கப் கோடுகள்",   # Tamil
    "የመጠባበቂያ ኮዶች",   # Amharic
    "rezervni kodovi", "kodovi za oporavak",   # Serbian, Croatian, Bosnian
    "резервни кодови", "кодови за опоравак",   # Serbian
    "codau wrth gefn", "codau adfer",   # Welsh
    "záložné kódy", "kódy na obnovenie",   # Slovak
    "rezervne kode", "obnovitvene kode",   # Slovenian
    "reservekoder", "gjenopprettingskoder",   # Norwegian
    "backupkoder", "gendannelseskoder",   # Danish
    "varakóðar", "endurheimtarkóðar",   # Icelandic
    "varukoodid", "taastekoodid",   # Estonian
    "rezerves kodi", "atkopšanas kodi",   # Latvian
    "atsarginiai kodai", "atkūrimo kodai",   # Lithuanian
    "cóid chúltaca", "cóid athshlánaithe",   # Irish
    "babeskopia-kodeak", "berreskuratze-kodeak",   # Basque
    "códigos de reserva", "códigos de recuperación",   # Galician
    "kodiċijiet ta' backup", "kodiċijiet ta' rkupru",   # Maltese
    "උපස්ථ කේත", "ප්‍රතිසාධන කේත",   # Sinhala
    "нөөц код", "нөөц кодууд", "сэргээх код",   # Mongolian
    "بیک اپ کوډونه", "د بیا رغونې کوډونه",   # Pashto
    "kodên yedek", "kodên vegerandinê",   # Kurdish
)
# the languages without spaces: the word is no token of its own (see _clause_spans)
_LEX_JOINED_PASSWORD = ("密碼", "비번", "패스워드", "รหัสผ่าน", "พาสเวิร์ด", "รหัสไวไฟ", "รหัสผ่านไวไฟ", "ពាក្យសម្ងាត់", "ប៉ាសវើដ", "ពាក្យសម្ងាត់វ៉ាយហ្វាយ", "ລະຫັດຜ່ານ", "ລະຫັດວາຍຟາຍ", "စကားဝှက်", "ပတ်စ်ဝေါ့ဒ်")
_LEX_JOINED_CODE = ("パスコード", "暗証コード", "pin码", "pin碼", "pin코드", "핀번호", "핀 번호", "安全码", "安全碼",
                    "バックアップコード", "リカバリーコード", "备用码", "恢复码", "備用碼", "復原碼", "백업 코드", "복구 코드", "รหัสพิน", "รหัสประตู", "รหัสเข้าประตู", "รหัสรักษาความปลอดภัย", "รหัสลับ", "លេខកូដ", "លេខសម្ងាត់", "កូដទ្វារ", "កូដសុវត្ថិភាព", "ລະຫັດ", "ລະຫັດປະຕູ", "ລະຫັດລັບ", "ລະຫັດຄວາມປອດໄພ", "ကုဒ်", "ပင်နံပါတ်", "လျှို့ဝှက်နံပါတ်", "ကုဒ်နံပါတ်", "တံခါးကုဒ်", "လုံခြုံရေးကုဒ်")
_LEX_JOINED_LOCK = ("金庫", "南京錠", "キーボックス", "保险箱", "保險箱", "保险柜", "保險櫃", "挂锁", "掛鎖", "금고", "자물쇠", "ตู้เซฟ", "ตู้นิรภัย", "กุญแจรหัส", "แม่กุญแจรหัส", "แม่กุญแจ", "กล่องเก็บกุญแจ", "ទូដែក", "ទូសុវត្ថិភាព", "ຕູ້ເຊຟ", "ຕູ້ນິລະໄພ", "ກຸນແຈລະຫັດ", "မီးခံသေတ္တာ", "သော့ခလောက်")
# a recovery or seed phrase (_PHRASE_SAID: the rest of the clause is the secret)
_LEX_PHRASE = (
    "seed-phrase", "seedphrase", "recovery-phrase", "wiederherstellungssatz",                 # German
    "phrase mnémonique",                                           # French
    "frase mnemónica", "frase mnemonica", "frase semente", "frase-semente",                  # Spanish, Italian, Portuguese
    "seedzin", "herstelfrase",                                                               # Dutch
    "fraza seed", "fraza mnemoniczna",                                 # Polish
    "återställningsfras", "återställningsfrasen", "gendannelsesfrase", "gendannelsessætning",   # Swedish, Danish
    "gjenopprettingsfrase", "gjenopprettingsfrasen",                                         # Norwegian
    "palautuslause", "palautuslauseke", "siemenlause",                                       # Finnish
    "obnovovací fráze", "fráze pro obnovení",                                                # Czech
    "kurtarma ifadesi", "kurtarma cümlesi", "gizli kelimeler",                               # Turkish
    "фраза восстановления", "сид-фраза", "сид фраза", "мнемоническая фраза", "seed-фраза",   # Russian
    "φράση ανάκτησης", "φράση επαναφοράς",                                                   # Greek
    "fraza de recuperare",                                                     # Romanian
    "helyreállítási kifejezés", "helyreállító kifejezés", "seed kifejezés",                  # Hungarian
    "frasa pemulihan", "frasa benih",                                                        # Indonesian
)
_LEX_JOINED_PHRASE = ("リカバリーフレーズ", "シードフレーズ", "復元フレーズ", "助记词", "助記詞", "恢复短语",
                      "復原短語", "복구 문구", "시드 문구")
# a security question or its answer (_SECURITY_ARROW: an arrow or "=" gives the answer)
_LEX_QUESTION = (
    "geheime frage", "sicherheitsfragen",                                                    # German
    "vraag en antwoord",                                                                     # Dutch
    "odpowiedź na pytanie",                                                                  # Polish
    "turvakysymys", "turvakysymyksen", "turvakysymyksen vastaus",                            # Finnish
    "bezpečnostní otázka", "bezpečnostní otázku", "kontrolní otázka", "bezpecnostni otazka",  # Czech
    "gizli soru", "güvenlik sorusunun", "guvenlik sorusu",                                   # Turkish
    "секретный вопрос", "контрольный вопрос", "секретное слово", "кодовое слово",            # Russian
    "ερώτηση ασφαλείας", "μυστική ερώτηση",                                                  # Greek
    "întrebare de securitate", "întrebarea de securitate", "intrebarea de securitate", "întrebare secretă",   # Romanian
    "biztonsági kérdés", "biztonsági kérdésre", "titkos kérdés", "biztonsagi kerdes",        # Hungarian
    "pertanyaan keamanan", "jawaban rahasia", "pertanyaan rahasia",                          # Indonesian
)
_LEX_JOINED_QUESTION = ("秘密の質問", "秘密の答え", "安全问题", "安全問題", "密保问题", "보안 질문", "비밀 질문")


def _alternation(words) -> str:
    """The words as one alternation of a pattern, longest first ("garagem" before "garage")."""
    return "|".join(re.escape(word) for word in sorted(set(words), key=len, reverse=True))


def _word_cues(words) -> tuple:
    """Each word as its own cue, in lower case; a word of four ASCII letters or fewer after a
    space (_LEXICON_STARTS finds it at the very start of a text)."""
    return tuple((" " if word.isascii() and len(word) <= 4 else "") + word.lower() for word in words)


_LEXICON_FAMILIES = (("otp", _LEX_OTP), ("lock", _LEX_LOCK), ("password", _LEX_PASSWORD), ("both", _LEX_BOTH),
                     ("code", _LEX_CODE), ("alarm", _LEX_ALARM), ("place", _LEX_PLACE), ("latch", _LEX_LATCH))
_LEXICON_JOINED = (("joined_password", _LEX_JOINED_PASSWORD), ("joined_code", _LEX_JOINED_CODE),
                   ("joined_lock", _LEX_JOINED_LOCK))
@functools.cache
def _LEXICON_WORD() -> re.Pattern:   # noqa: N802  (called as the lazy patterns are)
    """The lexicon's words as one pattern, built and compiled on first need: its two thousand
    words' alternation costs a stage's import nothing until a text holds one of their cues."""
    return re.compile(
        r"(?<![\w-])(?:" + "|".join(f"(?P<{family}>{_alternation(words)})" for family, words in _LEXICON_FAMILIES)
        + r")(?![\w-])|" + "|".join(f"(?P<{family}>{_alternation(words)})" for family, words in _LEXICON_JOINED),
        re.IGNORECASE)
_LEXICON_CUES = _cues(*_word_cues(word for _family, words in _LEXICON_FAMILIES + _LEXICON_JOINED for word in words))
_LEXICON_STARTS = tuple(cue[1:] for cue in _LEXICON_CUES if cue.startswith(" "))


# -- credentials said in prose or shorthand ---------------------------------------------
# "pw for the tablet: x", "the code to the shed is 8213", "login for the printer page:
# admin / x", "pin 4471", "wifi key x", "alarm: 6061". What is named says what the value
# must look like: a code or a PIN is digits; a password or a key anything but a prose word.
_CODE_OWNERS = (r"(?:door|front door|back door|gate|garden gate|garage(?: door)?|alarm|burglar alarm|safe|"
                r"keypad|key ?pad|lock|padlock|lockbox|key ?safe|locker|bike lock|shed|entry|access|"
                r"security|unlock|phone|iphone|ipad|tablet|sim|building|car park|parking|intercom|"
                r"bank|atm|card|debit card|credit card|door entry|panel|mailbox|letterbox|postbox|key|storage|"
                r"house|flat|apartment|office|studio|cabin|caravan|boat|van|car|immobiliser|immobilizer|radio|"
                r"tv|parental|gym|pool|arming|disarm|disarming|smart lock|front gate|back gate|(?:bin |bike )?store|cellar|"
                r"basement|lobby|porch|cupboard)")
_FOR_WHAT = r"(?: (?:for|to|of|on|at|in|by|near|with|4|2|für|för|pour|voor|para|per) (?:the |my |our |a |das |die |der |le |la )?[\w'.+-]+(?: [\w'.+-]+){0,3}?)?"
_CODE_SUBJECT = (r"(?:(?:" + _CODE_OWNERS + r"|[a-z]+'s) (?:(?:pattern |pin |entry |access |lock |unlock )?"
                 r"(?:code|combo|combination|pin|passcode))"
                 r"|(?:code|combo|combination)s? (?:to|for|of|on) (?:the |my |our |mum's |dad's |[a-z]+'s )?"
                 r"[a-z0-9][\w'-]*(?: [\w'-]+){0,3}?"
                 r"|pinn?(?: code| number)?|puk|cvv2?|cvc|csc|security code|passcode|pass code|key ?codes?|alarm(?: panel| pad| keypad| system)?|"
                 r"combo|combination|"
                 r"keypad|key ?pad|padlock|lockbox|key ?safe"
                 # "the gate opens with 2468": what it opens, with a verb of opening
                 r"|" + _CODE_OWNERS + r"(?=:? (?:opens|unlocks|is armed|arms|disarms|takes|is set|punch|type|enter|"
                 r"key in|tap|press) )"
                 # "office safe: 6290", "locker 9 at work: 7702": a lock, then a colon (or an arrow) and digits
                 r"|(?:safe|locker|padlock|lockbox|gate|lock)(?: (?:no\.? ?|#)?\d{1,4})?(?=" + _FOR_WHAT + r"\s*(?::|->|=>|→)))")
_WORD_SUBJECT = (r"(?:passwords?|p[a@4][s5$]{2}w[o0]rds?|passwd|pwd|pw|"
                 # its misspellings: a letter left out or two swapped ("psswd", "pasword", "paswrod")
                 r"p[a@]?ss?w[o0]?r?d|pa?ss?wr[o0]d|pa?ss?[o0]wr?d|(?<!boarding )(?<!bus )(?<!day )(?<!season )pass|passphrase|passcode|secret word|code word|"
                 r"logins?|log-in|credentials|creds|wi-?fi(?! network\b)(?: key| password| pw| pass| code)?|wi-?fi network (?:key|password|pw|pass|code)|"
                 r"(?:network|wpa2?|wireless|router|guest)(?: network)? (?:key|password|pw|pass)|"
                 r"(?:api|secret|access|recovery|backup) key|key (?:for|to) (?:the |my |our )?(?:[\w'-]+ )?(?:wi-?fi|wlan|network|"
                 r"router|hotspot)|(?:recovery|backup|2fa|mfa|otp|one-time|verification) codes?|(?:api |access |auth )?token|"
                 r"codes? de (?:secours|r[ée]cup[ée]ration|sauvegarde)|c[óo]digos? de (?:respaldo|recuperaci[óo]n|backup)|"
                 r"codici di (?:backup|recupero)|herstelcodes?|wiederherstellungscodes?|backup-codes?|"
                 r"kody (?:zapasowe|odzyskiwania))")
# "the front gate: punch 4590 then #": how the code is entered, between what it opens and it
_ENTER = r"(?:(?:just |then |and |first )?(?:punch|type|enter|key|tap|press|hit|unset|disarm|deactivate)(?: in)?\s+)"
# a dash gives a value with a space beside it: "password-reset-email" is one word
_SAYS = (r"(?:\s*[–—]\s*(?:it'?s|it’s|it is|that'?s|that is)\s+|\s*(?:->|=>|→|:|=|–|—)\s*|\s+-\s*|-\s+|\s+(?:is|iz|was|is now|is still|will be|are|=|it's|it is|opens with|unlocks with|takes|"
         r"is armed with|arms with|disarms with|is set to|is set with|set to|uses|is on|'s on)\s*:?\s*)")
# "wifi key x", "pin 4471": no verb, only straight after what is named
# "pin for the work badge, don't lose it: 8152", "password (mum set it): x", "security answer
# (city where we met) is x": one aside between what is named and the colon or verb that gives
# the value
_ASIDE = r"(?:,[^:\n,]{1,40}|\s*\([^()\n]{1,40}\))"
# "key for the router downstairs: x": a word or two of place before the colon
# "the BLIK code she texted 604 118": who sent it, then the digits
_SENT = (r"(?: (?:he|she|they|you|i|we|mum|mom|dad|the bank|the app) (?:texted|sent|gave|emailed|messaged|set|chose|picked)"
         r"(?: me| us| you)?\s+(?=\d))")
# "door code changed again, new one from monday is 4419": the change, then the new one
_CHANGED = (r"(?: (?:has |have |was |got |just )?(?:changed|been changed|updated|reset)(?: again| today| recently)?"
            r"\s*(?:[,;.:]|\s[-–—])\s*(?:so |and )?(?:the |a |our )?new (?:one|code|pin)(?: [\w']+){0,3}?)")
_SAID = (r"(?:" + _FOR_WHAT + _SAYS + r"|" + _FOR_WHAT + _CHANGED + r"(?:" + _SAYS + r"|\s+)|" + _FOR_WHAT + _ASIDE + r"{1,2}(?:\s*:\s*|,?" + _SAYS + r")|" + _FOR_WHAT + r"(?: [\w'-]+){1,3}\s*:\s*"
         r"|\s*,\s*(?=\d)|" + _FOR_WHAT + r"\s+(?=\d)|" + _SENT + r"|\s*\([^()\n]{1,40}\)\s+|\s+)")
# "C4419X": a letter may close a code as it may open one, a capital
_CODE_VALUE = r"(?P<code>(?:[#*]|[A-Za-z](?=\d))?\d(?:[\d#*]|[A-Z](?=\d)|[- .](?=\d)){2,15}(?:[#*]|(?-i:[A-Z]))?)(?![\w/.:-]*\w)"
_CODE_SAID = lazy(r"(?<![\w'])(?:my |the |our |your |his |her |their |a )?" + _CODE_SUBJECT
                  + r"(?:" + _FOR_WHAT + r"\s*[:,]?\s*" + _ENTER + r"|" + _SAID + r")" + _CODE_VALUE, re.IGNORECASE)
# "hold both arrows then punch 0073": digits keyed in, one step of a sequence, with no lock named
_PUNCHED = lazy(r"(?<![\w'])(?:then|and then|first|just) (?:punch|key|tap)(?: in)?\s+(?P<code>\d{4,8}#?)(?![\w/.:,-]*\d)"
                r"(?!\s*(?:times|x\b|minutes|mins|seconds|secs|%))", re.IGNORECASE)
_PUNCHED_CUES = _cues("punch", "key", "tap")
# a passphrase is words: the rest of the clause is the secret
_PHRASE_SAID = lazy(r"(?:(?<![\w'])(?:pass ?phrase|secret phrase|recovery phrase|seed phrase|backup phrase|mnemonic|"
                    r"(?:seed|recovery|mnemonic|backup) words|phrase secrète|phrase de passe|frase (?:de contraseña|"
                    r"secreta|segreta|d'accesso|de recuperaci[óo]n|semilla|di recupero|de recupera[çc][ãa]o)|"
                    r"phrase de r[ée]cup[ée]ration|wiederherstellungsphrase|herstelzin|fraza odzyskiwania|"
                    r"wachtzin|lösenfras(?:en)?|merksatz|geheimsatz|" + _alternation(_LEX_PHRASE) + r")|"
                    + _alternation(_LEX_JOINED_PHRASE) + r")"
                          # "the passphrase we chose is …": who chose it, in a clause of its own
                          + _FOR_WHAT + r"(?: (?:i|we|you|he|she|they|mum|dad)(?: [a-z']+){1,2})?"
                          # the verb in the languages whose words for it are above ("Passphrase ist …")
                          + r"(?:\s*[:=]\s*|\s+(?:is|was|are|were|ist|lautet|war|est|c['’]est|es|era|è|é|är|er|jest|"
                          r"je|zijn|este|είναι|adalah)\s+:?\s*"
                          # or the words themselves, capitalised, right after ("gpg passphrase Thimble Anchor Quartz")
                          + r"|(?-i:\s+(?=[A-Z][a-z]+ [A-Z][a-z]+ [A-Z][a-z]+|[A-Z][a-z]+ [a-z]{2,4} [A-Z][a-z]+|"
                          + r"[a-z]{3,12} [a-z]{3,12} [a-z]{3,12} [a-z]{3,12}(?:[.,;!?]|\s*$))))"
                          + r"(?P<value>[^\s.;,][^\n.;,]{2,300})", re.IGNORECASE)
# "my mother's maiden name is Kowalczyk", "asks "name of your first pet" — I answered Mr
# Whiskers": the answer to a security question said in prose, in a text that says it is one
# (_ANSWER_CUES); the answer is a name, so only capitalised words or digits are taken
_ANSWER_SAID = lazy(r"(?i:(?<!\w)(?<!\w')(?:mother'?s maiden name|maiden name|(?:name of (?:your|my|the) )?first (?:pet|car|school|"
                    r"teacher|boss|job|street|concert|love)(?:'s name)?|childhood (?:street|friend|nickname|hero|best friend)|"
                    r"favou?rite (?:teacher|film|movie|book|food|colou?r|band|city|sport|team|singer)|"
                    r"(?:city|place|town|country) of birth|birth ?(?:place|city|town)|"
                    r"(?:town|city|street|hospital) (?:where )?(?:you|i) (?:were|was) born(?: in)?|street (?:you|i) grew up on))"
                    r"[\"'”’)]?(?:(?:\s*\([^()\n]{1,60}\))?\s*[:=→]\s*(?i:(?:i|we) (?:typed|put|used|entered|wrote|gave|said|answered|chose|"
                    r"picked|went with|set)\s+(?:it as |in )?)?|[^\n.;?!:=]{0,30}?\s*[:=→]\s*|[^\n.;?!:=]{0,30}?\b(?i:is|was|answered|said|put|"
                    r"gave|used|wrote|typed|chose|picked|went with|set|told|answer)\s+(?i:it (?:as|to) |it |them |as |in |down |to )?)"
                    r"[\"'“‘]?"
                    r"(?P<value>[A-Z0-9][\w'’-]{1,40}(?: [A-Z0-9][\w'’-]{1,40}){0,3})")
_ANSWER_SUBJECT_CUES = _cues("maiden", "first", "childhood", "favourite", "favorite", "born", "grew", "birth")
_ANSWER_CUES = _cues("security", "secret question", "memorable", "verification", "question", "asks", "asked",
                     "answer", "recovery", "set to", "told it", "portal", " site", " gave ", "bank")
# a wifi QR code's text, "WIFI:T:WPA;S:name;P:password;;": the P field
_WIFI_QR = lazy(r"\bWIFI:(?:[A-Z]{1,2}:(?:\\.|[^;\\\n]){0,64};){0,6}?P:(?P<value>(?:\\.|[^;\\\n]){1,128})", re.IGNORECASE)
# a URL that is itself the credential: a webhook's or a key's path ("discord.com/api/webhooks/
# <id>/<token>", "maker.ifttt.com/trigger/x/with/key/<key>"); its random parts are the secret
_URL_PART = lazy(r"[^/?#&=]+")
# "SSID Kestrel_Home, key x", "network BeachHut / password x": the key beside the network's name
_NETWORK_KEY = lazy(r"(?<![\w'])(?:ssid|network|wi-?fi(?: network)?)\b[^\n,/;:]{1,40}?\s*[,/;]\s*(?:and )?(?:the )?"
                    r"(?:key|password|pass|pw|pwd|wpa[23]?(?: key)?)\s*[:=]?\s*(?P<value>" + _QUOTED + r"|[^\s,;]{1,200})",
                    re.IGNORECASE)
# "mysql -u root -pX", "sshpass -p X ssh …", "redis-cli -a X": a password on a command line
_CLI_PASSWORD = lazy(r"\b(?:mysql|mysqldump|mariadb|mariadb-dump|sshpass|redis-cli|docker|podman|smbclient|"
                     r"mosquitto_pub|mosquitto_sub|psql|rsync)\b[^\n]{0,80}?(?<!\S)(?:-p|-a|--password|--pass|--passwd|"
                     r"--auth|-pw)(?:=|\s*)(?P<value>" + _QUOTED + r"|[^\s\"']{4,200})")
# "the laptop unlocks with penguin4ever", "the tablet wants marmalade-Otter-19": a password
# given to what it opens, with no credential word (only a value shaped like one is taken)
_UNLOCKS_WITH = lazy(r"\b(?:unlocks?|opens?|logs? (?:in|on)|signs? in|wakes? up|starts? up|(?:is |are )?(?:locked|protected|encrypted|secured)) with\s+(?P<value>[^\s,;]{6,64})"
                     r"|\b(?:wants|asks for|asks me for|needs)\s+(?P<wanted>[^\s,;]{6,64})"
                     # "the set-up menu is locked with 1122": digits a lock is set to
                     r"|\b(?:is |are )?(?:locked|protected|secured|pin-?locked) with\s+(?P<digits>\d{4,8})(?![\w/.:-])"
                     # "ssh into the pi as pi with raspberry-Jam-31": a log-in, its user, then what it takes
                     r"|\b(?:ssh|login|log(?:s|ged)? ?(?:in|on)(?:to)?|sign(?:s|ed)? ?in(?:to)?)\b[^\n;]{0,40}?\bas\s+[^\s,;]{1,32}"
                     r"\s+with\s+(?P<login>[^\s,;]{6,64})", re.IGNORECASE)
# "the veracrypt container opens with Ostsee Wellen brechen 3x": what an encrypted volume or
# a password vault opens with is a passphrase, words and all, to the end of the clause
_OPENS_WITH_PHRASE = lazy(r"(?<![\w'])(?:veracrypt|truecrypt|keepass(?:xc)?|luks|bitlocker|cryptomator|encrypted|"
                          r"vault)\b[^\n.;:]{0,40}?\b(?:opens?|unlocks?|decrypts?|mounts?)"
                          r" with\s+(?P<value>[^\s.;,][^\n.;,]{2,120})", re.IGNORECASE)
# "keepass db unlock: !!Zebra.Crossing.Lamp!!": what unlocks it, named with a colon
_UNLOCK_SAID = lazy(r"(?<![\w'])(?:veracrypt|truecrypt|keepass(?:xc)?|luks|bitlocker|cryptomator|vault)\b[^\n.;:]{0,30}?"
                    r"\b(?:unlock|master|passphrase|key)\s*:\s*(?P<value>[^\s,;]{6,128})", re.IGNORECASE)
_OPENS_WITH_CUES = _cues("veracrypt", "truecrypt", "keepass", "luks", "bitlocker", "cryptomator", "encrypted", "vault")
# "the new one for icloud: Tangerine-Skies-2026": an account where one signs in with a password
# and no public name (not a social network's, whose "is" gives a handle), given a value by a
# colon or "is" — taken only in a password's strong shapes (_strong_given)
_SERVICE_SAID = lazy(r"(?<![\w'])(?:icloud|apple id|gmail|hotmail|yahoo|proton(?:mail)?|netflix|spotify|"
                     r"disney\+?|hulu|prime video|amazon|paypal|ebay|dropbox|plex|onedrive|office 365)"
                     r"(?: (?:account|login|one))?(?:\s*[:=]\s*|\s+(?:is|was|is now)\s+)(?P<value>[^\s,;]{8,64})",
                     re.IGNORECASE)
# a password called "the one" of an account: "so Biscuit88, that's the netflix one", "the one for
# the electricity supplier website is Kilowatt_Karen"
_ACCOUNT_ONE = (r"(?:icloud|apple id|gmail|hotmail|yahoo|proton(?:mail)?|netflix|spotify|disney\+?|hulu|prime video|"
                r"amazon|paypal|ebay|dropbox|plex|onedrive|steam|xbox|playstation|nintendo|[\w'-]+ (?:site|website|portal|"
                r"app|account|login))")
_ONE_SAID = lazy(r"(?<![\w'])(?P<before>[^\s,;]{6,64}),? (?:that's|thats|that is|it's|its|is) (?:the|my|our) "
                 + _ACCOUNT_ONE + r" one\b"
                 r"|(?<![\w'])the one for (?:the |my |our )?(?:[\w'-]+ ){0,3}?" + _ACCOUNT_ONE
                 + r"(?:\s*[:=]\s*|\s+(?:is|was|is now)\s+)(?P<after>[^\s,;]{6,64})", re.IGNORECASE)
_ONE_ACCOUNT_CUES = _cues("icloud", "apple id", "gmail", "hotmail", "yahoo", "proton", "netflix", "spotify", "disney",
                          "hulu", "prime video", "amazon", "paypal", "ebay", "dropbox", "plex", "onedrive", "steam",
                          "xbox", "playstation", "nintendo", "site", "portal", " app", "account", "login")
_ONE_CUES, _WORDS_JOINED = _cues(" one"), lazy(r"^[A-Za-z]+(?:_[A-Za-z0-9]+)+$")
_SERVICE_CUES = _cues("icloud", "apple id", "gmail", "hotmail", "yahoo", "proton", "netflix", "spotify",
                      "disney", "hulu", "prime video", "amazon", "paypal", "ebay", "dropbox", "plex", "onedrive",
                      "office 365")
# how far before a hex run a word may say it is public (a fingerprint's, a commit's): a
# window, so a text of many runs is not read back to its start for each
_HEX_LABEL_REACH = 200
_HEX_BYTE, _HEX_LETTER = lazy(r"^[0-9A-Fa-f]{2}$"), lazy(r"[A-Fa-f]")
_PUBLIC_HEX = lazy(r"\b(?:public|fingerprints?|gpg|pgp|ssh|commit|sha\d*|md5|hash|checksum|git|digest)\b", re.IGNORECASE)
# a line of a .pgpass file: host:port:database:user:password
_PGPASS = lazy(r"(?<![\w.*-])(?:[\w.-]+|\*):(?:\d{2,5}|\*):[^:\s]+:[^:\s]+:(?P<value>[^\s:]{4,128})(?!\S)")
_PGPASS_CUES = _cues(":")
# a key file or a key's type after "with" is no password: "ssh in as root with id_ed25519"
_KEY_FILE = lazy(r"^id_|rsa|dsa|ed25519|ecdsa|\.(?:pem|key|ppk|pub)$", re.IGNORECASE)
# "curl -u marta:x https://…": the password after the user
_CURL_USER = lazy(r"\b(?:curl|wget|http)\b[^\n]{0,80}?(?<!\S)(?:-u|--user)[ =]['\"]?[^\s:'\"]{1,64}:"
                  r"(?P<value>[^\s'\"]{1,128})")
# "security answer (first pet): x", "the answer to my security question is x", "mother's maiden
# name for the bank is x": what opens an account is a password, whatever it looks like
# a seed phrase's words are BIP39's: none shorter than three letters, no "the" — a phrase
# holding one of these says something about the seed phrase
_SEED_NAMED = lazy(r"(?:seed|recovery|mnemonic|backup)[ -]?(?:phrase|words)|mnemonic", re.IGNORECASE)
_SEED_FREE = frozenset("the a an on in is at of to it by my or as so if we us up be do no".split())
_SECURITY_ANSWER = lazy(r"(?<![\w'])(?:(?:security|secret|memorable) (?:answer|word|question answer)s?|answer to (?:the |my |our )?"
                        r"(?:security|secret|memorable) question|maiden name(?= [^.\n]{0,40}\b(?:bank|question|security|"
                        r"account|login)\b))" + _SAID + r"(?P<value>" + _QUOTED + r"|[^\s,;]{1,200})", re.IGNORECASE)
# "security question first pet → Biscuit", "sec q "street" = Larchmont Ave": an arrow or an
# equals sign after the question gives its answer, words and all, to the end of the clause
_SECURITY_ARROW = lazy(r"(?:(?<![\w'])(?:(?:security|secret|memorable|sec)[ -](?:questions?|q|answers?)\b|"
                       r"preguntas? (?:secreta|de seguridad)|respuesta (?:secreta|de seguridad)|"
                       r"questions? (?:secr[eè]te|de s[eé]curit[eé])|r[eé]ponse secr[eè]te|sicherheits(?:frage|antwort)|"
                       r"geheimfrage|domanda (?:segreta|di sicurezza)|risposta segreta|pergunta (?:secreta|de seguran[cç]a)|"
                       r"resposta secreta|beveiligingsvraag|geheime vraag|pytanie (?:pomocnicze|bezpiecze[nń]stwa)|"
                       r"s[aä]kerhetsfr[aå]ga|sikkerheds?sp[oø]rgsm[aå]l|sikkerhetssp[oø]rsm[aå]l|g[uü]venlik sorusu|"
                       + _alternation(_LEX_QUESTION) + r")|" + _alternation(_LEX_JOINED_QUESTION) + r")"
                       r"[^\n=→]{0,60}?"
                       r"\s*(?:→|->|=>|=)\s*(?P<value>[^\s(,;.!?][^\n(,;.!?]{1,60})", re.IGNORECASE)
# "the answer to "city where your parents met" on my Apple account is Zaragoza": a question
# put to "you", quoted, and its answer — a quiz's questions ("who wrote Hamlet") ask of no one
_QUOTED_QUESTION = lazy(r"(?<![\w'])answer (?:to|for) (?:the question )?[\"“'‘](?P<question>[^\"”'’\n]{3,80})[\"”'’]"
                        r"[^\n.;:=]{0,50}?(?:\s*[:=]\s*|\s(?:is|was)\s+)[\"“'‘]?"
                        r"(?P<value>[A-Z0-9][\w'’-]{1,40}(?: [A-Z0-9][\w'’-]{1,40}){0,3})")
# "for the "city where your parents met" question i used Fakeville": the owner's answer to a quoted question
_QUESTION_ANSWERED = lazy(r"(?<![\w'])(?:for|to|on) (?:the |that |my )?[\"“'‘](?P<question>[^\"”'’\n]{3,80})[\"”'’] "
                          r"(?i:(?:question|q|one)\b[^\n.;:]{0,30}?\b(?:i|we) (?:used|put|typed|said|answered|gave|chose|"
                          r"picked|went with|wrote|entered))\s+[\"“'‘]?(?P<value>[A-Z0-9][\w'’-]{1,40}(?: [A-Z0-9][\w'’-]{1,40}){0,3})")
_ASKED_OF_YOU = lazy(r"\b(?:you|your)\b", re.IGNORECASE)
# an app password as the providers print it, four groups of four letters ("hwjn humu gavp kued",
# "dxdr-adzy-nzdd-kpkq"), after its name: whatever the groups spell, the name says what they are
_APP_PASSWORD = lazy(r"\b(?:app(?:lication)?[- ]?(?:specific[- ])?(?:password|passwort|pw)|anwendungspasswort|"
                     r"mot de passe d'application|contrase[ñn]a de aplicaci[óo]n)\b[^\n:]{0,40}?(?::\s*|\s+)"
                     r"(?P<value>[a-z]{4}(?P<join>[ -])[a-z]{4}(?P=join)[a-z]{4}(?P=join)[a-z]{4})(?![\w-])", re.IGNORECASE)
_APP_PASSWORD_CUES = _cues("app", "anwendungspass", "d'application", "de aplicaci")
_APP_GROUPS = lazy(r"^[a-z]{4}(?:-[a-z]{4}){3}$")
# a password named by what it does: "the magic word to get past the front desk is marigold",
# "the thing you type to get into the nas is olive.garden.spoon", "the word to get into the
# club is marmalade" (a plain "word" given one word as a password is: not "the word to get
# past the bouncer is politeness")
_PERIPHRASIS = lazy(r"(?<![\w'])(?:(?:magic|secret) word|(?:thing|word|what) (?:you|i|we) (?:type|enter|say)|(?P<plain>word))\b"
                    r"[^.;\n]{0,30}?\bto (?:get (?:past|into|in|through)|unlock|open|log ?in(?:to)?|sign in(?:to)?)\b"
                    r"[^.;\n]{0,40}?\s(?:is|was)\s+[\"'“‘]?(?P<value>[^\s,;\"'”’]{3,64})", re.IGNORECASE)
_PERIPHRASIS_CUES, _PERIPHRASIS_DOES = _cues("word", "type", "enter", "say"), _cues("to get", "unlock", "open", "log", "sign in")
# a password said with "it's" and what it is for: "its hunter2hunter2 for steam btw", "ok so
# it's Tulip2291 for the bank" — a token mixing letters and digits, not a name and a model
# number ("it's Windows11 for the new laptop")
_ITS_FOR = lazy(r"(?<![\w'])(?:it'?s|it’s|it is)\s+(?P<value>[^\s,;]{8,64}?)[.,]?\s+(?:for|on)\s+(?:the |my |our |his |her )?\w",
                re.IGNORECASE)
_ITS_CUES, _MODEL_NUMBER = _cues("it's", "its ", "it is", "it’s"), lazy(r"^[A-Za-z]+\d{1,2}$|^\d")
# a family's safe word, which whoever picks the children up must know: a password ("our safe
# word for strangers picking up the kids is pineapple") — not a game's ("the safe word for
# the tickle game is "pineapple" and it means stop")
# — and the password a nursery asks of whoever collects a child, the same thing by another
# name ("nursery pick-up password is blue hippo so whoever's collecting him has to say it")
_SAFE_WORD = lazy(r"(?<![\w'])(?:safe ?word|(?P<duress>duress (?:word|code ?word|phrase|password))|family (?:password|code ?word)|(?P<pickup>(?:pick-?up |collection |nursery )?password))"
                  r"\b(?P<who>[^.;\n]{0,60}?)"
                  r"(?:\s(?:is|was)\s+|\s*:\s*)[\"'“‘]?(?P<value>[^\s,;\"'”’]{3,64})", re.IGNORECASE)
# a safe word of two or three words that ends the clause, or goes on with a new one
_SHORT_PHRASE = lazy(r"[A-Za-z]+(?: [A-Za-z]+){1,2}(?=\s*(?:[.!?;,)]|$|[^\w\s]|(?<= )(?:so|and|but|because|or)\b))")
_SAFE_WORD_CUES, _SAFE_WORD_WHO = (_cues("safe word", "safeword", "family password", "family code", "password", "duress"),
                                   _cues("stranger", "pick", "collect", "fetch", "ring", "monitoring", "alarm company",
                                         "duress"))
# (and the alarm company's, said to whoever rings about the alarm)
_PICKS_UP = lazy(r"\b(?:strangers?|pick(?:s|ing|ed)?\b(?: \w+){0,2} up|collect(?:s|ing|ed)?|fetch(?:es|ing|ed)?|"
                 r"rings?|ringing|monitoring|alarm company)\b",
                 re.IGNORECASE)
# an XML element whose name says it holds a secret: "<password>x</password>", "<apiKey>x</apiKey>"
_XML_SECRET = lazy(r"<(?P<tag>[\w:.-]{2,64})>(?P<value>[^<\n]{1,200})</(?P=tag)>")
_XML_CUES = _cues("</")
# what gives a value, not a word that goes on the noun ("the code word game is called …")
_GIVEN_BY = lazy(r"(?:[:=]|\b(?:is|was|are|it's|it’s)(?!\w))\s*[\"'“‘]?$")
_SECRET_WORD = lazy(r"(?:secret|code) word", re.IGNORECASE)
# not in a path or a branch's name: "fix/password-reset-email"
_WORD_SAID = lazy(r"(?<![\w'/])" + _WORD_SUBJECT + _SAID
                        + r"(?:(?:user(?:name)?\s*[:=]?\s*)?[^\s/]{1,64}\s*/\s*(?![^\s/]*:))?"
                        + r"(?P<value>" + _QUOTED + r"|[^\s,;]{1,200})", re.IGNORECASE)

# Other languages' words for a password or a code, then the value within the clause
# ("mein Passwort für die Bank lautet x", "le code de la porte : 4B512").
_FOREIGN_WORDS = (r"(?:mot de passe|mdp|passwort|kennwort|wlan-schl(?:ü|u)ssel|wlan-key|contrase(?:ñ|n)a|clave|senha|"
                  r"wachtwoord|has(?:ł|l)o|пароль|(?:ş|s)ifre(?:si)?|l(?:ö|o)senord|salasana|adgangskode|passord|heslo|"
                  r"jelsz(?:ó|o)|parola|passwortes|(?:la|il|mia|le|mon|ma) password|"
                  r"(?:chiave|clave|chave|cl(?:é|e)) (?:del |della |de la |de |do |da |du )?(?:wi-?fi|wlan|rete|red|rede|r(?:é|e)seau)|密码|口令|パスワード|暗証番号|비밀번호|암호)")
_FOREIGN_SAID = lazy(r"(?<!\w)" + _FOREIGN_WORDS + r"(?P<rest>[^\n]{0,80})", re.IGNORECASE)
_FOREIGN_CODE = lazy(r"(?<!\w)(?:(?:code|c(?:ó|o)digo|codice|kod|код|pin(?:code)?|t(?:ü|u)rcode)\s+(?:de|du|d'|del|della|"
                     r"dello|do|da|dla|od|от|для|van|voor|f(?:ü|u)r|der|des|f(?:ö|o)r|til)\b|t(?:ü|u)rcode|zahlenschloss)"
                     r"[^\n.;!?\d]{0,30}?[\s:=]\s*" + _CODE_VALUE, re.IGNORECASE)
# "is" in the languages of _FOREIGN_WORDS: words joined by dashes right after it are the value
_IS_WORDS = frozenset("is c'est est ist lautet es é è är er jest je era war was".split())
_MORE_CODES = lazy(r"[\s,]+(?:(?:and|&|or|plus|et|und|y|e|en|i|oraz|och|og)\s+)?(?P<value>(?=[\w-]*\d)[A-Za-z0-9][\w-]{3,63})")
_PLURAL_CODES = lazy(r"\b(?:codes|keys|c[óo]digos|codici|kody|herstelcodes|wiederherstellungscodes)\b")
_WORD_JOINS = lazy(r"[-_'’]")
_DATE_LIKE = lazy(r"[\d/.:-]+$")   # a date, a time or a number said after the word: not the password
# a full-width comma or stop ends a token too: "密码忘记了，明天去重置" says no password
_TOKEN = lazy(r"\"[^\"\n]{1,200}\"|'[^'\n]{1,200}'|[^\s,;\u3000-\u303f\uff01-\uff0f\uff1a-\uff20]+")
_FOREIGN_CUES = _cues("password", "chiave", "chave", "clé", "cle ", "mot de passe", "mdp", "passw", "kennw", "wlan", "contrase", "clave", "senha",
                      "wachtw", "hasł", "hasl", "пароль", "ifre", "senord", "salasana", "adgangs", "passord",
                      "heslo", "jelsz", "parola", "密码", "口令", "パスワード", "暗証", "비밀번호", "암호")
# "the NAS page asks for root / x", "router: admin and x": a user, then a password-shaped
# value (checked by _value_is_secret), without the word password anywhere.
# Not inside a path: "/home/pytest-of-root/pytest-12/x" names directories, not a login.
_PAIR = lazy(r"(?:(?<![\w/.~-])(?:admin|administrator|root|user|username|login|account|[\w.+-]+@[\w.-]+)\s*"
             r"(?:/|,|and|:|&)\s*|(?<![\w/(\[\"'])[A-Za-z][\w.@+-]{1,63} / )(?P<value>[^\s,;/\"'()\[\]{}]{6,64})"
             r"(?![\"'()\[\]{}/])", re.IGNORECASE)

# a user, then "secret" and the value, as a SIP or an API account is given ("sip user 2001
# secret Fado4Voip!"); alone, "secret" is an adjective ("my secret recipe")
_USER_SECRET = lazy(r"(?<![\w'])(?:user(?:name)?|login|account|id|client)(?:\s*[:=]\s*|\s+)[^\s,;]{1,64}\s+(?:and\s+)?secret\s*[:=]?\s+"
                    r"(?P<value>[^\s,;]{6,64})", re.IGNORECASE)
_USER_SECRET_CUES = _cues("secret")
# a device's or a service's key after a colon, whatever symbols it holds ("tuya local_key for
# the porch light: U[HIx;UFz]0dUUPw"): the run up to the next space
_KEY_GIVEN = lazy(r"(?<![\w'])(?:local[_ -]?key|device[_ -]?key|encryption[_ -]?key|aes[_ -]?key|network[_ -]?key|"
                  r"api[_ -]?key|secret[_ -]?key|pre-?shared[_ -]?key|psk)\b[^:\n]{0,40}?:[ \t]*(?P<value>\S{12,64})(?!\S)",
                  re.IGNORECASE)
_KEY_GIVEN_CUES = _cues("local", "device", "encryption", "aes", "network", "api", "secret", "shared", "psk")

# Payment cards: 13-19 digits, whole or in the groups cards print, with a card's prefix and
# a valid Luhn check digit; a random 16-digit number passes Luhn one time in ten.
_CARD = lazy(r"(?<![\d-])(?<!\d )(?:\d{13,19}|\d{4}(?:[ -]\d{4}){3}[ -]\d{1,3}|\d{4}(?:[ -]\d{4}){2}[ -]\d{1,7}"
             r"|\d{4}[ -]\d{6}[ -]\d{4,5}|\d{4}(?:\.\d{4}){3})(?!\d)(?![ -]\d{4})(?!-\d)(?![/.:]\d)")   # "… 8837 11/26": the expiry may follow
_CARD_PREFIX = lazy(r"^(?:4|5[1-5]|2[2-7]|3[47]|3[068]|35|6011|64[4-9]|65|62|50|5[6-8]|6[0-9])")


# after a card: its expiry, then three or four digits ("… 11/27 092", "exp 03/29, cvv 4417"), or
# those digits named as its security code within the text that follows ("…, Kartenprüfnummer
# 271", "crypto 550", "the three digits are 309")
_AFTER_CARD = lazy(r"[\s,;]+(?:(?:exp\w*|(?:valid|good)(?: thru| through| until| till)?|gültig bis)\.?:?\s*)?"
                   r"(?:0[1-9]|1[0-2])\s*/\s*(?:20)?\d\d[\s,;]+(?:(?:cvv2?|cvc2?|csc|cid|security(?: code)?|sec|code)\s*:?\s*)?"
                   r"(?P<code>\d{3,4})(?![\d/.:])"
                   r"|\s*[/|]\s*(?P<slashed>\d{3,4})(?![\d/.:])"   # "… 4927 / 118": the code set apart
                   r"|[^\n]{0,60}?(?<!\w)(?:cvv2?|cvc2?|csc|cid|ccv|security (?:code|number)|(?:karten)?prüf(?:nummer|ziffer)|"
                   r"cryptogramme(?: visuel)?|crypto|c[óo]digo de seguridad|codice di sicurezza|(?:the )?(?:three|four|3|4)[- ]digits?"
                   r"(?: one| code| number)?(?: on the (?:back|front))?|(?:number|numbers|digits|code|one|three|four|3|4) on the (?:back|front))\b[^\d\n]{0,15}?(?P<named>\d{3,4})(?![\d/.:])", re.IGNORECASE)


def luhn_ok(digits: str) -> bool:
    """The check digit payment cards end with (ISO/IEC 7812)."""
    total = 0
    for i, ch in enumerate(reversed(digits)):
        d = int(ch) * (2 if i % 2 else 1)
        total += d - 9 if d > 9 else d
    return total % 10 == 0


def _is_card(text: str, fuel: bool = False) -> bool:
    """Whether text is a payment card's number; fuel: the text names a fuel card, whose
    numbers start with 7 (the petroleum industry's first digit)."""
    digits = text.replace(" ", "").replace("-", "").replace(".", "")
    if len(digits) == 15 and digits[:2] not in ("34", "37"):
        return False   # fifteen digits are an Amex card, or an IMEI (which passes Luhn too)
    return 13 <= len(digits) <= 19 and (bool(_CARD_PREFIX().match(digits)) or (fuel and digits[0] == "7")) \
        and luhn_ok(digits)


# -- generic: anything that looks random ----------------------------------------------

_CANDIDATE = lazy(r"(?<![A-Za-z0-9+/_=-])[A-Za-z0-9+/_=-]{20,}")
# a scheme is short: bounded, so "a-a-a-…" costs a bounded look at each position
_URL = lazy(r"\b(?:[a-z][a-z0-9+.-]{0,31}://|www\.)[^\s<>\"')\]]+", re.IGNORECASE)
_HEX = lazy(r"^(?:0x)?[0-9a-fA-F]+$")
_UUID = lazy(r"^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$")
# "ssh-ed25519 AAAAC3Nz… marta@laptop": a public key is given away on purpose
_PUBLIC_KEY = lazy(r"\b(?:ssh-(?:rsa|dss|ed25519|ed448)|ecdsa-sha2-nistp\d+|sk-(?:ssh-ed25519|ecdsa-sha2-nistp256)@openssh\.com)"
                   r"\s+AAAA[A-Za-z0-9+/]+={0,3}")
# "SHA256:nThbg6kX…": a key's fingerprint is shown to be compared, not kept secret
_FINGERPRINTS = ("SHA256:", "SHA1:", "MD5:")
_SEPARATORS = lazy(r"[-_/+=]+")
# a query parameter whose name says its value is a secret (_QUERY_NAMES, its name without
# "-" and "_" and in lower case): "?token=…", "&appid=…", "&client_secret=…"
_QUERY_SECRET = lazy(r"[?&](?P<name>[A-Za-z][\w.-]{0,31})=(?P<value>[^&\s#]{8,})")
_QUERY_NAMES = frozenset("""
token accesstoken authtoken apitoken key apikey appkey appid appsecret secret clientsecret secretkey accesskey
privatekey sig signature password passwd pwd pass auth code
""".split())
# names added after they were first missed ("appid=" holds a key, "pass=" a password) ask for
# more than a long value: not digits alone (a store's "appid=1091500")
_QUERY_NAMES_STRICT = frozenset("appid appkey appsecret clientsecret secretkey accesskey privatekey passwd pwd".split())

ENTROPY_MIN = 3.5        # bits per character, for a 20-character candidate
ENTROPY_PER_DOUBLING = 0.35   # longer random strings reach higher entropy; so must a token


def shannon_entropy(text: str) -> float:
    """Bits per character of text's own character distribution."""
    if not text:
        return 0.0
    counts: dict[str, int] = {}
    for ch in text:
        counts[ch] = counts.get(ch, 0) + 1
    n = len(text)
    return -sum(c / n * math.log2(c / n) for c in counts.values())


def _classes(text: str) -> int:
    return (any(c.islower() for c in text) + any(c.isupper() for c in text)
            + any(c.isdigit() for c in text))


_BECH32_ADDRESS = lazy(r"^(?:bc|tb|ltc)1[a-z0-9]{25,87}$")


def _looks_random(token: str) -> bool:
    """A long run of letters and digits that no person would type as a word."""
    core = token.strip("=-_/+")
    if len(core) < 20:
        return False
    if _HEX().match(core) or _UUID().match(core):
        return False  # hashes, commit ids, uuids: identifiers (see the module docstring)
    if _BECH32_ADDRESS().match(core):
        return False  # a bitcoin or litecoin address in bech32 is public: what one pays to
    parts = [p for p in _SEPARATORS().split(core) if p]
    mixed = [p for p in parts if not (p.isalpha() or p.isdigit())]
    if not mixed:
        return False  # words-and-numbers: an identifier, a path, a dashed phrase
    words = [p for p in parts if p.isalpha() and p.islower() and len(p) >= 3]
    if words and max(map(len, mixed)) < 16:
        return False  # petfeeder-web-7d9f8b6c5d-x2k4q: generated names, not secrets
    letters = sum(c.isalpha() for c in core)
    digits = sum(c.isdigit() for c in core)
    if letters == 0 or digits == 0:
        return False
    classes = _classes(core)
    if classes < 2 or (classes == 2 and len(core) < 24):
        return False
    if _class_changes(core) < 0.3:
        return False
    threshold = ENTROPY_MIN + ENTROPY_PER_DOUBLING * math.log2(len(core) / 20)
    return shannon_entropy(core) >= min(threshold, 4.8)


def _class_changes(token: str) -> float:
    """How often neighbours change class (lower, upper, digit): about 0.6 for random
    base62, 0.4 for random lower+digits, far less for words with a number in them."""
    kinds = [_kind(c) for c in token if c.isalnum()]
    return sum(1 for a, b in zip(kinds, kinds[1:]) if a != b) / max(1, len(kinds) - 1)


def _kind(ch: str) -> int:
    return 0 if ch.isdigit() else (1 if ch.islower() else 2)


def _value_is_secret(value: str, strict: bool) -> bool:
    """Is the value of a 'password: …' pair a secret (and not prose or a placeholder)?"""
    quoted = value[:1] in "\"'`" and value[-1:] == value[:1] and len(value) >= 2
    inner = value[1:-1] if quoted else value
    inner = inner.rstrip(".!?)")
    if not inner or _MARKER_RE().fullmatch(inner) or inner.startswith("[redacted:"):
        return False
    low = inner.lower()
    if low in _PLACEHOLDERS or _REFERENCE().match(inner) or _PLACEHOLDER_SHAPE().match(inner) \
            or low.startswith(("os.environ", "env[", "getenv")):
        return False
    if inner.startswith("<") and not quoted:
        return False   # "API_KEY=<your key here>": a placeholder whose words the value cut
    if quoted:
        return len(inner) >= 4
    if inner.endswith(":"):
        return False  # "password policy: …": a heading, the value comes after it
    if "(" in inner or inner.endswith(")"):
        return False  # code: password = getpass(...)
    if _SUFFIXED().match(inner):
        return False   # "wifi:t", "SMS:et": a Swedish or Finnish ending after a colon, one word
    if strict:
        # Prose ("the password is …"): a dictionary-looking word is not enough.
        # "dell'ufficio", "l'ordinateur": a word elided into the next is words
        elided = ("'" in inner or "’" in inner) and _joined_words(inner)
        if not inner.isascii() and _CJK_COUNT().search(inner) and not any(c.isascii() and c.isalpha() for c in inner):
            return False   # "を90日ごとに": every 90 days
        # a word whose vowels are marks (Thai, Hindi) is a word as one of letters is
        word = all(c.isalpha() or unicodedata.category(c)[0] == "M" for c in inner)
        return len(inner) >= 6 and (any(c.isdigit() for c in inner) or not (word or elided)
                                    or (inner != inner.lower() and inner != inner.capitalize()))
    return len(inner) >= 4 and not (inner.isalpha() and inner.islower() and low in _PROSE_WORDS)


# a word and its ending, joined by a colon as Swedish and Finnish write them after an
# abbreviation or a loan word ("wifi:t", "SMS:et", "USB:n"): a word, not a value after a colon
_SUFFIXED = lazy(r"^[^\W\d_]+:[^\W\d_]{1,3}$")
# $VAR, ${VAR}, {{ var }}, <your-password>, %(name)s: a reference to a secret, not one.
_REFERENCE = lazy(r"^(?:\$\{?[A-Za-z_][A-Za-z0-9_]*\}?|\$\{[^}]*\}|\{\{.*\}\}|<[^>]*>|%\([a-z_]+\)s)$")
# a placeholder spelt as one identifier: YOUR_API_KEY_HERE, insert-token-here
_PLACEHOLDER_SHAPE = lazy(r"^(?:your|insert|enter|replace|put)[_-][\w-]*$|^[\w-]*[_-](?:here|goes[_-]here)$", re.IGNORECASE)
_PLACEHOLDERS = frozenset("""
none null nil true false changeme xxx xxxx xxxxx xxxxxx *** **** ***** ****** ... redacted
secret password example placeholder required optional unknown empty n/a na tbd todo
""".split())
# Words that follow "password:" in ordinary prose rather than being the password.
_PROSE_WORDS = frozenset("""
the a an is was and or to of for in on at it its my your his her their our this that
same different forgotten forgot reset expired changed required needed saved stored wrong
correct incorrect unknown new old please see ask check use stored written below above
never don't keep always all something someone nothing anything whatever only again anyway today yesterday
twice already just simply really basically literally probably
""".split())
# what a sentence about a passphrase goes on with, not a passphrase: "is NOT in the cloud",
# "ist zu kurz", "n'est pas dans le coffre"
_SAID_ABOUT = frozenset("""
not never nowhere somewhere written kept hidden stored saved in on at too also only still
nicht nie nirgends zu noch im auf pas ne dans sur trop muy no en inte ikke niet
""".split())
_ARTICLES = frozenset("the a an my your our his her their".split())


# -- the clause rule: a credential word, and what is shaped like its value -------------
# One mechanism for the phrasings the patterns above do not enumerate ("pasword for
# netflix is …", "It's Rosebud-1941, the password I mean", "pin is the year dad was born
# backwards: 2591", "disarm code 1966 and the duress code is 1967", "heslo k e-mailu: …",
# "密码是602913"). Within a clause (cut at . ; ! ? before a space, a newline, a spaced
# dash or an arrow) that holds a credential word, every token within _WINDOW tokens of it
# that is shaped like that word's value is redacted. The word says the shape: a password
# is a token mixing letters with digits or symbols; a code or PIN is digits (groups
# joined by spaces or dashes too) or one capital and digits (B4127); a combination is
# dial numbers (R36 L12 R27, 17-32-08); a key is groups of capitals and digits
# (MZXW 6YTB OI4T, PHX-2291-AKQ7). Words for both (clave, κωδικός, 密码) take both.
_CRED_PASSWORD = (r"passwords?|passwd|pwd|pw|passphrase|zugang|(?:pre-?shared|shared|client|webhook|app|api|signing|vpn) secret|(?:wi-?fi|wlan|router|sudo|admin|root|guest|network) pass|logins?|creds|credentials|heslo|hesla|hasło|haslo|"
                  r"hasła|contraseñas?|contrasenas?|mot de passe|mdp|passw[oö]rt|kennwort|wachtwoord|"
                  r"пароль|парол[яю]|lösenord(?:et)?|salasana|adgangskode|passord|"
                  r"jelszó|jelszo|パスワード|비밀번호|암호|口令")
# …and the pattern that unlocks a phone, said as the dots it joins ("unlock pattern: dots 1-4-7-8-9")
_CRED_CODE = (r"(?:unlock|swipe|screen|phone) ?pattern|pattern ?lock|keycodes?|codes?|pins?|pinn|pincode|pin-code|passcode|digicode|türcode|turcode|puk|cvv2?|cvc2?|csc|cid|prüfnummer|prüfziffer|"
              r"códigos?|codigos?|codice|kód|kod|kodu|код|otp|tan|tan-liste|tan-nummer|tan-nr|暗証番号")
_CRED_COMBO = (r"combos?|combinations?|combinatie|combinaison|kombination|combinación|combinazione|safe|padlock|dial|"
               r"zahlenkombi(?:nation)?|kombi|zahlenschloss|fahrradschloss|cadenas|candado|lucchetto|hangslot|cijferslot")
_CRED_KEY = r"keys?|schlüssel|setup key|product key|licen[cs]e key|serial|activation|psk"
# what a software licence is called elsewhere, compounds too ("Software-Lizenz", "Lizenzschlüssel")
_CRED_LICENCE = (r"licen[cs]e|lizenz\w{0,12}|licencia|licenza|licentie|licencja|лицензи\w{0,4}|seriennummer|"
                 r"produktschlüssel|aktivierungsschlüssel|numéro de série|número de serie|clé de (?:produit|licence)")
# a box or safe that opens with a code: its code or its combination ("keybox: 0381", "Tresor … auf 1357")
_CRED_LOCK = (r"key ?box(?:es)?|key ?safe|lock ?box(?:es)?|tresor|safebox|coffre(?:-fort)?|cofre|cassaforte|caja fuerte|"
              r"kluis|sejf|сейф|schlüsselkasten|schlüsseltresor|schlüsselbox|nøgleboks|nyckelskåp")
# an account or a log-in named without a credential word ("so Biscuit2011 — for the amazon
# account"): only a token no word or name is shaped like (see _account_shaped)
_CRED_ACCOUNT = r"accounts?|konto|compte|cuenta|log(?:ging)? ?in(?:to)?|log ?on|sign(?:ing)? ?in(?:to)?"
_CRED_BOTH = r"claves?|κωδικός|κωδικό|κωδικού|密码|şifre(?:si|m|miz)?|sifre(?:si|m|miz)?|senhas?"
# a door, a gate, a locker or an alarm named without a code word: only a value given as one
# ("garage: 2580", "disarm with 8064", "hotel room safe: I set it to 0303"; see _shaped)
_CRED_PLACE = (r"(?:front |back |side |main |garden |street |patio |cellar |basement )?doors?|gates?|garage|shed|"
               r"lockers?|keypads?|key pad|intercoms?|voice ?mail|answerphone|(?:dis)?arms?|(?:dis)?arming|(?:building |main |front )?entry|"
               r"porten|porte|portail|puerta|portón|portone|"
               r"cancello|tür|haustür|hoftor|deur|poort|brama|drzwi|dörren|døren|grinden|doras|dorais|dhoras|دروازہ|دروازے|durų|duris")
_CRED_ALARM = r"alarms?|alarm system|burglar alarm|larm|larmet|alarme|alarma|allarme|aláram|t-aláram|الارم|signalizacij\w{0,3}"
# a lock that opens with a few digits, or what unlocks a phone: a value given as one, and
# three digits are enough ("luggage lock set to 582", "phone unlock is 1397")
_CRED_LATCH = (r"(?:bike |bicycle |cable |chain |door |luggage |suitcase |tsa |phone |screen |combination |profile |"
               r"parental |app |kids |child )?locks?|"
               r"(?:phone |screen |iphone |ipad |tablet )?unlock|lock ?screen")
# a second factor named without the word code ("paypal 2fa backup: 691 204, 338 570")
_CRED_OTP = (r"2fa|mfa|2sv|two-factor|two factor|2-step|two-step|authenticator|steam guard|"
             r"(?:recovery|backup) codes?")
_CRED_WORD = lazy(
    r"(?<![\w-])(?:(?P<lock>" + _CRED_LOCK + r")|(?P<password>" + _CRED_PASSWORD + r")|(?P<code>" + _CRED_CODE
    + r")|(?P<combo>" + _CRED_COMBO + r")|(?P<key>" + _CRED_KEY + r")|(?P<both>" + _CRED_BOTH + r")"
    + r"|(?P<account>" + _CRED_ACCOUNT + r")"
    # a typo of password: checked against the word below ("pasword", "passwrd", "psswd")
    + r"|(?P<typo>p[a@]?s[a-z0@]{2,7}))(?![\w-])"
    # the last part of a compound ("Online-Banking-PIN", "SIM-PIN", "Wlan-Passwort")
    + r"|(?<=\w-)(?:(?P<compound_code>pin|pins|pincode|passcode|geheimzahl|code|codes)|"
    + r"(?P<compound_password>passwort|password|passwd|kennwort|wachtwoord|contraseña|senha))(?![\w-])"
    + r"|(?<!\w)(?P<licence>" + _CRED_LICENCE + r")(?!\w)"
    # "密码是602913": the languages without spaces join the word to what follows
    + r"|(?P<joined>密码|口令|パスワード|暗証番号|비밀번호)"
    # a lock's or a place's code as one German or Dutch word ("Tresorcode", "deurcode"): a code or a combination
    + r"|(?<![\w-])(?P<lock_compound>(?:tresor|safe|kluis|schloss|zahlen|tor|garagen?|alarm|zugangs|eingangs|"
    + r"haustür|haustur|deur|voordeur|toegangs|poort|box|schlüsselkasten|schlusselkasten)codes?)(?![\w-])"
    # a key or a lock drawn for the word ("🔑 Blueberry-Pancake-9")
    + r"|(?P<emoji>🔑|🗝️?|🔐|🔒)"
    # "u tom.h p Autumn2024!!": user and password in shorthand
    + r"|(?<!\S)(?:u|usr|user)[:/]?\s+\S+\s+(?:[/|,;]\s+)?(?P<short>p)(?=[:/]?\s)", re.IGNORECASE)
# The seventh round's words, a pattern of their own behind cues of their own (an ordinary
# text pays for neither): inflections and more languages' password and code words, places
# and alarms, second factors.
_CRED_PASSWORD_MORE = (r"(?:wpa[23]?|wpa2-psk|wi-?fi|wlan|wireless|network) key|"
                       r"jelszav\w{0,3}|salasanan|heslem|parolă|parola|parolei|lozinka|lozinku|geslo|पासवर्ड|कूटशब्द|"
                       r"كلمة (?:ال)?سر|كلمة (?:ال)?مرور|סיסמה|סיסמא|הסיסמה|رمز عبور|گذرواژه|mật khẩu|mat khau|"
                       r"kata sandi|katasandi|sandi|pasfhocal|phasfhocal|bpasfhocal|پاس ورڈ|slaptažod(?:is|į|žio|žiai|žius)|contrasenya")
_CRED_CODE_MORE = (r"security number|security code|(?:three|four|3|4) (?:digits|numbers) on the back|cryptogramme|cryptogramme visuel|card verification (?:code|value)|"
                   r"ccv|geheimzahl|geheimnummer|pin-nummer|pinnummer|code secret|code confidentiel|"
                   r"koden|koder|kode|koodi|koodin|tunnusluku|cod|codul|codului|kódot|kódja|kodem|kodunu|kodun|kodas|"
                   r"kods|kodi|kodą|kodo|pin-kód|pin-koodi|pinkode|pinkoden|kode pin|mã pin|mã số|पिन|कोड|קוד|הקוד|کد|"
                   r"cód|chód|gcód|کوڈ|codi|도어락")
_CRED_BOTH_MORE = r"الرقم السري|الرمز السري|رمز المرور|رمزها|رمز"
_CRED_WORD_MORE = lazy(
    r"(?<![\w-])(?:(?P<place>" + _CRED_PLACE + r")|(?P<latch>" + _CRED_LATCH + r")|(?P<alarm>" + _CRED_ALARM + r")"
    + r"|(?P<otp>" + _CRED_OTP + r")"
    + r"|(?P<password>" + _CRED_PASSWORD_MORE + r")|(?P<code>" + _CRED_CODE_MORE + r")|(?P<both>" + _CRED_BOTH_MORE
    + r")|(?P<key>gift ?cards?|voucher pin))(?![\w-])|(?P<joined>รหัสผ่าน)", re.IGNORECASE)
# tested on the text after a space: " shed" is no "finished", " arm" no "warm"; the cues
# in other scripts only on a text that is not ASCII
_CRED_CUES_MORE = _cues(" door", " entry", "gate", "garage", " shed", "locker", "keypad", "intercom", " arm", "disarm", "porte",
                        "puerta", "cancello", "deur", "poort", "brama", "drzwi", "grind", "larm", "2fa", "mfa",
                        "2sv", "factor", "-step", "authent", "guard", "kod", " cod", "koo", "tunnusluku",
                        "jelsz", "parol", "lozink", "geslo", "hesl", "salasan", "mat khau", "sandi", "pin-",
                        " lock", "unlock", "lockscreen", "security number", "security code", "cryptogramme",
                        "verification", "wpa", " key", "gift", "voucher pin", "ccv", "geheim", "code secret", "on the back",
                        "voicemail", "voice mail", "answerphone",
                        "code confidentiel", "pin-nummer", "pinnummer", "portail", "portone", "hoftor", "doras", "dorais", "dhoras",
                        "durų", "duris", "signalizacij", "codi", "contrasenya")
_CRED_CUES_SCRIPTS = _cues("portón", "tür", "dörr", "døren", "mật khẩu", "mã", "पासवर्ड", "कूटशब्द", "पिन",
                           "कोड", "كلمة", "رمز", "الرقم السري", "סיסמ", "קוד", "گذرواژه", "کد", "รหัสผ่าน",
                           "cód", "chód", "کوڈ", "پاس ورڈ", "slaptažod", "aláram", "الارم", "دروازہ", "دروازے",
                           "kód", "도어락")
_CRED_CUES = _cues("pas", "zugang", "psw", "pssw", "pw", "login", "cred", "hes", "has", "contrase", "senha", "mdp", "secret", "cofre",
                   "🔑", "🗝", "🔐", "🔒",
                   "kennw", "wachtw", "пар", "ifre", "senord", "salasana", "adgangs", "passord", "jelsz",
                   "パスワード", "비밀번호", "암호", "口令", "cod", "pin", "puk", "cvv", "cvc", "csc", "cid", "prüf", "kód",
                   "kod", "код", "otp", "tan", "暗証", "combo", "combin", "kombi", "safe", "padlock", "dial",
                   "key", "schlüssel", "clave", "schloss", "cadenas", "candado", "lucchetto", "hangslot",
                   "cijferslot", "κωδικ", "密码", " p ", " p:", " p/", "pattern", "lockbox", "lock box", "tresor", "coffre",
                   "cassaforte", "caja fuerte", "kluis", "sejf", "сейф", "licen", "lizenz", "лиценз", "série",
                   "seri", "clé de", "activation", "psk", "account", "konto", "compte", "cuenta", "log in",
                   "logging in", "log on", "sign in", "signing in")
_WINDOW = 12
_REACH = 48   # how far past the window a run of groups may go on
# "— no wait, router is 8302AB": a dash before a correction goes on with what it corrects
_CORRECTION = r"(?:no,? wait|wait|sorry|oops|i mean|actually|correction|scratch that|make that)\b"
# "… will ask for the password — it's crumpet", "combo for the cash tin — 0-6-1-1": a dash
# before the value, or before what gives it, goes on with what it names
_GOES_ON = r"(?:it'?s|it’s|it is|that'?s|that is|which is)\b"
# not after "i.e."/"e.g." (what follows says what was meant), nor a dash before a number
# ("opens with 19 - 42 - 07", "the cash tin — 0-6-1-1") or before a correction or "it's",
# nor "Nr." or "No." before a number ("TAN-Liste Nr. 14:
# 739402"), nor a "!" or "?" straight after a digit: it is the password's own ("was
# Summer2019! and the new one is …")
_CLAUSE_END = lazy(r"(?<![ie]\.[eg])[.;](?=\s|$)(?!(?<=\b[Nn][ro]\.)\s+\d)(?!(?<=\.\.\.)\s*" + _CORRECTION + r")|(?<!\d)[!?](?=\s|$)|\n|"
                   r"(?:\s[-–—]+\s|[–—])(?!\s*(?:\d|" + _CORRECTION + r"|" + _GOES_ON + r"))")
_CLAUSE_TOKEN = lazy(r"[^\s\u2e80-\u9fff\uac00-\ud7af\u3000-\u303f\uff01-\uff60]+")
# A code word that names something else: "zip code 94110", "código postal", "code review".
_NOT_CODE_BEFORE = frozenset("""
zip post postal area country dress promo promotional discount voucher coupon tracking qr bar error status exit
return response http source sort airport colour color morse mixing booking reference confirmation iso dialling
dialing public ssh gpg pgp car answer piano hot fault diagnostic obd dtc trouble engine cheat puzzle riddle
cipher geocache icd icd-10 icd-11 diagnosis procedure cpt billing tariff hs customs sic naics nace swift bic
iata icao ean upc isbn sku item article part classification batch lot product stop naptan
""".split()) | {"escape room"}   # a word before the code word, or the two words before it
_NOT_CODE_AFTER = frozenset("""
review reviews base postal poștal poştal postale pocztowy pocztowego snippet snippets block blocks editor red club
camp puzzle challenge golf route conduct practice civil penal pénal fiscal fiscale discount promo version fingerprint fingerprints
پستی پستي بريدي البريدي
""".split())
# …and right after it only: "code name", "code word", "code of" ("cvc 559 name on card" is a code)
_NOT_CODE_NEXT = frozenset("of name names word words".split())
# "no passcode needed", "without a PIN": the word is there, its value is not
_NEGATIONS = frozenset("no without sans ohne sin sem zonder".split())
# A value after one of these is a number of something else: "ID 842 1190 3375", "ends in
# 4412", "call 0161 …", "in 2019", "room 217".
_NOT_VALUE_BEFORE = frozenset("""
id number no nr nº # ext extension room flight order invoice ref ticket tracking serial model line lines page
step bus route platform seat table size version v port call phone tel mobile fax year in since from until till
zimmer hotelzimmer habitación habitacion stanza kamer pokój pokoj modell modèle modelo modello
by at on around about after before apartment apt flat building level floor ending ends isbn cve
over under above below than
january february march april may june july august september october november december
jan feb mar apr jun jul aug sep sept oct nov dec
numer numeru numara numarası numarasi nomor číslo cislo čísla номер номера αριθμός αριθμό număr numărul numarul szám
""".split())
# …and a value before one of these is an amount: "40 minutes", "3 digits", "250 mg"
_UNITS = frozenset("""
digit digits character characters chars char letters times tries attempts wrong minute minutes mins min seconds
second secs sec s hours hour hrs h days day weeks week months month years year yrs people euros euro eur dollars
usd pounds gbp kg g km m cm mm ml l mb gb tb % pages lines items pcs calories kcal steps points pts rows words
numbers grams kilos miles metres meters degrees degree ° bit bits ms volt volts quid bucks buttons
kč czk zł zl pln kr kronor kroner sek nok dkk ft forint huf lei ron rub руб рублей рубля ₽ tl lira rp rupiah idr
yen yuan rmb won € metros metri metrů metrin kvadratmeter m² m2 cm² kuna
""".split())
# digits, or digits with one capital among them (B4127, 47A19, 4B512, 2291K)
_CODE_SHAPE = lazy(r"^(?:[*#]?\d{3,12}[#*]?|[A-Z]\d{3,8}|(?=[\dA-Z]{5,10}$)\d{1,7}[A-Z]\d{1,7}|\d{4,8}[A-Z])$")
# after a code word, also capitals and digits taking turns as a generator mixes them ("server
# room code C4D2E1"; not "BA2490")
# a lock's or a door's code after a letter and a dash ("the key safe … is C-0415"); after a code
# word it is a room's or a gate's name ("Room code at the conference: B-204")
_LETTER_DASH_CODE = lazy(r"^[A-Z]-\d{3,8}$")
_MIXED_CODE = lazy(r"^(?=[\dA-Z]{5,10}$)(?:[A-Z]\d|\d[A-Z]){2,5}[A-Z\d]?$")
_COMBO_SHAPE = lazy(r"^(?:[RL]\d{1,2}|(?:[A-Z]-)?\d{1,2}(?:-\d{1,2}){2,5}|[RL]\d{1,2}(?:-[RL]\d{1,2}){2,5})$")   # "C-4-7-9", "L32-R17-L05" too
# a piece of a combination said in pieces ("R 34 L 12 R 8", "19 - 42 - 07", "left to 34, right to 12")
_DIAL_PART = lazy(r"^(?:[RL]?\d{1,2}|[RL]|[-–]|left|right|to|links|rechts|gauche|droite|izquierda|derecha)$")
# a 2FA backup code in letters and digits ("R7K2M"); digits alone are _CODE_SHAPE's; or groups
# of small letters and digits joined by dashes, each with a digit ("4f2a9-0c7e1")
_OTP_GROUP = lazy(r"^(?=[A-Z\d]*\d)(?=[A-Z\d]*[A-Z])[A-Z\d]{4,10}$"
                  r"|^(?=[A-Z\d-]*\d)(?=[A-Z\d-]*[A-Z])[A-Z\d]{3,6}(?:-[A-Z\d]{3,6}){1,4}$"
                  r"|^(?=[a-z\d-]*?(?:[a-z]\d|\d[a-z]))[a-z\d]{4,6}(?:-[a-z\d]{4,6}){1,3}$")
_SPACED_CODE_GROUP = lazy(r"^(?=[A-Z\d]*\d)(?=[A-Z\d]*[A-Z])[A-Z\d]{3,5}$")
_SPACED_GROUP = lazy(r"^(?=[a-z\d]*\d)(?=[a-z\d]*[a-z])[a-z\d]{6,12}$")
# what labels an id of letters and digits ("room B4xK2q", "booking Xq7Lp2"); "call", "in" or
# "since" label only numbers
_NAME_WORDS = frozenset("name ssid username handle called network hotspot".split())
_ID_LABELS = frozenset("""
id no nr # number ref reference order invoice ticket tracking serial model room flight booking seat version v isbn
cve zimmer modell code called named
""".split())
# a lock carried about, or a profile's or an app's, whose code follows its name with no verb:
# "bike lock 4471", "netflix profile lock 2468" (not a door's, a canal's or a screen's lock);
# a number that names a model is left ("bike lock 2000 series")
_TRAVEL_LOCKS = frozenset("bike bicycle cable chain luggage suitcase tsa profile parental app kids child".split())
_NAMED_BY_NUMBER = frozenset("model models series edition pack version type range kit set".split())
# digits between the keys a keypad is pressed with: typed, so given ("building entry #4417*")
_KEYED = lazy(r"^[#*]\d{3,8}[#*]$")
_CLOCK = lazy(r"^(?:[01]\d|2[0-3])[0-5]\d$")
# …and in the languages without spaces, a unit joined to the number: "2015年", "2018년", "80元"
_CJK_UNITS = frozenset("年月日時时分秒円元圓个個人回次号號度년월일시분초원개명번회층")
_ENTER_VERBS = frozenset("punch type key tap enter put press dial unset disarm deactivate".split())
# what may stand between a verb of entering and the code: its "in", the key pressed first, a "then"
_ENTER_BETWEEN = frozenset("in then and key # * hash star pound bell button the".split())
# what gives the value of a lock or a place named without a code word: "opens with 8064",
# "I set it to 0303", "är 1347", "i.e. 8 9 1 0" (a colon or "=" gives one too)
_GIVERS = frozenset("""
with is are was goes go to = är ist est es è é er je jest enter punch type tap press dial i.e ie e.g eg
wants takes needs it's it’s iz mit avec con com med είναι este adalah be being ni ialah là ay yra ir е
""".split())
# a code said in words, in the languages the gate has code words for ("five nine two zero")
_DIGIT_WORDS = frozenset("""
zero oh one two three four five six seven eight nine
zéro un deux trois quatre cinq sept huit neuf null eins zwei drei vier fünf sechs sieben acht neun
cero uno dos tres cuatro cinco seis siete ocho nueve due tre quattro cinque sei sette otto nove
nul een twee drie vier vijf zes zeven negen um dois três tres quatro sete oito noll ett två fyra fem sex sju åtta
nio zwo
""".split())
# a password spelt out in the radio alphabet ("kilo echo lima"), digits said among its letters
_SPELLING_ALPHABET = frozenset("""
alfa alpha bravo charlie delta echo foxtrot golf hotel india juliet juliett kilo lima mike november oscar papa
quebec romeo sierra tango uniform victor whiskey whisky x-ray xray yankee zulu
""".split())


# a combination's numbers said as words ("twenty-nine, fourteen, thirty-three")
_NUMBER_WORDS = _DIGIT_WORDS | frozenset("""
ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty thirty forty fifty sixty
seventy eighty ninety
""".split())


def _digits_said(token: str) -> bool:
    """"five", "sette-tre-uno-uno", "twenty-nine": a digit or a number said as a word, or
    digits so said joined by dashes."""
    return all(part in _NUMBER_WORDS for part in token.lower().split("-"))


def _spelt(token: str) -> bool:
    return token.lower() in _SPELLING_ALPHABET or token.lower() in _DIGIT_WORDS


# "her locker number is 4471", "the alarm company's phone: 0800 …": what is given is a number
_NUMBER_NAMES = frozenset("""
number numbers no nr nº # id phone tel telephone mobile company hotline line extension ext size height width
depth dimensions model serial ref reference time times nummer numéro número numero
""".split())
_VOWELS = frozenset("aeiouy")
_UNSPOKEN = lazy(r"[^aeiouy]{3}|q(?!u)|[jqxz][^aeiouy]|[^aeiouy][jqxz]")
_KEY_GROUP = lazy(r"^[A-Z0-9]{2,6}(?:-[A-Z0-9]{3,6}){2,}$|^[A-Z0-9]{3,6}$|^[A-Z0-9]{4,8}(?:-[A-Z0-9]{4,8})+$")
# what makes a key word name a secret key, whatever its value looks like (a hex private key)
_NETWORK_WORDS = lazy(r"\b(?:wi-?fi|wlan|ssid|router|hotspot|wireless)\b")
_KEY_QUALIFIERS = frozenset("""
private secret pre-shared preshared wallet signing encryption decryption master seed shared
aes hmac rsa api access backup session client app root eth ethereum btc bitcoin crypto solana metamask
validator
""".split())
_TITLE_WORD = lazy(r"^[A-Z][a-z]{2,}$")
_WORDISH = lazy(r"[A-Z]?[a-z]{2,}")
_HEX_KEY = lazy(r"^(?:0x)?[0-9a-fA-F]{32,}$")
_NOT_PASSWORD = lazy(r"^(?:[a-z][a-z0-9+.-]*://.*|www\..*|[\w.+-]+@[\w-]+\.[\w.-]+|[\w-]+\.[A-Za-z]{1,4}|"
                     r"v?\d+(?:[.,:/-]\d+)+[a-z]{0,3}|\d+(?:[.,]\d+)?(?:[a-z]{1,3}|°[cf]?|%)|\d+-[a-z]+|"
                     r"[~/]?[a-z._-]+(?:/[a-z._-]+)+)$")   # …, "24-character", "email/work", "/etc/passwd" (paths)


def _other_code(text: str, at: int) -> bool:
    """Does the code word at text[at:] name a code that is no secret: "zip code",
    "code review", "the code for the discount", "code de la route"?"""
    before = text[max(0, at - 24):at].lower().split()
    after = [w.strip(",:;.!?()\"'") for w in text[at:at + 60].lower().split()[1:5]]
    named = [w.strip(",:;.!?()\"'-") for w in before[-2:]]   # "Zip-Code": the word before the dash
    return ((bool(named) and (named[-1] in _NOT_CODE_BEFORE or " ".join(named) in _NOT_CODE_BEFORE))
            or (bool(after) and after[0] in _NOT_CODE_NEXT) or bool(_NOT_CODE_AFTER.intersection(after)))


def _typo_of_password(word: str) -> bool:
    """One letter left out, added, changed or two swapped ("pasword", "passwrd", "passowrd"),
    or that and one "s" left out ("paswrod")."""
    word = word.lower().replace("@", "a").replace("0", "o")
    if "w" not in word:
        return False   # "passport", "passage": a w is what makes it a password
    for target in ("password", "passwort", "passwd", "psswrd", "pasword"):   # the last: two slips
        if abs(len(word) - len(target)) > 1:
            continue
        if _osa_distance(word, target) <= 1:
            return True
    return False


def _osa_distance(a: str, b: str) -> int:
    """Edits (insert, delete, change, swap two neighbours) between a and b."""
    prev2: list[int] = []
    prev = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        row = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = a[i - 1] != b[j - 1]
            row[j] = min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                row[j] = min(row[j], prev2[j - 2] + 1)
        prev2, prev = prev, row
    return prev[len(b)]


def _password_shaped(token: str) -> bool:
    """A token mixing letters with digits or symbols that is not a URL, an e-mail, a file
    name, a version, a date, a time or an amount."""
    if len(token) < 6 or _MARKER_RE().search(token) or token.startswith("[redacted"):
        return False
    if not any(c.isalpha() for c in token):
        return False
    if not any(c.isdigit() or not (c.isalpha() or c in "'’" or unicodedata.category(c)[0] == "M") for c in token):
        return False   # a word, maybe with an apostrophe or a vowel sign (Thai, Hindi): not a password
    if any(c in token for c in "()[]"):
        return False   # code: getpass("Password: "), os.environ["PW"]
    if _REFERENCE().match(token) or token.lower() in _PLACEHOLDERS or _PLACEHOLDER_SHAPE().match(token):
        return False   # $DB_PASSWORD, <your-password>, YOUR_PASSWORD_HERE
    field = _FIELD().match(token)
    if field:
        return _password_shaped(field.group("value"))   # "attempts=3", "reason=bad_password": a log's fields
    if not token.isascii() and _CJK_COUNT().search(token) and not any(c.isascii() and c.isalpha() for c in token):
        return False   # "90日ごとに": every 90 days, a count
    if _joined_words(token) or _BRAND().match(token) or _SUFFIXED().match(token):
        return False
    return not _NOT_PASSWORD().match(token)


# a field of a log line or a query, name=value: the value is what may be a password
_FIELD = lazy(r"^[A-Za-z_][\w.-]{0,31}=(?P<value>.+)$")
# a number and a counter after it, in the languages without spaces: days, times, years, digits…
_CJK_COUNT = lazy(r"\d\s?(?:日|回|年|月|時間|分|秒|桁|文字|個|人|円|歳|週|ヶ月|か月|번|일|년|개|자리|자|원|天|次|个|位|元|岁|周|小时)")
# a digit and one capitalised word, as brands are spelt ("1Password", "7Eleven"): a name
_BRAND = lazy(r"^\d[A-Za-z][a-z]{3,}$")


def _joined_words(token: str) -> bool:
    """Words joined by - _ or an apostrophe: "e-mailu", "case-sensitive", "dell'ufficio"."""
    return all(p.isalpha() for p in _WORD_JOINS().split(token) if p)


def _clause_tokens(text: str, start: int, end: int) -> list[tuple[int, int, str]]:
    """(start, end, token) of each token of text[start:end], its edge punctuation trimmed."""
    out = []
    for match in _CLAUSE_TOKEN().finditer(text, start, end):
        token = match.group()
        # a colon too: "密码:602913" (the languages without spaces join the colon to the value)
        left = len(token) - len(token.lstrip("(\"'«„“‘[{`:"))
        token = token[left:].rstrip(",:;.!?)\"'»“”’]}`،؛؟…")   # Arabic's comma, semicolon and question mark too
        if token:
            out.append((match.start() + left, match.start() + left + len(token), token))
    return out


def _clause_spans(text: str, more: bool = True, lexicon: list = ()):
    """(start, end, kind) of each value the clause rule takes (see above); more: look for
    _CRED_WORD_MORE's words too; lexicon: _LEXICON_WORD's matches in text."""
    words = list(_CRED_WORD().finditer(text))
    if more or lexicon:
        words = sorted(words + (list(_CRED_WORD_MORE().finditer(text)) if more else []) + list(lexicon),
                       key=lambda m: m.start())
    if not words:
        return
    ends, stops = [], []   # where clauses end; of those, the ones a dash does not make
    for m in _CLAUSE_END().finditer(text):
        ends.append(m.end())
        if m.group().strip()[:1] not in "-–—→":
            stops.append(m.end())
    # the text tokenised once, clause by clause (no token crosses where one ends); each word
    # then looks at a bounded slice of it, so "pin - pin - pin …" (one clause back to the last
    # full stop) costs no more per word than "pin pin pin …"
    tokens: list[tuple[int, int, str]] = []
    for a, b in zip([0] + ends, ends + [len(text)]):
        tokens += _clause_tokens(text, a, b)
    token_starts, token_ends = [t[0] for t in tokens], [t[1] for t in tokens]
    lower = text.lower()
    network = _NETWORK_WORDS().search(lower) is not None   # once: a text of "key key key …" has many words
    last_colon = text.rfind(":")   # (a colon after a plural: "codes …: 4410, 7718", found once, not per word)
    for word in words:
        if text.endswith("[redacted:", 0, word.start()):
            continue   # the word in a marker
        name = word.lastgroup
        if name == "typo" and not _typo_of_password(word.group("typo")):
            continue
        family = {"typo": "password", "short": "password", "joined": "both", "emoji": "password", "lock_compound": "lock",
                  "licence": "key", "compound_code": "code", "compound_password": "password",
                  "joined_password": "password", "joined_code": "code", "joined_lock": "lock"}.get(name, name)
        w_start = word.start(name)
        # before the word only a full stop, a question, a newline… ends the clause: "X — no
        # wait, that's the password" gives the value first
        before, after = bisect.bisect_right(stops, w_start), bisect.bisect_right(ends, w_start)
        c_start, c_end = (stops[before - 1] if before else 0), (ends[after] if after < len(ends) else len(text))
        # the clause's tokens, cut to the window, two before it (what labels its first) and a
        # bounded reach after it (a run of digit groups that goes on)
        at = bisect.bisect_right(token_ends, w_start)   # the first token that ends after the word starts
        first = max(bisect.bisect_left(token_starts, c_start), at - _WINDOW - 2)
        clause = tokens[first:min(bisect.bisect_left(token_starts, c_end), at + _WINDOW + _REACH)]
        at -= first
        own = at < len(clause) and clause[at][0] <= w_start   # "密码是602913": the word is no token
        prev = clause[at - 1][2].lower() if at > 0 else ""
        nxt = (clause[at + 1][2] if own and at + 1 < len(clause) else clause[at][2] if not own and at < len(clause)
               else "").lower()
        if prev in _NEGATIONS or (at > 1 and prev in ("a", "an") and clause[at - 2][2].lower() in _NEGATIONS):
            continue
        if family in ("code", "key", "both", "lock") and _other_code(text, w_start):
            continue
        if family in ("code", "both", "password") and _a_kind_of(clause, at):
            continue   # "every number is a pin code": what a thing is, no code's label
        if _GENERAL().search(lower, max(0, w_start - 24), w_start):
            continue   # "the most common PINs": of all of its kind, not one
        if family == "code" and word.group(name).lower() in ("pin", "pins") and nxt in _PIN_VERB_OBJECTS:
            continue   # "pin the note to the fridge"
        if family == "combo" and word.group("combo").lower() == "safe" and (prev in _SAFE_BEFORE or nxt in _SAFE_AFTER):
            continue   # "a safe bet", "keep it safe": the adjective
        if family == "place" and word.group("place").lower() in ("arm", "arms") and prev in _DETERMINERS:
            continue   # "my arm": the body's
        if family == "place" and nxt in _PLACE_THINGS:
            continue   # "the parking garage ticket is 4471": the ticket's number
        # a plural ("pins for everything …: bank 3390, work phone 112358, tablet 2580") names
        # a list, which may run on past one value's window
        reach = 2 * _WINDOW if word.group(name).lower().endswith("s") and last_colon >= w_start else _WINDOW
        lo, hi = max(0, at - _WINDOW), min(len(clause), at + reach + 1)
        if family == "key" and (prev in _KEY_QUALIFIERS or word.group(name).lower() == "psk"):
            family = "secret-key"   # "private key": a hex run is its value too
        elif family == "key" and network and word.group(name).lower() != "serial":
            # "the new wifi is X and the key is oatcake-lantern-93": the network's key is a password too
            yield from _shaped(text, clause, lo, hi, at if own else -2, "password", -2)
        # the word's last token ("backup codes", "steam guard"): what stands right after it
        last = at + len(word.group(name).split()) - 1 if own else -2
        yield from _shaped(text, clause, lo, hi, at if own else -2, family, last)


# "safe" the adjective, not the box: what comes before it, or the noun it describes
_SAFE_BEFORE = frozenset("""
is be been being feel feels felt keep kept stay stayed it's its play playing perfectly very quite not so as was
are were seems seemed look looks pretty totally completely fairly reasonably safe and
""".split())
_SAFE_AFTER = frozenset("""
bet place places side space spaces choice house haven mode search zone to and enough sound distance area harbour
harbor pair hands journey travels trip option options word words passage return keeping storage limit level
""".split())
_PIN_VERB_OBJECTS = frozenset("the it a an this that these those them him her up down onto on to".split())
# "log in on the iPad2", "my Pixel8a account": a name said with an article is a thing, not a password
_DETERMINERS = frozenset("the my your his her our their a an this that new old".split())


def _account_shaped(token: str) -> bool:
    """Shaped like a password with nothing else to say it is one: a capital, a small letter,
    and a digit or symbol ("Biscuit2011", "tulip!Garden"); not a handle or an all-capitals
    account number (an IBAN)."""
    return (token[:1] != "@" and _password_shaped(token) and any(c.isupper() for c in token)
            and any(c.islower() for c in token))


def _key_shaped(token: str, secret_key: bool) -> bool:
    """The value of a key word: 12+ characters of mixed case and digits that change class
    often, as generated keys do ("Wq3uTz8vLp0sN6yR"); after "private", "secret", "wallet",
    "pre-shared"… key, also a hex run of 32+ (which alone is a commit id or a checksum)."""
    if secret_key and _HEX_KEY().match(token):
        return True
    return _generated(token, 12)


def _generated(token: str, shortest: int) -> bool:
    """shortest or more characters of capitals, small letters and digits, mixed as a generator
    mixes them: a name made of words and a number (MacBookPro16, PixelWatch2Pro, iPhone15) is
    not one."""
    if len(token) < shortest or _classes(token) < 3 or not _password_shaped(token):
        return False
    letters = sum(c.isalpha() for c in token)
    return sum(map(len, _WORDISH().findall(token))) < 0.6 * letters


# A seed phrase said with other words ("my wallet seed, keep it safe: w1 … w12"): twelve or
# more plain small words in a row, none of them a word prose is held together by, in a
# text that speaks of a seed, a wallet or a mnemonic. Prose always has function words.
_SEED_CUES = _cues("seed", "wallet", "mnemonic", "recovery", "phrase", "crypto", "bip39", "metamask", "ledger", "trezor",
                   "bitcoin", "12 words", "24 words", "twelve words",
                   "semilla", "billetera", "cartera", "recupera", "récupération", "portefeuille", "carteira", "portafoglio",
                   "wiederherstellung", "herstel", "odzyskiw", "frase", "fraza",
                   *_word_cues(_LEX_PHRASE + _LEX_JOINED_PHRASE))
_SEED_WORD = lazy(r"[a-z]{3,8}")
_SEED_LENGTH = 12
_LIST_NUMBER = lazy(r"\d{1,2}[.)]")
_SEED_GAP = lazy(r" *(?:[/|•·–-] *)?(?:\d{1,2}[.)] +)*")   # "1. ripple 2. fossil", "gravity / coffee / …"
_SEED_SEPARATORS = frozenset("/ | • · – -".split())
_FUNCTION_WORDS = frozenset("""
the and but for with from are was were you she they them your our their his her hers its that this these
those not then than there here what which who whom when where why how have has had will would shall should
can could may might must does did done been being into onto upon over under about after before also just
very too only more most much many some any all each every both either neither nor yet because while until
since unless though although like get got please keep safe write down don't dont never always here's it's
""".split())


def _seed_spans(text: str, lower: str):
    """(start, end, "password") of each run of _SEED_LENGTH or more plain words after a seed cue."""
    first_cue = min((at for at in map(lower.find, _SEED_CUES) if at >= 0), default=-1)
    if first_cue < 0:
        return
    run_start = run_end = -1
    count = 0
    for match in _CLAUSE_TOKEN().finditer(text, first_cue):
        raw = match.group()
        if count and (_LIST_NUMBER().fullmatch(raw) or raw in _SEED_SEPARATORS):
            continue   # "1. ripple 2. fossil …", "wolf / elbow": the words numbered or set apart
        word = raw.rstrip(",")
        plain = bool(_SEED_WORD().fullmatch(word)) and word not in _FUNCTION_WORDS
        if plain and count and _SEED_GAP().fullmatch(text, run_end, match.start()):   # a list with commas is a list
            count += 1
            run_end = match.start() + len(word)
        else:
            if count >= _SEED_LENGTH:
                yield run_start, run_end, "password"
            count, run_start, run_end = (1, match.start(), match.start() + len(word)) if plain else (0, -1, -1)
        if raw != word and not plain:
            count = 0
    if count >= _SEED_LENGTH:
        yield run_start, run_end, "password"


# A TOTP seed (the secret an authenticator app is set up with) in base32: 16 or more capitals
# and digits 2-7, maybe padded with "=", or groups of four in one case ("ur2b txpx m6um xsry"),
# after a word for a second factor, a seed or a secret. Too few digits for _looks_random.
_TOTP_CUES = _cues("totp", "2fa", "mfa", "otp", "authenticator", "seed", "secret", "setup key", "2-step",
                   "two-factor", "two factor")
_BASE32 = lazy(r"(?<![\w=])(?:[A-Z2-7]{16,128}={0,6}|[a-z2-7]{4}(?: [a-z2-7]{4}){3,15}|[A-Z2-7]{4}(?: [A-Z2-7]{4}){3,15})"
               r"(?![\w=])")
_DIGIT_RUN = lazy(r"\d+")


def _totp_spans(text: str, lower: str):
    """(start, end, "token") of each base32 seed after the first _TOTP_CUES cue: two runs of
    digits or more (not "TOMATO22BEEFSTEAK"), and groups two or more of which no word is
    spelt like ("hint: baby blue door 2b left" has words)."""
    first_cue = min((at for at in map(lower.find, _TOTP_CUES) if at >= 0), default=-1)
    if first_cue < 0:
        return
    for match in _BASE32().finditer(text, first_cue):
        seed = match.group()
        if len(_DIGIT_RUN().findall(seed)) < 2:
            continue
        groups = seed.lower().split()
        if len(groups) > 1 and sum(not _VOWELS.intersection(g) or bool(_UNSPOKEN().search(g)) for g in groups) < 2:
            continue
        yield match.start(), match.end(), "token"


_ARROWS = frozenset("→ -> => ⇒ ➜ ➡ ➡️".split())
# the owner unsure which of two values it is: no less a value for that
_HEDGES = frozenset("either maybe perhaps possibly probably prob vielleicht forse talvez quizas quizás peut-être "
                    "misschien może moze".split())


def _given(text: str, tokens, i: int, chained: int) -> bool:
    """Is tokens[i] given as a value: after a colon or an equals sign, after a verb that
    gives one ("opens with", "set it to", "är"), or next in a list after one that was, maybe
    after its own name (tokens[chained] ended the last value taken: "691 204, 338 570",
    "alarm 4417, door 2208")?"""
    if i == 0:
        return False
    if _after_entering(tokens, i):
        return True   # "punch in 1948"
    while i > 1 and tokens[i - 1][2].lower() in _HEDGES:
        i -= 1   # "is either 1956 or 1965", "3-9-2... or maybe 3-9-3": the value is given all the same
    gap, prev = text[tokens[i - 1][1]:tokens[i][0]], tokens[i - 1][2].lower()
    if ":" in gap or "=" in gap or prev in _GIVERS or prev in _ARROWS:
        return True   # "alarm code changed today → 8 2 0 6": an arrow gives what it points to
    return (i - 1 == chained and gap.strip() in ("", ",", "/", "&", "+")) or \
        (i - 2 == chained and (prev in ("and", "&", "or", "then")
                               # "alarm 4417, door 2208": the next item of a list, named
                               or text[tokens[i - 2][1]:tokens[i - 1][0]].strip() in (",", ";", "/")))


def _after_entering(tokens, i: int) -> bool:
    """Is tokens[i] after a verb of entering and its "in", a key's name or a "then" ("punch in
    1948", "press key then 4048", "press # then 2291")? Three such words at most stand between."""
    for back in range(i - 1, max(-1, i - 5), -1):
        word = tokens[back][2].lower()
        if back < i - 1 and word in _ENTER_VERBS:
            return True
        if word not in _ENTER_BETWEEN:
            return False
    return False


_PRODUCT_LABELS = frozenset("model type series make brand version".split())


def _labelled(text: str, tokens, i: int, prev: str, named_before: bool = False) -> bool:
    """Is tokens[i] a number of something else ("room 217", "ends in 4412")? Not when a colon
    stands between it and a noun said with an article ("in case I lose the phone: 8412 0937"
    names what the clause is about, not the number), or said after the credential word
    (named_before: "keybox outside the holiday flat: 1066" is where the keybox is)."""
    if prev not in _NOT_VALUE_BEFORE:
        # "model Supra C500": a product's name between the label and its number
        return i >= 2 and tokens[i - 2][2].lower() in _PRODUCT_LABELS and tokens[i - 1][2][:1].isupper()
    if _after_entering(tokens, i):
        return False   # "punch in 1948": the "in" is the verb's, not a year's
    colon = i >= 2 and ":" in text[tokens[i - 1][1]:tokens[i][0]]
    return not (colon and (named_before or tokens[i - 2][2].lower() in _DETERMINERS))


def _run(text: str, tokens, i: int, part, joins: tuple) -> int:
    """The last index of the run of tokens from i that each match part (a predicate on the
    token), joined by one of joins (the text between two of them, spaces stripped)."""
    j = i
    while j + 1 < len(tokens) and part(tokens[j + 1][2]) and text[tokens[j][1]:tokens[j + 1][0]].strip() in joins:
        j += 1
    return j


_ADVISED_AGAINST = frozenset("don't dont never not avoid".split())


def _not_set(tokens, i: int) -> bool:
    """Is tokens[i] a number no lock is set to: one advised against ("don't use 1234 or 0000
    for a key safe"), or a model's after an article and a maker's name ("it's a Yale C500")?"""
    words = [token.lower() for _start, _end, token in tokens[max(0, i - 5):i]]
    while len(words) >= 2 and words[-1] in ("or", "and", "nor") and tokens[i - 2][2][:1].isdigit():
        words = words[:-2]   # "… 1234 or 0000": the one before it says
        i -= 2
    if words[-2:-1] and words[-1] in ("use", "pick", "choose", "set") and words[-2] in _ADVISED_AGAINST:
        return True
    return len(words) >= 2 and words[-2] in ("a", "an") and tokens[i - 1][2][:1].isupper()


def _list_item(text: str, tokens, at: int) -> bool:
    """Does the word at tokens[at] open an item of a list of codes: after a colon ("the
    babysitter needs: front door 2580"), or after a comma that follows a number ("alarm
    4417, door 2208")?"""
    if at < 1:
        return False
    gap = text[tokens[at - 1][1]:tokens[at][0]]
    return ":" in gap or ("," in gap and tokens[at - 1][2][-1:].isdigit())


def _letter_groups(text: str, tokens, i: int) -> bool:
    """Four groups of four small letters after a colon, as app passwords are printed ("qwvt
    lmzr hxpk bnye"), two or more of them no word is spelt like (no vowel, three consonants
    running, a q without u): "hint: blue door left side" is words."""
    group = tokens[i:i + 4]
    if len(group) < 4 or i == 0 or ":" not in text[tokens[i - 1][1]:tokens[i][0]]:
        return False
    if any(len(t) != 4 or not (t.isascii() and t.isalpha() and t.islower()) for _s, _e, t in group):
        return False
    if any(text[a[1]:b[0]] != " " for a, b in zip(group, group[1:])):
        return False
    return sum(not _VOWELS.intersection(t) or bool(_UNSPOKEN().search(t)) for _s, _e, t in group) >= 2


def _title_run(text: str, tokens, i: int) -> int:
    """The last index of a passphrase of capitalised words (numbers among them) given after a
    colon from tokens[i] — three words or more ("Velvet Otter Climbs 44 Stairs"); i - 1 when
    there is none."""
    if i == 0 or ":" not in text[tokens[i - 1][1]:tokens[i][0]] or not _TITLE_WORD().match(tokens[i][2]):
        return i - 1
    j = _run(text, tokens, i, lambda t: bool(_TITLE_WORD().match(t) or t.isdigit()), ("",))
    return j if j - i >= 2 else i - 1


def _otp_group(token: str) -> bool:
    return bool(_OTP_GROUP().match(token))


def _hex_bytes(text: str, tokens, i: int) -> int:
    """The last index of a run of eight or more bytes in hex from tokens[i], a letter among
    them ("77 46 E2 C3 49 DC C4 1A"; not "12 14 16 …"); i when there is none."""
    if not _HEX_BYTE().match(tokens[i][2]):
        return i
    j = _run(text, tokens, i, _HEX_BYTE().match, ("", ":"))
    return j if j - i >= 7 and _HEX_LETTER().search(text, tokens[i][0], tokens[j][1]) else i


def _printed_alike(first: str):
    """A predicate: is a token a code printed in first's format — the same groups of small
    letters and digits — though it holds no digit ("zeadg-i20lc, phjie-bvpgz": codes printed
    together share a format)."""
    shape = _GROUP_CHARS().sub("x", first)
    return lambda token: _backup_group(token) or (_GROUP_CHARS().sub("x", token) == shape and "-" in shape
                                                  and token.islower())


_GROUP_CHARS = lazy(r"[a-z\d]")


def _backup_group(token: str) -> bool:
    """A backup code as _OTP_GROUP has it, or 6–12 small letters and digits mixed (not a word
    and a number: "windows10", "office365"), as printed in a list of recovery codes."""
    if _otp_group(token):
        return True
    if not _SPACED_GROUP().match(token):
        return False
    kinds = [c.isdigit() for c in token]
    return sum(a != b for a, b in zip(kinds, kinds[1:])) >= 2


def _dial_number(token: str) -> bool:
    return bool(_DIAL_PART().match(token if len(token) < 3 else token.lower()))


def _lone_digit(token: str) -> bool:
    return len(token) == 1 and token.isdigit()


def _spaced_code_group(token: str) -> bool:
    return bool(_SPACED_CODE_GROUP().match(token))


def _combination_run(text: str, tokens, i: int) -> int:
    """The last index of a dial combination said in pieces from tokens[i] ("19 - 42 - 07",
    "31, 7, 22", "R 34 L 12 R 8", "8 9 1 0"): three or more small numbers, each maybe after
    R, L or one letter, joined by spaces, commas or dashes; i - 1 when there is none."""
    j = _run(text, tokens, i, _dial_number, ("", ",", "-", "–", "/"))
    while j > i and not tokens[j][2][-1:].isdigit():
        j -= 1   # a dash the run ended on
    numbers = sum(t[2][-1:].isdigit() for t in tokens[i:j + 1])
    return j if numbers >= 3 and tokens[j][2][-1:].isdigit() else i - 1


# what follows a value given as an example of a kind: "it's "hunter2" style passwords that get hacked"
_AN_EXAMPLE = frozenset("style type kind sort".split())
# …or said to be one: 'I used "password123" as an example of a terrible password'
_AS_AN_EXAMPLE = lazy(r"[\"'”’]?\s+(?:as|is|was) (?:an? |my |the )?(?:example|sample|illustration|demo)\b")
_AMOUNT_BEFORE = lazy(r"\b(?:over|under|above|below|than|up to)\s+$")
_PLACE_THINGS = frozenset("ticket tickets receipt receipts space spaces spot spots bay bays fee fees sale".split())
_WHERE = frozenset("in at by under behind inside near beside downstairs upstairs".split())


def _where_it_is(tokens, a: int, b: int) -> bool:
    """Whether tokens[a:b] say where a thing is, in two to four words ("in the cellar")."""
    return 2 <= b - a <= 4 and tokens[a][2].lower() in _WHERE


def _a_kind_of(tokens, at: int) -> bool:
    """Whether the credential word at tokens[at] is said of what a thing is ("is a pin code",
    "was like a password"): an article after a verb of being, a word of the name between."""
    back = at - 1
    if back > 0 and tokens[back][2].lower() in ("pin", "pass", "access", "security", "door", "secret"):
        back -= 1
    return back > 0 and tokens[back][2].lower() in ("a", "an") \
        and tokens[back - 1][2].lower() in ("is", "are", "was", "were", "like")


def _shaped(text: str, tokens, lo: int, hi: int, at: int, family: str, last: int = -2):
    i, chained = lo, -2
    # a place or a lock named without a code word ("side door: 1593", "disarm with 8064",
    # "2fa backup: 691 204"): only a value given as one, 4+ digits (3 for a 2FA code)
    gated = family in ("place", "latch", "alarm", "combo", "otp")
    while i < hi:
        start, end, token = tokens[i]
        if i == at or (i == at + 1 and family in ("code", "both") and token.lower() in ("code", "pin", "number")):
            i += 1
            continue
        prev = tokens[i - 1][2].lower() if i > 0 else ""
        # right after the word ("security number 690417", "pin number 4471"), the word is what
        # labels the value
        label = "" if i - 1 == at or (i - 2 == at and family in ("code", "both") and prev in ("code", "pin", "number")) \
            else prev
        nxt = tokens[i + 1][2].lower() if i + 1 < len(tokens) else ""
        entered = prev in _ENTER_VERBS or _after_entering(tokens, i)
        given = (_given(text, tokens, i, chained) or bool(_KEYED().match(token))
                 or (i == last + 1 and _list_item(text, tokens, at))) and not (   # "the alarm is 0645": a time, but "alarm: 0645"
            family == "alarm" and _CLOCK().match(token) and ":" not in text[tokens[i - 1][1]:start]
            and not entered) and not (
            gated and 0 <= at < i and any(t[2].lower() in _NUMBER_NAMES and not (entered and t[2] == "#")
                                          for t in tokens[at + 1:i])) and not (   # "press # then 2291": a key
            # "locker number at the gym is 214, the lock itself is a key one": given to what
            # came before, in a clause of its own
            gated and i < at and "," in text[end:tokens[at][0]])
        j = i
        if family in ("password", "both") and _password_shaped(token) and nxt not in _AN_EXAMPLE \
                and not _AS_AN_EXAMPLE().match(text, end) and not (
                label in _ID_LABELS and ":" not in text[tokens[i - 1][1]:start]) and not (
                i >= 2 and prev in ("is", "was", ":") and tokens[i - 2][2].lower() in _NAME_WORDS):
            yield start, end, "password"   # not "ticket PROJ-4821 … the login page": an id
        elif family == "password" and given and token.isdigit() and len(token) >= 6 and not _labelled(text, tokens, i, label) \
                and nxt not in _UNITS:
            # "a senha do portão é 252525": a password of digits, given as one
            yield start, end, "code"
        elif family in ("password", "both") and _title_run(text, tokens, i) > i:
            # "master password, just once so you have it: Velvet Otter Climbs 44 Stairs"
            j = _title_run(text, tokens, i)
            yield start, tokens[j][1], "password"
        elif family in ("password", "both") and _APP_GROUPS().match(token):
            yield start, end, "password"   # "dxdr-adzy-nzdd-kpkq": an app password's four groups
        elif family in ("password", "both") and _letter_groups(text, tokens, i):
            # "app password for the scanner: qwvt lmzr hxpk bnye"
            j = i + 3
            yield start, tokens[j][1], "password"
        elif family == "account" and _account_shaped(token) and prev not in _NOT_VALUE_BEFORE \
                and prev not in _DETERMINERS:
            yield start, end, "password"
        elif family in ("key", "secret-key") and (_key_shaped(token, family == "secret-key") or (given and (
                strong_password(token, True) or (_HEX_KEY().match(token) and not _PUBLIC_HEX().search(
                    text, max(0, start - _HEX_LABEL_REACH), start))))):
            # "the master key for 1password is Hollow-Mitten-…-81", "mailgun key: 8c2326…": given as
            # a key, a password's shape or a hex run (not a fingerprint's, a commit's or a hash's)
            yield start, end, "password"
        elif family == "code" and at >= 0 and tokens[at][2].lower() in ("passcode", "passcodes") \
                and _generated(token, 6) and prev not in _DETERMINERS and label not in _ID_LABELS:
            # "zoom passcode for Thursday's board call x7Rp2q": a meeting's passcode is letters too
            yield start, end, "password"
        elif family == "latch" and last > at and tokens[at][2].lower() in _TRAVEL_LOCKS \
                and (i == last + 1 or (not nxt and _where_it_is(tokens, last + 1, i))) \
                and token.isdigit() and 3 <= len(token) <= 6 and nxt not in _UNITS and nxt not in _NAMED_BY_NUMBER:
            # "suitcase lock 509", "bike lock 4471", "bike lock in the cellar 0815": a travel or
            # bike lock's code needs no verb
            yield start, end, "code"
        elif (family in ("code", "both", "lock")
              or (gated and given and (len(token) >= 4 or family in ("otp", "latch")))) \
                and (_CODE_SHAPE().match(token) or (family == "code" and _MIXED_CODE().match(token))
                     or (family != "code" and _LETTER_DASH_CODE().match(token))) \
                and not _labelled(text, tokens, i, label, 0 <= at < i - 1) and not _not_set(tokens, i) \
                and nxt not in _UNITS and text[start - 1:start] not in "$€£¥+" and text[end:end + 1] not in _CJK_UNITS:
            # digits in groups ("8391 0274 5519"): the whole run is one code
            while j + 1 < len(tokens) and tokens[j + 1][2].isdigit() and 2 <= len(tokens[j + 1][2]) <= 12 \
                    and text[tokens[j][1]:tokens[j + 1][0]] in (" ", "-"):
                j += 1
            # a second factor's code has six digits or more ("691 204"); "mfa: 2019 rollout" is a year
            if family != "otp" or sum(map(str.isdigit, text[start:tokens[j][1]])) >= 6:
                yield start, tokens[j][1], "code"
                chained = j
        elif family == "otp" and 0 <= last < i and (i == last + 1 or tokens[last][2].lower() in ("code", "codes")) \
                and _backup_group(token) and (_run(text, tokens, i, _printed_alike(token), ("", ",")) > i or (
                    i == last + 1 and tokens[last][2].lower() == "code" and _otp_group(token))):
            # "steam guard backup codes R7KX2 M9QPD", "recovery codes for github ym33yzc5 kh7s8w3z":
            # two groups or more right after the word, or anywhere after a word for the codes; one
            # in capitals and digits right after "code" ("steam guard backup code R7KX2")
            j = _run(text, tokens, i, _printed_alike(token), ("", ","))
            yield start, tokens[j][1], "code"
            chained = j
        elif family == "otp" and given and _otp_group(token):
            # "steam guard backup: R7K2M X9P4T B3N8W", "recovery codes: 4f2a9-0c7e1 9b3d2-7a6f4"
            j = _run(text, tokens, i, lambda t, alike=_printed_alike(token): _otp_group(t) or alike(t), ("", ","))
            yield start, tokens[j][1], "code"
            chained = j
        elif (family in ("combo", "lock") or (gated and given and family != "otp")
              # "the code is 1-4-7-8": digits a code's keys are pressed in; four or more apart
              # where nothing gives them, which no date is ("unlock pattern: dots 1-4-7-8-9")
              or (family == "code" and (given or token.count("-") >= 3))) and _COMBO_SHAPE().match(token) \
                and nxt not in _UNITS:
            yield start, end, "code"
        elif (family in ("lock", "combo") or gated) and (given or (i == at + 1 and family in ("lock", "combo")
                                                                    and tokens[at][2].lower() != "dial")) \
                and _dial_number(token) \
                and _combination_run(text, tokens, i) >= i:
            j = _combination_run(text, tokens, i)
            # "45 x 30 x 25 cm" is a size; "36 - 12 - 28, second row" a combination
            if j + 1 >= len(tokens) or tokens[j + 1][2].lower() not in _UNITS \
                    or text[tokens[j][1]:tokens[j + 1][0]].strip():
                yield start, tokens[j][1], "code"
        elif family in ("code", "both") and i == last + 1 and _lone_digit(token) \
                and _run(text, tokens, i, _lone_digit, ("",)) - i >= 3:
            # "duress code 7 7 3 2": a code said digit by digit, four digits or more
            j = _run(text, tokens, i, _lone_digit, ("",))
            yield start, tokens[j][1], "code"
        elif family in ("code", "both") and (i == last + 1 or given) and _spaced_code_group(token) \
                and _run(text, tokens, i, _spaced_code_group, ("",)) - i >= 2:
            # "passcode KX4 T9P 2WQ": three groups or more of capitals and digits mixed
            j = _run(text, tokens, i, _spaced_code_group, ("",))
            yield start, tokens[j][1], "code"
        elif family in ("password", "both") and token.lower() in _SPELLING_ALPHABET \
                and _run(text, tokens, i, _spelt, ("", ",", "-")) - i >= 3:
            # "pw, in phonetics: kilo echo lima victor india november seven three": spelt out
            j = _run(text, tokens, i, _spelt, ("", ",", "-"))
            yield start, tokens[j][1], "password"
        elif _digits_said(token) and (family in ("code", "both", "lock") or gated and given):
            # "pin is five nine two zero", "sette-tre-uno-uno": a code said in words, four or more of them
            j = _run(text, tokens, i, _digits_said, ("", ",", "-"))
            if sum(len(tokens[k][2].split("-")) for k in range(i, j + 1)) >= 4:
                yield start, tokens[j][1], "code"
            else:
                j = i
        elif family in ("key", "secret-key") and _hex_bytes(text, tokens, i) > i \
                and not _PUBLIC_HEX().search(text, max(0, start - _HEX_LABEL_REACH), start):
            # "zigbee network key: 77 46 E2 C3 49 DC C4 1A …": a key's bytes, eight or more
            j = _hex_bytes(text, tokens, i)
            yield start, tokens[j][1], "password"
        elif family in ("key", "secret-key") and _KEY_GROUP().match(token) and any(c.isdigit() for c in token) \
                and label not in _NOT_VALUE_BEFORE and not (   # "serial number SN-4453-2290-117" on an appliance
                    # a device's serial after the bare word: a licence key has four groups or more
                    0 <= at < i and tokens[at][2].lower() == "serial" and token.count("-") < 3) and not (
                    _HEX().match(token) and _PUBLIC_HEX().search(text, max(0, start - _HEX_LABEL_REACH), start)):
            # (and not a fingerprint's groups of hex: "PGP fingerprint …: 7B2E 91C4 0D3A …")
            # "MZXW 6YTB OI4T KNRQ GE3D", "PHX-2291-AKQ7-ZZ03-LM88": three or more groups
            while j + 1 < len(tokens) and _KEY_GROUP().match(tokens[j + 1][2]) \
                    and text[tokens[j][1]:tokens[j + 1][0]] == " ":
                j += 1
            if j - i >= 2 or "-" in token:
                yield start, tokens[j][1], "password"
        i = j + 1


# -- the two calls ---------------------------------------------------------------------

# What each family's matches must contain (lower-cased where the pattern ignores case).
_KEY_CUES = _cues("pass", "pwd", "pin", "secret", "key", "token", "bearer", "licen", "recovery", "backup", "psk")
_CODE_CUES = _cues("code", "combo", "combination", "pin", "puk", "cvv", "cvc", "csc", "alarm", "keypad",
                   "key pad", "padlock", "lockbox", "keysafe", "key safe", "opens", "unlocks", "arm", "takes",
                   "is set", "safe", "lock", "gate", "punch", "type", "enter", "key in", "tap", "press")
_WORD_CUES = _cues("pass", "pw", "word", "w0rd", "login", "log-in", "cred", "wifi", "wi-fi", "key", "code", "token",
                   "digo", "codici", "kody", "psw", "pssw", "pasw", "owrd", "wrd", "wrod")
_DIGITS = _cues(*"0123456789")
# the rest of _spans' groups, one for each pattern it tries
_MARKER_CUES, _PRIVATE_KEY_CUES = _cues("[redacted:"), _cues("private key")
_SCHEME_CUES, _AT_CUES, _EQUALS_CUES = _cues("://"), _cues("@"), _cues("=")
_BARE_CUES = _cues("pw", "pass", "pin", "access code", "entry code", "door code", "gate code", "alarm code")
_UNLOCKS_CUES = _cues("with", "wants", "asks", "needs")
_CURL_CUES, _CURL_TOOL_CUES = _cues("-u", "--user"), _cues("curl", "wget", "http")
_CLI_CUES = _cues("-p", "-a", "--pass", "--auth")
_SECURITY_CUES = _cues("answer", "memorable", "maiden")
_QUESTION_CUES = _cues("question", " q ", " one ")
_WIFI_QR_CUES = _cues("wifi:")
_ARROW_CUES = _cues("sec", "memorable", "pregunta", "respuesta", "question", "ponse secr", "sicherheits", "geheim",
                    "domanda", "risposta", "pergunta", "resposta", "vraag", "pytanie", "fråga", "fraga", "spør", "spor",
                    "sorusu", *_word_cues(_LEX_QUESTION + _LEX_JOINED_QUESTION))
_ARROW_GIVES = _cues("=", "→", "->")
_NETWORK_CUES = _cues("ssid", "network", "wifi", "wi-fi")
_PHRASE_CUES = _cues("phrase", "mnemonic", "words", "frase", "wachtzin", "lösenfras", "satz", "herstelzin", "fraza",
                     *_word_cues(_LEX_PHRASE + _LEX_JOINED_PHRASE))
_FOREIGN_CODE_CUES = _cues("code", "digo", "codice", "kod", "код", "pin")
_PAIR_CUES = _cues(" / ", "admin", "root", "user", "login", "account", "@")
_BEARER_CUES = _cues("bearer", "basic", "token")
_PUBLIC_KEY_CUES = _cues("ssh-", "ecdsa-", "sk-ssh", "sk-ecdsa")
# _CRED_CUES_MORE is looked for after a space: at the very start of the text too
_CRED_STARTS = tuple(cue[1:] for cue in _CRED_CUES_MORE if cue.startswith(" "))


def _alarm_clock(named: str, value: str) -> bool:
    """"the alarm is 0645": an alarm named without a code word or a verb that arms it ("set
    with", "disarm"), and a time of day given without a colon, is the clock's."""
    return ("alarm" in named and ":" not in named and bool(_CLOCK().match(value))
            and not any(word in named for word in ("code", "pin", "combo", "combination", "with", " arm", "disarm")))


def _name_words(name: str) -> list[str]:
    """A variable's name in its words, lower case: "SLACK_BOT_TOKEN", "dbPassword" → […, "token"], […, "password"]."""
    return [part.lower() for part in _NAME_PARTS().findall(name)]


def _secret_name(name: str) -> bool:
    """Does a variable's name say its value is a secret ("PGPASSWORD", "dbPassword",
    "stripeApiKey", "SLACK_BOT_TOKEN")? Not "PWD"/"OLDPWD" (the shell's directories), not a
    public key, not a name that goes on past the word ("TOKEN_EXPIRY", "passwordHint")."""
    parts = _name_words(name)
    if not parts or "public" in parts:
        return False
    last = parts[-1]
    return (last.endswith(_SECRET_NAME_ENDS) or (last == "pwd" and name.lower() not in ("pwd", "oldpwd"))
            or (last == "key" and len(parts) > 1 and parts[-2] in _KEY_QUALIFIERS))


_PIN_VALUE = lazy(r"[\"']?\d{4,8}[\"']?$")


def _pin_name(name: str) -> bool:
    """Does a variable's name end in a PIN's word ("merchant_pin", "cardPin", "PASSCODE")?"""
    return _name_words(name)[-1:] in (["pin"], ["pincode"], ["passcode"])


# what a password is said to be, not what it is: "at least 12", "changed every 90", "in vault 2"
_SAID_OF_PASSWORD = frozenset("""
least most less more than long short length min max minimum maximum every changed changes change expires expire
expired reset rotated updated set same different required needed version page step attempt attempts try tries
""".split())


def _plain_words_password(value: str, rest: str) -> bool:
    """"purple elephant 42": a password of plain words closed by a number, said right after
    the word ("the password is …"); not when a word says something about it ("at least 12",
    "changed every 90", "the same as 2") or a unit follows the number ("… 12 characters")."""
    *words, _number = value.split()
    if any(w in _FUNCTION_WORDS or w in _PROSE_WORDS or w in _SAID_ABOUT or w in _SAID_OF_PASSWORD
           or w in _NOT_VALUE_BEFORE or w in _UNITS for w in words):
        return False
    after = rest.split(None, 1)
    return not (after and after[0].lower().strip(",.;:!?") in _UNITS)


# what a sentence says of a password goes on with a word of these, or ends in a verb's -ing
# or -ed ("is changing next month", "is written under the router"); a passphrase need not
_PHRASE_WORD = lazy(r"[a-z]{3,12}")
_PHRASE_REACH = 8 * 13
_PHRASE_END = lazy(r"[.,;:!?()\[\]\n\"“”]|\s[-–—]\s|$")
# the password word last, then maybe what it opens, then its verb: not "password hint:"
_PASSWORD_NAMED = lazy(r"[\w-]*(?:pass|pw|wort|word)s?(?: (?:for|to|of|on|at|in|4) [^:\n]{1,40}?)?(?:\s*:|\s+(?:is|was))\s*",
                       re.IGNORECASE)


def _plain_phrase(text: str, match) -> int:
    """Where a passphrase of plain words ends, given after a password word and its verb to the
    end of its clause ("the master password for Bitwarden is tangerine ladder quietly
    orbits"): three to eight small words, none a word prose is held together by or one said
    about a password; 0 when the value is no such phrase."""
    if not _PASSWORD_NAMED().fullmatch(text, match.start(), match.start("value")):
        return 0
    start = match.start("value")
    # eight words of twelve letters at most: look no further for where the clause ends (a text
    # of "password is lime password is lime …" is not scanned to its end from every match)
    reach = min(len(text), start + _PHRASE_REACH)
    end = _PHRASE_END().search(text, start, reach).start()
    if end == reach < len(text) and not text[reach].isspace():
        return 0
    words = text[start:end].split()
    if not 3 <= len(words) <= 8 or not all(_PHRASE_WORD().fullmatch(w) for w in words):
        return 0
    if any(w in _FUNCTION_WORDS or w in _PROSE_WORDS or w in _SAID_ABOUT or w in _SAID_OF_PASSWORD
           or w in _NOT_VALUE_BEFORE or w in _UNITS or w.endswith(("ing", "ed")) for w in words):
        return 0
    return start + len(text[start:end].rstrip())


def _strong_given(value: str) -> bool:
    """A value no handle, address or plan's name ("Premium4K") is: a password by its shape
    alone (strong_password), or words joined by dashes or underscores and a number
    ("Tangerine-Skies-2026")."""
    if not _password_shaped(value) or "." in value or "@" in value:
        return False
    return strong_password(value, False) or bool(_WORDS_NUMBER().match(value))


def _a_named_word(text: str, match) -> bool:
    """"the safe-deposit box password at the bank is Heliotrope", "wifi pw: ilovemycat": one
    word, given by "is" or a colon, that ends the clause and is no word said about a password
    ("is Expired", "is weak", "is printed", "is politeness")."""
    value = match.group("value").rstrip(".!?),;")
    word = match.group()[:match.start("value") - match.start()].lower()
    return (("pass" in word or "pw" in word or "wort" in word)
            and _GIVEN_BY().search(text, match.start(), match.start("value")) is not None
            and not _TRANSLATED().search(text, max(0, match.start() - 40), match.start())
            and _a_lone_word(text, match.start("value"), value))


# "the Dutch word for password is wachtwoord": the word in another language, not a password
_TRANSLATED = lazy(r"\b(?:word|term|name|translation|slang|short|abbreviation|german|french|dutch|spanish)"
                   r" (?:for|of) (?:a |the )?$", re.IGNORECASE)


def _sentence_around(text: str, at: int) -> str:
    """The sentence of text that holds the index at: from the last full stop, question or
    exclamation mark, or newline before it, to the next."""
    before = max(text.rfind(mark, 0, at) for mark in ".!?\n")
    after = [found for found in (text.find(mark, at) for mark in ".!?\n") if found >= 0]
    return text[before + 1:min(after) if after else len(text)]


def _a_lone_word(text: str, start: int, value: str) -> bool:
    """Whether value, standing at start in text, is a password of one word: a name ("Vincent",
    capitalised mid-sentence for a reason) or a made-up word of five letters or more that ends
    its clause, not a word prose says about a password (in small letters, an adjective, a
    participle or an abstract noun by its ending: "weak", "printed", "politeness")."""
    low = value.lower()
    titled = _TITLE_WORD().match(value) is not None
    return ((titled or _LOWER_WORD().match(value) is not None) and len(value) >= 5
            and low not in _PROSE_WORDS and low not in _FUNCTION_WORDS and low not in _SAID_ABOUT
            and low not in _SAID_OF_PASSWORD and low not in _PASSWORD_QUALITIES
            and (titled or not low.endswith(_NOT_A_NAME_ENDINGS))
            and _WORD_ENDS().match(text, start + len(value)) is not None)


_LOWER_WORD = lazy(r"^[a-z]{5,24}$")
# how prose goes on about a password: "is weak", "is simple", "is case-sensitive"
_PASSWORD_QUALITIES = frozenset("""
weak strong simple easy hard tough fine okay good bad safe unsafe secure insecure blank empty
wrong right correct valid invalid temporary default private public secret complex tricky obvious
short long lame silly stupid dumb awful great perfect ancient stale gone lost there here
""".split())
# the endings of adjectives, participles and abstract nouns, which a password word seldom has
_NOT_A_NAME_ENDINGS = ("ed", "ing", "ly", "ness", "ity", "tion", "sion", "ment", "ous", "ful", "less", "able",
                       "ible", "ive", "ent", "ant", "ical", "ish", "ary", "ory", "ise", "ize")


_WORD_ENDS = lazy(r"\s*[.,;:!?()\[\]\n\"“”]|\s[-–—]\s|\s+(?:and|but|so|or)\b|\s*$")


def _a_phrase(match, lower: str) -> bool:
    """Whether the value a passphrase's match took is one, not what is said about it."""
    value = match.group("value").rstrip()
    words = value.lower().split()
    if _A_KIND().search(lower, max(0, match.start() - 24), match.start()):
        return False   # "a strong passphrase is four random words": passphrases in general
    if words[0] in _PROSE_WORDS and (len(words) < 3 or words[1] in _PROSE_WORDS
                                     or sum(w in _PROSE_WORDS for w in words[:4]) >= 3):
        return False   # "the passphrase is the same as before" — but "the owl flies at nine" is one
    if words[0] in ("a", "an") and len(words) <= 4:
        return False   # "the passphrase is a weird word": what it is like, not what it is
    if words[0] in _SAID_ABOUT and (len(words) < 3 or words[1] in _SAID_ABOUT or words[1] in _ARTICLES):
        return False   # "is NOT in the cloud" — but "not all who wander are lost" is one
    if _SEED_NAMED().match(match.group()) and not _SEED_FREE.isdisjoint(words):
        return False   # "the seed phrase is stamped on a steel plate": where it is, not what
    return len(words) >= 2 or _value_is_secret(value, strict=True)


def _find(pattern, text: str, held: frozenset, *groups: frozenset):
    """pattern's matches in text; none, and nothing compiled, when held (the cues text holds,
    _CUES.held of it lower-cased) lacks a cue of each group."""
    return pattern().finditer(text) if _CUES.held_all(held, *groups) else ()


def _value_end(match) -> int:
    """Where a prose value ends: a quoted one with its closing quote, a bare one before the
    full stop or bracket that ends its sentence."""
    value = match.group("value")
    if value[:1] in "\"'`":
        return match.end("value")
    return match.start("value") + len(value.rstrip(".!?)"))


# -- values that say what they are by their shape alone, wherever they stand -------------

# A run without spaces, bounded (a longer one is no single password), holding a digit or a
# symbol (every shape below does).
_LONG_TOKEN = lazy(r"(?<!\S)(?=\S{0,79}[\d!#$%&@^~*])\S{8,80}(?!\S)")
_STRONG_SYMBOLS = frozenset("!#$%&@^~")   # not * or ?: a glob ("heldout4_*.txt") is no password
# a capitalised word (or two run together) and a year: "Biscuit2021", "LittleFoxes2023!"
_WORD_YEAR = lazy(r"^[A-Z][a-z]{2,}(?:[A-Z][a-z]{2,})?[_.-]?(?:19|20)\d\d[!#$%&@^~]?$")
# words joined by underscores, a capital among them, and a number: "Kazoo_Band_12"
_WORDS_NUMBER = lazy(r"^(?=[^_]*[A-Z])[A-Za-z][a-z]+(?:_[A-Za-z][a-z]+){1,3}_\d{1,4}$"
                     r"|^(?=[^-]*[A-Z])[A-Za-z][a-z]{2,}(?:-[A-Za-z][a-z]{2,}){1,4}-\d{1,4}$")
# a word with a digit for a letter inside it ("Sup3r", "S3cret"): two in a token are a password
# a credential word said of all of its kind: "a strong passphrase is…", "the most common PINs"
_GENERAL = lazy(r"(?:\bmost|\bthe (?:most )?(?:common|popular|usual|typical|default|weakest|worst|easiest))(?: [a-z-]+)? $")
# …and a passphrase said with "a" ("a strong passphrase is …"); not for codes: the Hungarian "a" is "the"
_A_KIND = lazy(r"\ban?(?: [a-z-]+)? $")
_LEET_WORD = lazy(r"(?<![A-Za-z0-9])[A-Za-z][a-z]{0,6}\d[a-z]{1,6}(?![A-Za-z0-9])")
_EMAILISH = lazy(r"[\w.+-]+@[\w-]+\.\w")
# a service's token: a short lower-case prefix, maybe a version, then 32+ hex ("dop_v1_5ab1…")
_PREFIXED_HEX = lazy(r"(?<![\w-])[a-z]{2,10}_(?:[a-z0-9]{1,6}_)?[0-9a-f]{32,128}(?![\w-])")


_LEET_DIGIT = lazy(r"(?<=[A-Za-z])\d(?=[A-Za-z])")   # a digit for a letter: "C0rgi"


def strong_password(token: str, credential_talk: bool) -> bool:
    """A password by its shape: a word broken by a symbol and holding a digit ("Moana!Waves3",
    "Tiramisu#8") wherever it stands; in a text that talks of credentials anywhere
    (credential_talk), also a capitalised word and a year ("Biscuit2021" — alone it could be
    "Office2019") and words joined by underscores with a capital and a number
    ("Kazoo_Band_12"). Not a URL, an e-mail address, a path, a handle or a hashtag, and not a
    name holding "pass" (a password manager: "1Password", "KeePass"). token comes trimmed of
    the quotes and brackets around it (_trimmed)."""
    if "://" in token:
        return False
    token = token.rpartition(":")[2]   # "db.local:5432:*:postgres:pg-Sup3r-S3cret", "python@sha256:3c1e…"
    if not 8 <= len(token) <= 64 or token[0] in "@#$~" or "/" in token or "\\" in token:
        return False
    if "pass" in token.lower() or _EMAILISH().search(token):
        return False
    if (_WORD_YEAR().match(token) and token[-1] in _STRONG_SYMBOLS) or len(_LEET_WORD().findall(token)) >= 2 \
            or (token[-1] in _STRONG_SYMBOLS and len(_LEET_DIGIT().findall(token)) >= 2):
        return True   # "Bruno1987!", "pg-Sup3r-S3cret", "C0rgiC0rgi!!"
    if credential_talk and (_WORD_YEAR().match(token) or _WORDS_NUMBER().match(token)):
        return True
    inner = token[1:-1].rstrip("!?")
    return (any(c in _STRONG_SYMBOLS for c in inner) and any(c.isdigit() for c in token)
            and sum(c.isalpha() for c in token) >= 3 and all(c.isalnum() or c in _STRONG_SYMBOLS or c in "_-." for c in token))


def _trimmed(token: str) -> tuple[int, str]:
    """(how many characters open it, the token) without the quotes, brackets and markup
    around it."""
    left = len(token) - len(token.lstrip("([\"'“«*_`"))
    return left, token[left:].rstrip(".,;:)]\"'”»*_`")


def _shape_spans(text: str, credential_talk: bool):
    """(start, end, kind) of what its shape says is a secret (see above)."""
    if not text.isspace() and max(map(len, text.split()), default=0) >= 8:
        for match in _LONG_TOKEN().finditer(text):
            left, value = _trimmed(match.group())
            if value and strong_password(value, credential_talk):
                yield match.start() + left, match.start() + left + len(value), "password"
    if "_" in text:
        for match in _PREFIXED_HEX().finditer(text):
            yield match.start(), match.end(), "token"


_MASKED = lazy(r"[\W_]*(?:[*•●·xX#]{3,}|[*•●·]+)[\W_]*\Z")


def _spans(text: str) -> list[tuple[int, int, str]]:
    """(start, end, kind) of every secret, non-overlapping, in order."""
    found: list[tuple[int, int, str]] = []   # sorted, never overlapping: each add looks at its neighbours

    def add(start: int, end: int, kind: str) -> None:
        if end <= start or _MASKED().match(text, start, end):
            return   # "Passwort: ********": a value blanked out is none
        right = bisect.bisect_left(found, (end,))
        left = right
        while left > 0 and found[left - 1][1] > start:
            left -= 1
        overlapping = found[left:right]
        # a span that holds every one it overlaps replaces them ("8391 0274 5519 3826" over
        # "8391 0274 5519"); otherwise the first found stands
        if any(not k or s < start or e > end or (s, e) == (start, end) for s, e, k in overlapping):
            return
        found[left:right] = [(start, end, kind)]

    card_runs: list[tuple[int, int]] = []   # every card-shaped run, filled below

    def with_learned() -> list[tuple[int, int, str]]:
        # what the patterns found stands; the model adds the words they left, but not a
        # shape the patterns judge by rules of their own
        for start, end in secret_model.spans(text):
            at = bisect.bisect_left(found, (end,))
            if (at and found[at - 1][1] > start) or _NOT_LEARNED().search(text[start:end]):
                continue
            if not any(s <= start and end <= e for s, e in card_runs):
                found.insert(at, (start, end, "learned"))
        return sorted(span for span in found if span[2])

    lower = text.lower()
    held = _CUES.held(lower)
    longest = max(map(len, text.split()), default=0)   # the longest run without a space
    for match in _find(_MARKER_RE, text, held, _MARKER_CUES):  # already redacted: nothing in a marker is new
        found.append((match.start(), match.end(), ""))   # in order, apart: found stays sorted
    for match in _find(_PRIVATE_KEY, text, held, _PRIVATE_KEY_CUES):
        add(match.start(), match.end(), "private-key")
    for kind, pattern, cues in _SPECIFIC if longest >= _SPECIFIC_SHORTEST else ():
        for match in _find(pattern, text, held, cues):
            add(match.start(), match.end(), kind)
    for match in _find(_URL_CREDENTIALS, text, held, _SCHEME_CUES, _AT_CUES):
        value = match.group("value")
        if not _MARKER_RE().fullmatch(value) and value.lower() not in _PLACEHOLDERS:
            add(match.start("value"), match.end("value"), "url-credentials")
    for match in _find(_QUERY_SECRET, text, held, _EQUALS_CUES):
        name = match.group("name").lower().replace("-", "").replace("_", "")
        if name not in _QUERY_NAMES or (name in _QUERY_NAMES_STRICT and match.group("value").isdigit()):
            continue
        if not _MARKER_RE().match(match.group("value")):
            add(match.start("value"), match.end("value"), "token")
    for pattern, strict in ((_ASSIGNMENT, False), (_PROSE, True)):
        for match in _find(pattern, text, held, _KEY_CUES):
            value = match.group("value")
            if _value_is_secret(value, strict):
                add(match.start("value"), match.end("value"), "password")
    for match in _find(_NAMED_ASSIGNMENT, text, held, _KEY_CUES):
        value = match.group("value")
        if _secret_name(match.group("name")) and value[:1] not in "/~" and _value_is_secret(value, strict=False):
            add(match.start("value"), match.end("value"), "password")
        elif _pin_name(match.group("name")) and _PIN_VALUE().match(value):
            add(match.start("value"), match.end("value"), "code")   # "merchant_pin": "6640", not "gpio_pin = 17"
    for match in _find(_WORDS_NUMBER_SAID, text, held, _BARE_CUES, _DIGITS):
        if _plain_words_password(match.group("value"), text[match.end():]):
            add(match.start("value"), match.end("value"), "password")
    for match in _find(_BARE, text, held, _BARE_CUES):
        value = match.group("value").rstrip(".!?)")
        if (any(c.isdigit() for c in value) and any(c.isalpha() for c in value) and "(" not in value) or (
                # "wifi pw ilovemycat": an abbreviation prose does not make compounds of
                match.group("pre").split()[0].lower() in ("pw", "pwd", "passwd")
                and _a_lone_word(text, match.start("value"), value)):
            add(match.start("value"), match.start("value") + len(value), "password")
    for match in itertools.chain(_find(_CODE_SAID, text, held, _DIGITS, _CODE_CUES),
                                 _find(_PUNCHED, text, held, _DIGITS, _PUNCHED_CUES)):
        if not _other_code(text, match.start()) and not _alarm_clock(lower[match.start():match.start("code")],
                                                                          match.group("code")) \
                and not _AMOUNT_BEFORE().search(lower, max(0, match.start("code") - 24), match.start("code")):   # "… for transfers over 2500"
            add(match.start("code"), match.end("code"), "code")   # not "zip code on the invoice: 94110"
    for match in _find(_WORD_SAID, text, held, _WORD_CUES):
        value = match.group("value")
        phrase_end = _plain_phrase(text, match)
        if phrase_end:
            add(match.start("value"), phrase_end, "password")
        elif _value_is_secret(value, strict=True) or (
                _SECRET_WORD().match(match.group()) and value.isalpha() and value.lower() not in _PROSE_WORDS
                and _GIVEN_BY().search(text, match.start(), match.start("value"))) or _a_named_word(text, match):
            end = _value_end(match)
            add(match.start("value"), end, "password")
            named = text[match.start():match.start("value")].rstrip(" :=-").lower()
            if _PLURAL_CODES().search(named):
                for more in _MORE_CODES().finditer(text, end):   # "backup codes 5821 3047 9012"
                    if more.start() != end:
                        break
                    add(more.start("value"), more.end("value"), "password")
                    end = more.end()
    for match in _find(_UNLOCKS_WITH, text, held, _UNLOCKS_CUES, _DIGITS):
        name = match.lastgroup
        value = match.group(name).rstrip(".!?)")
        if name == "login" and _KEY_FILE().search(value):
            continue
        if name == "digits":
            add(match.start(name), match.end(name), "code")
        elif _password_shaped(value) and any(c.isdigit() for c in value) and not value[:1].isdigit():
            add(match.start(name), match.start(name) + len(value), "password")
    for match in _find(_PGPASS, text, held, _PGPASS_CUES):
        if _value_is_secret(match.group("value"), strict=False):
            add(match.start("value"), match.end("value"), "password")
    for match in _find(_SERVICE_SAID, text, held, _SERVICE_CUES):
        value = match.group("value").rstrip(".!?)")
        if _strong_given(value):
            add(match.start("value"), match.start("value") + len(value), "password")
    for match in _find(_KEY_GIVEN, text, held, _KEY_GIVEN_CUES):
        value = match.group("value")
        if _classes(value) >= 3 and not any(c in value for c in "()<>") and "://" not in value \
                and "{{" not in value and "${" not in value and not _MARKER_RE().search(value):
            add(match.start("value"), match.end("value"), "password")
    for match in _find(_USER_SECRET, text, held, _USER_SECRET_CUES):
        value = match.group("value").rstrip(".!?)")
        if _password_shaped(value) and _classes(value) >= 3:
            add(match.start("value"), match.start("value") + len(value), "password")
    for match in _find(_ONE_SAID, text, held, _ONE_CUES, _ONE_ACCOUNT_CUES):
        name = match.lastgroup if match.group("before") is None else "before"
        value = match.group(name).rstrip(".!?)")
        # "Kilowatt_Karen": words joined are a password where an account's "one" is given
        joined = name == "after" and len(value) >= 8 and _WORDS_JOINED().match(value) is not None
        if (_password_shaped(value) or joined) and sum(c.isalpha() for c in value) >= 3 and "." not in value:
            add(match.start(name), match.start(name) + len(value), "password")
    for match in _find(_CURL_USER, text, held, _CURL_CUES, _CURL_TOOL_CUES):
        add(match.start("value"), match.end("value"), "password")
    for match in _find(_CLI_PASSWORD, text, held, _CLI_CUES):
        if _value_is_secret(match.group("value"), strict=False):
            add(match.start("value"), match.end("value"), "password")
    for match in _find(_SECURITY_ANSWER, text, held, _SECURITY_CUES):
        value = match.group("value")
        first = value.split()[0].lower().removesuffix("n't").removesuffix("n’t")
        if _value_is_secret(value, strict=False) and first not in _PROSE_WORDS and first not in _FUNCTION_WORDS:
            end = _value_end(match)
            add(match.start("value"), end, "password")
    for match in _find(_ANSWER_SAID, text, held, _ANSWER_SUBJECT_CUES, _ANSWER_CUES):
        if match.group("value").split()[0].lower() not in _PROSE_WORDS:   # "… is The Same as the bank's"
            add(match.start("value"), match.end("value"), "password")
    for match in _find(_QUESTION_ANSWERED, text, held, _QUESTION_CUES):
        if _ASKED_OF_YOU().search(match.group("question")) or _password_shaped(match.group("value")):
            add(match.start("value"), match.end("value"), "password")
    for match in _find(_QUOTED_QUESTION, text, held, _SECURITY_CUES):
        # a question put to "you", or any answered with a value shaped as a password
        # ("the answer to "city where my parents met" is Groningen1979")
        if _ASKED_OF_YOU().search(match.group("question")) or _password_shaped(match.group("value")):
            add(match.start("value"), match.end("value"), "password")
    for match in _find(_PERIPHRASIS, text, held, _PERIPHRASIS_CUES, _PERIPHRASIS_DOES):
        value = match.group("value").rstrip(".!?)")
        if match.group("plain") and not (_a_lone_word(text, match.start("value"), value.rstrip(",;"))
                                         or _value_is_secret(value, strict=True)):
            continue
        if value.lower() not in _PROSE_WORDS and value.lower() not in _FUNCTION_WORDS and len(value) >= 3:
            add(match.start("value"), match.start("value") + len(value), "password")
    for match in _find(_ITS_FOR, text, held, _ITS_CUES, _DIGITS):
        value = match.group("value")
        if _password_shaped(value) and any(c.isdigit() for c in value) and sum(c.isalpha() for c in value) >= 3 \
                and not _MODEL_NUMBER().match(value):
            add(match.start("value"), match.end("value"), "password")
    for match in _find(_SAFE_WORD, text, held, _SAFE_WORD_CUES, _SAFE_WORD_WHO):
        value = match.group("value").rstrip(".!?)")
        # whoever collects or rings may be named anywhere in the sentence
        if not match.group("duress") and not _PICKS_UP().search(_sentence_around(text, match.start())):
            continue   # (a duress word is a password wherever it is said)
        phrase = _SHORT_PHRASE().match(text, match.start("value"))   # "… we sent them: blue lobster"
        if phrase and match.group("pickup") and any(
                word in _PROSE_WORDS or word in _FUNCTION_WORDS or word in _SAID_ABOUT for word in phrase.group().lower().split()):
            continue   # "the pick-up password is on the app"
        if phrase:
            add(phrase.start(), phrase.end(), "password")
        elif _a_lone_word(text, match.start("value"), value) or _value_is_secret(value, strict=True):
            add(match.start("value"), match.start("value") + len(value), "password")
    for match in _find(_XML_SECRET, text, held, _XML_CUES, _KEY_CUES):
        if _secret_name(match.group("tag").rpartition(":")[2].replace("-", "_")) \
                and _value_is_secret(match.group("value"), strict=False):   # not "<password-policy>"
            add(match.start("value"), match.end("value"), "password")
    for match in _find(_APP_PASSWORD, text, held, _APP_PASSWORD_CUES):
        add(match.start("value"), match.end("value"), "password")
    for match in _find(_WIFI_QR, text, held, _WIFI_QR_CUES):
        add(match.start("value"), match.end("value"), "password")
    for match in _find(_SECURITY_ARROW, text, held, _ARROW_CUES, _ARROW_GIVES):
        value = match.group("value").rstrip()
        if value.split()[0].lower() not in _PROSE_WORDS:   # "sec q options = all boring"
            add(match.start("value"), match.start("value") + len(value), "password")
    for match in _find(_NETWORK_KEY, text, held, _NETWORK_CUES):
        value = match.group("value")
        if _value_is_secret(value, strict=True):
            end = _value_end(match)
            add(match.start("value"), end, "password")
    for match in _find(_PHRASE_SAID, text, held, _PHRASE_CUES):
        if _a_phrase(match, lower):
            add(match.start("value"), match.start("value") + len(match.group("value").rstrip()), "password")
    for match in _find(_OPENS_WITH_PHRASE, text, held, _OPENS_WITH_CUES, _UNLOCKS_CUES):
        words = [word.strip("'\"()!?").lower() for word in match.group("value").split()]
        if len(words) >= 3 and _FUNCTION_WORDS.isdisjoint(words) and _ARTICLES.isdisjoint(words):
            # random words hold no "the", "and" or "just": "opens with a double click" is how
            add(match.start("value"), match.start("value") + len(match.group("value").rstrip()), "password")
    for match in _find(_UNLOCK_SAID, text, held, _OPENS_WITH_CUES):
        value = match.group("value").rstrip(".,")
        if _value_is_secret(value, strict=True):
            add(match.start("value"), match.start("value") + len(value), "password")
    for match in _find(_FOREIGN_SAID, text, held, _FOREIGN_CUES):
        # no grammar of each language: the first word of the clause that is password-shaped
        said = False
        for token in _TOKEN().finditer(match.group("rest")):
            value = token.group().rstrip(".!?),;:")
            if _value_is_secret(value, strict=True) and not _DATE_LIKE().match(value) and (
                    not _joined_words(value) or (said and ("-" in value or "_" in value))):   # "… c'est lavande-et-miel"
                start = match.start("rest") + token.start()
                add(start, start + len(value), "password")
                break
            said = value.lower() in _IS_WORDS
            if token.group()[-1:] in ".;?!":
                break   # the clause ended
    for match in _find(_FOREIGN_CODE, text, held, _FOREIGN_CODE_CUES, _DIGITS):
        if not _other_code(text, match.start()) and not _AMOUNT_BEFORE().search(
                lower, max(0, match.start("code") - 24), match.start("code")):
            # "le code de la route a changé en 2024", "… for transfers over 2500"
            add(match.start("code"), match.end("code"), "code")
    more = _CUES.held_all(held, _CRED_CUES_MORE) or lower.startswith(_CRED_STARTS) or (
        not text.isascii() and _CUES.held_all(held, _CRED_CUES_SCRIPTS))
    # the lexicon's cues are its words, short ones among them: it is credential talk only when
    # a word is there, not when a cue is ("ovi" in "provide")
    lexicon = list(_LEXICON_WORD().finditer(text)) if (
        _CUES.held_all(held, _LEXICON_CUES) or lower.startswith(_LEXICON_STARTS)) else []
    credential_talk = more or bool(lexicon) or _CUES.held_all(held, _CRED_CUES)
    if credential_talk:
        for start, end, kind in _clause_spans(text, more, lexicon):
            add(start, end, kind)
    if longest >= 4 and _CUES.held_all(held, _TOTP_CUES, _DIGITS):
        for start, end, kind in _totp_spans(text, lower):
            add(start, end, kind)
    if _CUES.held_all(held, _SEED_CUES):
        for start, end, kind in _seed_spans(text, lower):
            add(start, end, kind)
    for match in _find(_PAIR, text, held, _PAIR_CUES):
        value = match.group("value").rstrip(".!?)")
        if _value_is_secret(value, strict=True) and any(c.isdigit() for c in value) and _classes(value) >= 2 \
                and not _HEX_KEY().match(value):   # "python@sha256:3c1e…": an image's digest
            add(match.start("value"), match.start("value") + len(value), "password")
    for start, end, kind in _shape_spans(text, credential_talk):
        add(start, end, kind)
    cards = () if sum(map(str.isdigit, text)) < 13 else _CARD().finditer(text)
    fuel = "fuel" in lower   # once: a text of thousands of card numbers is searched once, not per card
    for match in cards:
        card_runs.append(match.span())   # Luhn's or not: a card's digits are the card rule's
        if _is_card(match.group(), fuel=fuel):
            add(match.start(), match.end(), "card")
            after = _AFTER_CARD().match(text, match.end())
            if after:
                code = after.lastgroup
                add(after.start(code), after.end(code), "code")
    for match in _find(_BEARER, text, held, _BEARER_CUES):
        if _classes(match.group("value")) >= 2 and any(c.isdigit() for c in match.group("value")):
            add(match.start("value"), match.end("value"), "token")
    if longest < 20:
        return with_learned()   # no run long enough to be random
    url_matches = list(_URL().finditer(text))
    for match in url_matches:
        if "hook" in match.group().lower() or "/key/" in match.group():
            for part in _URL_PART().finditer(match.group()):
                if _looks_random(part.group()):
                    add(match.start() + part.start(), match.start() + part.end(), "token")
    urls = sorted([(m.start(), m.end()) for m in url_matches]
                  + [(m.start(), m.end()) for m in _find(_PUBLIC_KEY, text, held, _PUBLIC_KEY_CUES)])
    url_ends = list(itertools.accumulate((e for _s, e in urls), max))   # the furthest any URL so far reaches
    for match in _CANDIDATE().finditer(text):
        start = match.start()
        inside = bisect.bisect_right(urls, (start, float("inf")))   # the URLs that start at or before it
        if inside and url_ends[inside - 1] > start:
            continue
        if _looks_random(match.group()) and not text[max(0, start - 7):start].upper().endswith(_FINGERPRINTS):
            add(start, match.end(), "token")
    return with_learned()


# What the learned model may not take, whatever its score: a date, a time or a version; a
# name given a value (NAME=value: the assignment patterns judge it), an e-mail, a path, a URL or
# a domain; and (above) a group of a card's digits, which the card rule judges by Luhn.
_NOT_LEARNED = lazy(r"^(?:\d{1,4}([-/.])\d{1,2}\1\d{1,4}|\d{1,2}[:h]\d{2}|v?\d+(?:\.\d+)+)$|[=@/]|://|^www\.|\.[A-Za-z]{2,4}$")


def _judged(text: str) -> tuple[str, list[tuple[int, int, str]]]:
    """(the form of text that is judged, its secrets' spans): its folded form when that
    holds a secret (a key hidden in full-width characters, "p a s s w o r d: x"), else text."""
    folded = skeleton(text)
    if folded != text:
        spans = _spans(folded)
        if spans:
            return folded, _with_repeats(folded, spans)
    return text, _with_repeats(text, _spans(text))


def _with_repeats(text: str, spans: list[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
    """spans, and each value found said again elsewhere in text as a whole word ("wants
    seven three zero five, so seven three zero five if you read it out"): the same secret.
    The first _REPEATS_LOOKED_UP distinct values are looked for, each in one pass: a text
    of thousands of codes costs a bounded number of passes, not one per code."""
    values: dict[str, str] = {}
    for start, end, kind in spans:
        value = text[start:end]
        if len(value) >= 4 and value not in values:   # shorter would hit ordinary words elsewhere
            values[value] = kind
            if len(values) == _REPEATS_LOOKED_UP:
                break
    found = []
    for value, kind in values.items():
        at = text.find(value)
        while at >= 0:
            stop = at + len(value)
            if not (text[at - 1:at].isalnum() or text[stop:stop + 1].isalnum()):
                found.append((at, stop, kind))
            at = text.find(value, stop)
    if not found:
        return spans
    # what the rules found stands (sorted, apart); a repeat only where nothing else is
    out = list(spans)
    ends = [end for _start, end, _kind in spans]
    last = -1   # the end of the last repeat kept (found is in order for each value, not across them)
    for start, end, kind in sorted(found):
        at = bisect.bisect_right(ends, start)   # the first span that ends after this one starts
        if start >= last and (at == len(spans) or spans[at][0] >= end):
            out.append((start, end, kind))
            last = end
    return sorted(out)


_REPEATS_LOOKED_UP = 16


def redact(text: str) -> tuple[str, int]:
    """Replace every secret-shaped string by "[redacted:<kind>]"; returns (text, how many)."""
    if not text:
        return text, 0
    text, spans = _judged(text)
    if not spans:
        return text, 0
    out, last = [], 0
    for start, end, kind in spans:
        out.append(text[last:start])
        out.append(MARKER.format(kind))
        last = end
    out.append(text[last:])
    return "".join(out), len(spans)


def redact_together(*texts: str) -> tuple[list[str], int]:
    """Redact texts as one: a secret found in any of them is redacted in all of them,
    wherever it is repeated — a reply that quotes the owner's password without the words
    that gave it away ("wifi password hunter2hunter2") keeps it no better than the owner's
    "my wifi password is hunter2hunter2". Returns (the texts redacted, how many)."""
    done = [redact(text) for text in texts]
    values: dict[str, str] = {}
    for text, (_, count) in zip(texts, done):
        if not count:   # nothing found: no span to look up again (the common case costs one scan)
            continue
        for form in {text, skeleton(text)}:
            for start, end, kind in _spans(form):
                value = form[start:end]
                # the same secret repeated without the quotes or the full stop it came with
                for found in (value, value.rstrip(".!?),;:").strip("\"'`")):
                    if len(found) >= 4:   # shorter would hit ordinary words elsewhere
                        values.setdefault(found, kind)
    longest_first = sorted(values.items(), key=lambda item: -len(item[0]))
    out, total = [], 0
    for cleaned, count in done:
        for value, kind in longest_first:
            if value in cleaned:
                count += cleaned.count(value)
                cleaned = cleaned.replace(value, MARKER.format(kind))
        out.append(cleaned)
        total += count
    return out, total


def looks_secret(text: str) -> str | None:
    """The kind of the first secret-shaped string in text, or None."""
    if not text:
        return None
    spans = _judged(text)[1]
    return spans[0][2] if spans else None


def redact_obj(obj):
    """Every string inside a JSON-like object (keys too) redacted, together: a secret one
    field gives away is redacted where another field repeats it. Returns (object, count)."""
    strings: list[str] = []

    def collect(item):
        if isinstance(item, str):
            strings.append(item)
        elif isinstance(item, list):
            for value in item:
                collect(value)
        elif isinstance(item, dict):
            for key, value in item.items():
                collect(key)
                collect(value)

    collect(obj)
    cleaned, total = redact_together(*strings)
    replacements = iter(cleaned)

    def rebuild(item):
        if isinstance(item, str):
            return next(replacements)
        if isinstance(item, list):
            return [rebuild(value) for value in item]
        if isinstance(item, dict):
            result = {}
            for key, value in item.items():
                new_key = rebuild(key)   # before its value: the order collect read them in
                result[new_key] = rebuild(value)
            return result
        return item

    return rebuild(obj), total
