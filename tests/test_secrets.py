"""util/secrets.py: what it catches, what it leaves alone, and the measured rates."""
import os
import sys

import pytest

from conftest import ROOT
from shelldon.util import linear_model, secret_model
from shelldon.util.secrets import looks_secret, redact, redact_obj, shannon_entropy

sys.path.insert(0, str(ROOT / "bench"))
import secrets_rate  # noqa: E402

# measured per held-out split; the target is 0 (test_heldout_secrets_at_target)
HELDOUT_SECRETS_STORED = {"heldout": 0, "heldout2": 0, "heldout3": 0, "heldout4": 0, "heldout5": 0, "heldout6": 1,
                          "heldout7": 3, "heldout8": 1,
                          "heldout9": 1, "heldout10": 1, "heldout11": 0, "heldout12": 0, "heldout13": 0,
                          "heldout14": 1, "heldout15": 0, "heldout16": 0, "heldout17": 2, "heldout18": 0, "heldout19": 0,
                          "heldout20": 0, "heldout21": 2, "heldout22": 0,
                          "heldout23": 0, "heldout24": 0, "heldout25": 1,
                          "heldout26": 0, "heldout27": 1, "heldout28": 0,
                          "heldout29": 6, "heldout30": 3, "heldout31": 2,
                          "heldout32": 3, "heldout33": 1, "heldout34": 3, "heldout35": 0,
                          "heldout36": 2, "heldout37": 1,
                          "heldout38": 4, "heldout39": 0,
                          "heldout40": 1, "heldout41": 0,
                          "heldout42": 5, "heldout43": 1,
                          "heldout44": 4, "heldout45": 1,
                          "heldout46": 3, "heldout47": 0,
                          "heldout48": 8, "heldout49": 0}
HELDOUT = list(HELDOUT_SECRETS_STORED)
# the splits that miss the 0-stored target (each read since its clean figure; what is left
# is listed in docs/RELIABILITY.md)
NOT_MET = pytest.mark.xfail(strict=True, reason="target not met: see docs/RELIABILITY.md, held-out figures")
HELDOUT_MARKED = [pytest.param(split, marks=NOT_MET) if HELDOUT_SECRETS_STORED[split] else split for split in HELDOUT]


@pytest.mark.parametrize("text, kind", [
    ("my key AKIAQWERTYUIOP123456 ok", "aws-key"),
    ("ASIA1234567890ABCDEF", "aws-key"),
    ("ghp_" + "a1B2c3D4e5" * 4, "github-token"),
    ("github_pat_11ABCDEFG0123456789abcdef_xyz", "github-token"),
    ("xoxb-123456789012-1234567890123-abcdefABCDEF123456", "slack-token"),
    ("sk-proj-abcDEF123ghiJKL456mnoPQR789", "api-key"),
    ("sk-" + "Zx9" * 12, "api-key"),
    ("eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U", "jwt"),
    ("-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA\n-----END RSA PRIVATE KEY-----", "private-key"),
    ("-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA (cut off)", "private-key"),
    ("password: hunter2!", "password"),
    ("passwd=s3cr3tPass", "password"),
    ('api_key="abcd1234efgh"', "password"),
    ("my wifi password is Tr0ub4dor&3", "password"),
    ("postgres://app:Xy7pQ2rT9@db.local/pets", "url-credentials"),
    ("backup code 8fJ2kQ9xLm3Zp7Rt5Wv1Yb4N", "password"),   # a named backup code: its value, whatever it looks like
    # credentials in prose and shorthand, codes, empty-user URLs, cards, spelled out
    ("pw for the tablet: Koala-77x", "password"),
    ("the code to the shed is 8213", "code"),
    ("login for the printer page: admin / Pr1nt!ng", "password"),
    ("pin 4471", "code"),
    ("wifi key Lantern-42-Oslo", "password"),
    ("garage door code: 5520#", "code"),
    ("redis://:Vq8rTz2mWx@cache.lan:6379/0", "url-credentials"),
    ("card 4111 1111 1111 1111", "card"),
    ("card 4111-1111-1111-1111", "card"),
    ("p a s s w o r d : hunter2hunter2", "password"),
])
def test_catches_each_kind(text, kind):
    assert looks_secret(text) == kind
    out, count = redact(text)
    assert count >= 1 and f"[redacted:{kind}]" in out


@pytest.mark.parametrize("text", [
    "I need to reset my password tomorrow",
    "password: forgotten again, will reset it",
    "the commit was 3f9a2c7e1b4d5a6f7e8d9c0b1a2f3e4d5c6b7a89",
    "device 3fa85f64-5717-4562-b3fc-2c963f66afa6",
    "https://docs.google.com/document/d/1BxiMVs0XRA5nFMdKvBdBZjgmUUqptlbs74OgvE2upms/edit",
    "call 0161 496 0732 or +351 912 345 678",
    "calculate_daily_food_portion_for_large_breeds",
    "api_key = os.environ.get('API_KEY')",
    "password = getpass.getpass('Password: ')",
    "password: $DB_PASSWORD",
    "Rex weighs 31.4 kg; order ORD-2024-11-30-88412",
])
def test_leaves_ordinary_text_alone(text):
    assert looks_secret(text) is None
    assert redact(text) == (text, 0)


def test_key_stays_value_goes():
    out, count = redact("user: ana\npassword: Tr0ub4dor&3\nport: 22")
    assert out == "user: ana\npassword: [redacted:password]\nport: 22" and count == 1


def test_redact_is_idempotent_and_leaves_no_secret():
    for row in secrets_rate.load_secrets():
        once, n = redact(row["text"])
        assert n >= 1
        assert redact(once) == (once, 0)
        assert looks_secret(once) is None


def test_fullwidth_key_is_caught():
    hidden = "".join(chr(ord(c) + 0xFEE0) for c in "AKIAQWERTYUIOP123456")
    assert looks_secret(hidden) == "aws-key"
    assert "[redacted:aws-key]" in redact(hidden)[0]


def test_redact_obj_walks_json():
    obj, count = redact_obj({"op": "remember", "content": ["x", "AKIAQWERTYUIOP123456"]})
    assert obj == {"op": "remember", "content": ["x", "[redacted:aws-key]"]} and count == 1


def test_entropy():
    assert shannon_entropy("") == 0 and shannon_entropy("aaaa") == 0
    assert abs(shannon_entropy("abcd") - 2.0) < 1e-9


def test_rates_on_the_fixtures():
    """The issue's targets, on >= 150 secrets and >= 300 ordinary notes."""
    r = secrets_rate.rates()
    assert r["secrets"] >= 150 and r["notes"] >= 300
    assert r["caught"] / r["secrets"] >= 0.99, r["missed"]
    assert len(r["flagged"]) / r["notes"] <= 0.01, r["flagged"]


def test_rate_script_prints_the_rates():
    import subprocess
    result = subprocess.run([sys.executable, str(ROOT / "bench" / "secrets_rate.py")],
                            capture_output=True, text=True, env={**os.environ})
    assert result.returncode in (0, 1), result.stderr
    assert "secrets caught:" in result.stdout and "notes flagged:" in result.stdout
    for split in secrets_rate.SPLITS:
        assert f"{split:<9} secrets stored:" in result.stdout and "look-alikes refused:" in result.stdout


@pytest.mark.parametrize("text", [
    "the password reset worked",
    "I changed my PIN today",
    "call 0161 496 0732",
    "born 2019-04-17",
    "order 4471-2291-8830",
    "card 4111 1111 1111 1112",        # fails the Luhn check
    "the code to the shed is on the fridge",
    "pin the note to the fridge",
])
def test_look_alikes_pass(text):
    assert looks_secret(text) is None


def test_luhn():
    from shelldon.util.secrets import luhn_ok
    assert luhn_ok("4111111111111111") and luhn_ok("378282246310005")
    assert not luhn_ok("4111111111111112")


def test_dev_split_at_100_percent():
    """The split the patterns are tuned on: every secret caught, no look-alike refused."""
    s = secrets_rate.split_rates("dev")
    assert s["secrets"] >= 40 and s["benign"] >= 40
    assert s["stored"] == [], s["stored"]
    assert s["refused"] == [], s["refused"]


# the splits whose look-alikes miss the 1-in-40 target, as first measured (docs/RELIABILITY.md)
LOOK_ALIKES_NOT_MET = {"heldout49"}


@pytest.mark.parametrize("split", [pytest.param(split, marks=NOT_MET) if split in LOOK_ALIKES_NOT_MET else split
                                   for split in HELDOUT])
def test_heldout_look_alikes_at_target(split):
    """Held out (never tuned on): at most 1 in 40 look-alikes refused."""
    s = secrets_rate.split_rates(split)
    assert s["secrets"] >= 40 and s["benign"] >= 40
    assert len(s["refused"]) <= s["benign"] // 40, s["refused"]


@pytest.mark.parametrize("split", HELDOUT)
def test_heldout_secrets_no_worse_than_measured(split):
    """What each held-out split measured when the gate was last changed (docs/RELIABILITY.md):
    a change that lets more through fails here."""
    assert len(secrets_rate.split_rates(split)["stored"]) <= HELDOUT_SECRETS_STORED[split]


@pytest.mark.parametrize("split", HELDOUT_MARKED)
def test_heldout_secrets_at_target(split):
    assert secrets_rate.split_rates(split)["stored"] == []


# the sixth round: what each widened kind takes, and what stresses it without being a secret
SIXTH_ROUND_TAKES = [
    ("the door code at the studio is 39C72 since the landlord changed it", "39C72"),
    ("the keybox for the cottage is set to 6604", "6604"),
    ("la caja fuerte del apartamento se abre con 0915", "0915"),
    ("so it's Tulip-7Garden now, for the ebay account — I'll forget it otherwise", "Tulip-7Garden"),
    ("log into the router with Ostrich!94 if the internet drops again", "Ostrich!94"),
    ("Lizenzschlüssel Office: KX-7781-PLQZ-0091", "KX-7781-PLQZ-0091"),
    ("the wallet's private key, don't lose it: " + "4f1c9a7e2b8d0c6f" * 4, "4f1c9a7e2b8d0c6f"),
    ("the router's pre-shared key is Hq7vRz2mWc9pLx4T", "Hq7vRz2mWc9pLx4T"),
    ("the garage: key in 7734 and wait for the beep", "7734"),
    ("the app asks your first pet's name — I went with Pickles", "Pickles"),
    ("security questions for the pension: favourite teacher is Mrs Okafor", "Mrs Okafor"),
    ("la Passphrase lautet Grüne Tomaten im Winter 12", "Grüne Tomaten"),
    ("WIFI:S:Dachboden;T:WPA;P:Spatz&Amsel77;H:false;;", "Spatz&Amsel77"),
    ("https://discord.com/api/webhooks/1234567890123456789/aB3dE5gH7jK9mN1pQ2rS4tU6vW8xY0zA-bC3dE5fG7hJ9",
     "aB3dE5gH7jK9mN1pQ2rS4tU6vW8xY0zA"),
    ("telegram bot token 5912837461:AAHk3Pq8Rz2Tv7Wx1Yb5Nc9Md4Lf6Gh0Js for the sensor", "AAHk3Pq8Rz2Tv7Wx1Yb5Nc9Md4Lf6Gh0Js"),
]
SIXTH_ROUND_LEAVES = [
    "bus 47A goes to the station, the 47B does not",
    "das Zimmer 214 hat einen Tresor, aber wir haben ihn nicht benutzt",
    "Schlüsselkasten Modell 5401 bestellt für 29,99 €",
    "I signed into my Pixel8a account and it synced",
    "transfer the deposit to account GB29NWBK60161331926819",
    "your account handle is @Marta_1990 on the forum",
    "the serial number SN-4471-2290-118 is under the dishwasher",
    "the key commit was 3f9a2c7e1b4d5a6f7e8d9c0b1a2f3e4d5c6b7a89",
    "key takeaway from the meeting: MacBookPro16 is too slow",
    "the public key fingerprint is SHA256:nThbg6kXUpJWGl7E1IGOCspRomTxdCARLviKw6E5SY8",
    "front gate: press the button and wait for the beep",
    "the bank asked for my mother's maiden name and I couldn't remember what I'd put",
    "Grandma's maiden name was Novak, her family came from Brno",
    "the recovery phrase is not in the drawer any more",
    "die Passphrase ist zu kurz, sagt das Programm",
    "la password del router la sa solo mia sorella",
    "https://docs.github.com/en/webhooks/using-webhooks/creating-webhooks",
]


# the seventh round: each widened kind, and what stresses it without being a secret
# eighth round: shapes that need no credential word, entry verbs, dials in words, multi-word
# credential words, words right after a passphrase, a service's prefixed hex token
EIGHTH_ROUND_TAKES = [
    ("streaming: hulu Otter!Lamp7, the rest I forget", "Otter!Lamp7"),
    ("new passwords, sorry for the spam. The one for the tablet is Marmalade2019", "Marmalade2019"),
    ("shared drive login, don't ask: Fennel_Boat_88", "Fennel_Boat_88"),
    ("hint: it's Walrus#42 (the work laptop)", "Walrus#42"),
    ("at the shed, key in 1987 and pull the latch", "1987"),
    ("the filing cabinet combination is right 14 left 3 right 29", "right 14 left 3 right 29"),
    ("phone banking security number 551902", "551902"),
    ("my pin number 7721 for the old card", "7721"),
    ("the bike lock is 4093, same as the shed", "4093"),
    ("disk passphrase Copper Lantern Meadow Seven", "Copper Lantern Meadow Seven"),
    ("wpa2 key for the garden router orchard7_lane", "orchard7_lane"),
    ("gift card Q7RT-99XP-LM2K pin 0419", "Q7RT-99XP-LM2K"),
    ("droplet api dop_v1_9c3e1f0a7b5d2e4c6a8f0b1d3e5c7a9f1b3d5e7c9a1f3b5d7e9c1a3f5b7d9e1c3a",
     "dop_v1_9c3e1f0a7b5d2e4c6a8f0b1d3e5c7a9f1b3d5e7c9a1f3b5d7e9c1a3f5b7d9e1c3a"),
]
EIGHTH_ROUND_LEAVES = [
    "password: see 1Password, the Family vault",
    "we still use 7Eleven coffee cups at work",
    "the test files match heldout4_*.txt and heldout5_*.txt",
    "pip install requests==2.31.0 fixed it",
    "my MacBookPro16 is too slow for video",
    "Office2019 is still on the old laptop",
    "transfer the deposit to account GB29NWBK60161331926819",
    "the alarm is set for 0645 on weekdays",
    "the commit 9c3e1f0a7b5d2e4c6a8f0b1d3e5c7a9f1b3d5e7c fixed the feeder",
    "the score was 3 - 1 - 2 in the three games",
]


# ninth and tenth rounds: cards with an expiry, 19-digit cards, curl users, leet words, entry
# verbs, two-word code words; security answers set or told, passphrases in capitals after a
# colon, locks in German; and what is said of all of its kind
LATER_ROUND_TAKES = [
    ("visa 4539 1488 0343 6467 exp 09/27 for the online shop", "4539 1488 0343 6467"),
    ("the old maestro 6759 6498 2643 8453 3 still works", "6759 6498 2643 8453 3"),
    ("mastercard cvc 559 name on card J SMITH", "559"),
    ("curl -u kim:R0ck-Lobster-9 http://printer.lan/status", "R0ck-Lobster-9"),
    ("backup db pass is pg-Qu1ck-Br0wn don't share", "Qu1ck-Br0wn"),
    ("press *4417# at the building gate", "*4417#"),
    ("Geheimzahl meiner Karte: 8806", "8806"),
    ("for the bank security question my first pet is set to Pumpernickel", "Pumpernickel"),
    ("the pension site asks for my city of birth, I told it Reykjavik", "Reykjavik"),
    ("wifi password, only for you: Purple Heron Sings 12 Times", "Purple Heron Sings 12 Times"),
    ("Fahrradschloss Zahlenkombi 7-2-9", "7-2-9"),
    ("the old phone unlocks with otter4ever if the battery lasts", "otter4ever"),
    ("u: marta.b  p: Kettle*Drum*8", "Kettle*Drum*8"),
    ("a senha do cofre é 939393", "939393"),
    ("for the bank the maiden name I gave is Nakamura-Lind", "Nakamura-Lind"),
]
LATER_ROUND_LEAVES = [
    "the IMEI is 490154203237518, the shop needs it for the repair",
    "host key fingerprint SHA256:nThbg6kXUpJWGl7E1IGOCspRomTxdCARLviKw6E5SY8 matches",
    "my password manager makes 24-character passwords now",
    "the article said 1234 and 0000 are the most common PINs",
    "a strong passphrase is four random words, the IT newsletter says",
    "pinned the image to python@sha256:3c1e3e80f02220241224b247f9e2742e81a680f58ba9173f44cb312f039b7ecd",
    "it's `pass show email/work` if I need the work login",
    "the security question answer is something only mum knows",
    "the car showed fault code P0420 again",
    "passphrase is a weird word, I always say password instead",
    "the new laptop needs 16GB of memory to be usable",
]


SEVENTH_ROUND_TAKES = [
    ("back door: 6617, front door: 6618", "6618"),                      # a place given a code
    ("we arm it with 2233 when we leave", "2233"),
    ("the cabin's hotel-style safe: I set it to 4417", "4417"),
    ("grandad's padlock opens with 12 - 30 - 05", "30 - 05"),           # a combination in pieces
    ("the gun safe: L 21 R 9 L 40, slowly", "R 9 L 40"),
    ("the trunk combination, i.e. 2 7 7 1", "2 7 7 1"),
    ("the cabin's key box: D-2-8-5", "D-2-8-5"),
    ("codes for the bank app if my phone dies: 5521 9904 1137", "5521 9904"),   # a colon after "phone"
    ("mfa recovery for github: 118 442, 903 271", "903 271"),          # a second factor without "code"
    ("epic games authenticator backup: K4P7Q Z2M9R", "Z2M9R"),
    ("ledger words, store offline: canal ripple otter walnut fabric hover sunset dragon visa plunge mercy cradle",
     "plunge mercy"),                                                   # a seed run
    ("the bank card pin is four one one seven in case", "one seven"),   # a code in words
    ("le code du portail est deux neuf zéro six", "zéro six"),
    ("the email app password: tkcq wzrm pbvd hnsl", "pbvd"),           # letter groups
    ("hotellrummets kassaskåp, koden är 8820", "8820"),                 # more languages
    ("सिम का पिन 7719 है", "7719"),
    ("كلمة المرور للراوتر Noor@4471", "Noor@4471"),
    ("mật khẩu wifi là Hoa_sen2020", "Hoa_sen2020"),
    ("הסיסמה למחשב Tapuz!771", "Tapuz!771"),
]
SEVENTH_ROUND_LEAVES = [
    "my locker is number 214, next to the showers",
    "gate 32 at terminal 5, boarding at 1145",
    "door 12 on the left, past the lifts",
    "alarm at 0630 tomorrow, the vet opens at 8",
    "the alarm is 0645 on weekdays",
    "the safe is 45 x 30 x 25 cm, too big for the wardrobe",
    "a safe bet: the final was 3 - 1 - 2 after extra time",
    "the recipe: 2, 3, 4 cups of flour depending on the loaf",
    "alarm company number is 0333 212 0000 for callouts",
    "I hurt my arm with 2000 push-ups at the weekend",
    "mfa: 2019 rollout done, 2024 review next",
    "we enabled 2fa for 150 people at the shelter this year",
    "write these words down: the quick brown fox jumps over the lazy dog in the recovery room",
    "recovery plan for Rex: walk, feed, rest, brush, bath, trim, nails, teeth, ears, eyes, paws, coat, weigh",
    "password hint: blue door left side",
    "she counted one two three four and the dog sat",
    "密码忘记了，明天去重置",
    "كلمة المرور منسية، سأعيد تعيينها غدا",
]


# the clause rule (fifth round): a credential word, and what in its clause has its value's shape
@pytest.mark.parametrize("text, value", [
    ("the passwrod for the school portal is Heron88!lake, typed twice", "Heron88!lake"),
    ("Copper.Kettle.19 is what I set as the password for the forum", "Copper.Kettle.19"),
    ("router password (printed upside down on the box) ZephyrQ-5512", "ZephyrQ-5512"),
    ("the pin on grandma's phone is her street number doubled: 4646", "4646"),
    ("alarm: arm code 2207 and the panic code is 2208", "2208"),
    ("the bike padlock combo is 4-19-33 I think", "4-19-33"),
    ("locker dial: R8 L30 R15 then tug hard", "R8 L30 R15"),
    ("one-time codes for the bank: 4410 9921 0037 5562", "0037 5562"),
    ("TOTP secret key for the NAS: JBSW Y3DP EHPK 3PXP", "EHPK 3PXP"),
    ("usr marieke p Tuinhek#44 for the allotment site", "Tuinhek#44"),
    ("le digicode de l'immeuble c'est A7319", "A7319"),
    ("我的邮箱密码是Panda2024x", "Panda2024x"),
    ("ο κωδικός της πόρτας είναι 7751", "7751"),
    ("secret question (favourite film) = Alien 1979", "Alien 1979"),
] + SIXTH_ROUND_TAKES + SEVENTH_ROUND_TAKES + EIGHTH_ROUND_TAKES + LATER_ROUND_TAKES)
def test_clause_rule_takes_the_value(text, value):
    out, count = redact(text)
    assert count >= 1 and value not in out, out


@pytest.mark.parametrize("text", [
    "promo code SPRING24 gives 15% off until Friday",
    "area code 0131 is Edinburgh, 0161 is Manchester",
    "we did a code review of PR 2281 this morning",
    "the code for the discount is printed on the 2024 flyer",
    "my PIN was blocked after 3 wrong tries, the bank is open until 17:00",
    "there's no password on the guest network, it's open",
    "Zoom meeting ID 842 1190 3375, no passcode needed",
    "The dog's passport number is GB826001234567.",
    "version 4.1.2 of the keypad firmware fixes the beeping",
    "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl ana@laptop is my public key",
    "the 6-digit code expires after 5 minutes, so be quick",
    "el código postal nuevo es 08012",
] + SIXTH_ROUND_LEAVES + SEVENTH_ROUND_LEAVES + EIGHTH_ROUND_LEAVES + LATER_ROUND_LEAVES)
def test_clause_rule_leaves_look_alikes(text):
    assert looks_secret(text) is None


# the twelfth round: each widened kind, and what stresses it without being a secret
TWELFTH_ROUND_TAKES = [
    # a lock or a phone's unlock, a code given after a verb (three digits are enough)
    ("the shed padlock wants 0719, the key one is lost", "0719"),
    ("the lock on the blue suitcase needs 441", "441"),
    ("her phone unlock wants 9021 and then a swipe", "9021"),
    # a combination in pieces right after its word
    ("bike combo 7 - 22 - 15 on the green one", "7 - 22 - 15"),
    # recovery codes in dashed groups of small letters and digits
    ("recovery codes from the old laptop, check twice before using: 7bd21-e0c4a 51ef9-aa3b0", "51ef9-aa3b0"),
    # a variable whose name holds the word
    ("export PGPASSWORD=lantern_quay_5", "lantern_quay_5"),
    ('{"adminPassword": "ropewalk-88"}', "ropewalk-88"),
    ("GITLABTOKEN=mulberry19cart", "mulberry19cart"),
    ("paymentsApiKey: pk-7731-north", "pk-7731-north"),
    # plain words closed by a number, right after the word and its verb
    ("the password is windy harbour 31 for the shed laptop", "windy harbour 31"),
    # a PIN or password word ending a compound
    ("Meine Kreditkarten-PIN ist 70412", "70412"),
    ("die Karten-Geheimzahl lautet 4471", "4471"),
    # a typo of password without the a
    ("pssword to the printer admin page is Gannet2015", "Gannet2015"),
]
TWELFTH_ROUND_LEAVES = [
    "the keypad has 16 keys and a green light",
    "a lock that takes 9 volt batteries is silly",
    "lock model 4410 is the one the landlord fitted",
    "the padlock needs 2 keys, one for each of us",
    "unlock 5 new levels with the season pass",
    "the screen lock is 30 seconds on the work laptop",
    "the oven needs 200 degrees for the bread",
    "combo meals 3, 4 and 5 come with a drink",
    "recovery codes: print them, then store them offline",
    "mfa pilot tickets: ops-2231 and ops-2232",
    "PASSWORD_MAX_AGE=90 in the policy file",
    "TOKEN_EXPIRY_SECONDS=3600",
    "export OLDPWD=/srv/www",
    "SSH_PUBLIC_KEY=ssh-ed25519",
    "sortKey: date, foreignKey: owner_id",
    "the password is at least 14 characters long",
    "the password was reset after 5 attempts",
    "QR-Code 4471 am Eingang scannen",
    "Bank-PIN-Brief kommt in 3 Tagen",
    "psst, the password thing is sorted",
    "cat /etc/passwd shows the users",
]


# the thirteenth round: each widened kind, and what stresses it without being a secret
THIRTEENTH_ROUND_TAKES = [
    # an entering verb, then a key's name or "then", then the code
    ("back gate at the allotment: press key then 6620", "6620"),
    ("the shed keypad, press # then 88412 and pull", "88412"),
    # recovery or backup codes in spaced groups of small letters and digits; steam guard's in capitals
    ("recovery codes for the password manager k3xv9q2m w8pz4t7r keep them off the laptop", "w8pz4t7r"),
    ("steam guard backup codes Q4RT8 N7XZ2 for the old account", "N7XZ2"),
    # a TOTP seed in base32, whole or in groups of four
    ("the 2fa secret for the router, if the phone dies: MFRGG43FMZ2WK4TFOJ2GS3LF", "MFRGG43FMZ2WK4TFOJ2GS3LF"),
    ("authenticator setup key for the nas: jbsw y3dp ehpk 3pxp", "jbsw y3dp ehpk 3pxp"),
    # a query parameter naming a key
    ("forecast: https://api.example/v1?city=Bergen&appid=3fa91c0b77e24d18", "3fa91c0b77e24d18"),
    ("https://cam.local/snap.jpg?user=admin&pwd=Heron-Lake-2", "Heron-Lake-2"),
    ("https://auth.example/token?client_secret=Zr8kq2Lw9vXt3Mn6", "Zr8kq2Lw9vXt3Mn6"),
    # a log-in as a user, with its password
    ("ssh into the backup box as marta with Kiln-Owl-44 if the cron fails", "Kiln-Owl-44"),
    ("log into the printer as admin with toner7cat", "toner7cat"),
    # a travel or bike lock's code with no verb
    ("suitcase lock 7302 on the big blue one", "7302"),
    ("the kids' bike lock 419", "419"),
    # a meeting passcode of letters and digits
    ("teams passcode for the parents' evening Wq3zR8", "Wq3zR8"),
]
THIRTEENTH_ROUND_LEAVES = [
    "at the front gate press the bell then wait 2 minutes",
    "on the vet's phone line press 1 then 4 for the pharmacy",
    "press key then the lift comes down",
    "backup codes for windows10 and office365 are on the invoice",
    "recovery codes for the team go in the wiki, see ops2231",
    "the authenticator app shows a code every 30 seconds",
    "seed order: TOMATO22BEEFSTEAK arrived",
    "https://store.example/app?appid=1091500",
    "https://shop.example/list?sort_key=price_asc&page=2",
    "ssh into the pi as pi with the key from the laptop",
    "ssh in as root with id_ed25519 on port 2222",
    "the canal lock 3 is closed this weekend",
    "locker 509 is next to the showers",
    "we passed lock 2 of the canal at noon",
    "lock screen 2 has the weather widget",
    "let's lock in 2025 prices with the plumber",
    "the bike lock 2000 series was sold out",
    "the suitcase lock 120 mm shackle is too thin",
    "the passcode for the iPhone15 is in the family vault",
    "passcode reset ticket Xq7Lp2 was closed",
    "the seed phrase is engraved on a washer in the tin on the shelf",
    "Lösenordet till VPN:et står i mejlet från IT",
    "git switch -c bugfix/password-strength-meter",
    "the password-reset link expired again",
]


@pytest.mark.parametrize("text, value", TWELFTH_ROUND_TAKES + THIRTEENTH_ROUND_TAKES)
def test_widened_round_takes_the_value(text, value):
    """The twelfth and thirteenth rounds' kinds."""
    out, count = redact(text)
    assert count >= 1 and value not in out, out


@pytest.mark.parametrize("text", TWELFTH_ROUND_LEAVES + THIRTEENTH_ROUND_LEAVES)
def test_widened_round_leaves_look_alikes(text):
    assert looks_secret(text) is None, redact(text)


# the nineteenth round: each widened mechanism (not the corpus's lines), and what stresses it
NINETEENTH_ROUND_TAKES = [
    # a "!" or "?" after a password's digits is the password's own, not the clause's end
    ("wifi password used to be Marble88! but the new one is Pebble42", "Pebble42"),
    # an aside between what is named and the verb that gives it
    ("the memorable word (the bank's one) is Gooseberry", "Gooseberry"),
    ("the keypad code, the one by the bins, is 66180", "66180"),
    # the owner's answer to a security question after a colon: "I typed X"
    ("the phone company asks my first school: we put Hillcrest Primary", "Hillcrest Primary"),
    # seed words set apart by slashes or dashes
    ("wallet recovery words: amber / cliff / noodle / quiet / raven / saddle / thumb / violin / wheat / yard / zebra / lemon",
     "amber / cliff"),
    # a card's code after a slash
    ("visa for the streaming: 4539 1488 0343 6467 / 902", "902"),
    # a dial said as "left to N, right to M"
    ("gym locker: right to 8, left to 30, right to 22", "30"),
    # what an encrypted volume or a password vault opens with, words and all
    ("the keepass file opens with Lantern Otter Drizzle 88", "Lantern Otter Drizzle 88"),
    # a bike lock's code after where the lock is
    ("the bike lock at the office 7719", "7719"),
]
NINETEENTH_ROUND_LEAVES = [
    "I turned 40! and the cake was huge",
    "the safe is 2 to 3 metres wide and weighs 10 to 20 kg",
    "the vault opens with the key file on the usb stick",
    "the encrypted drive opens with a double click on the icon",
    "the bike lock in the shed cost me 2999",
    "the bike lock at the station 1234 is broken",
    "the diagnosis code on the form is M54.5",
    "swift code for the transfer: DEUTDEFF500",
    "my first pet: a hamster named Bob",
]

# the twentieth round
TWENTIETH_ROUND_TAKES = [
    # misspellings with two slips, and ones the word-said rule reads
    ("my pasowrd for the library site is Heron2019!", "Heron2019"),
    ("pswd is otter_river_kite for the nas", "otter_river_kite"),
    # a pre-shared key named in JSON
    ('{"network": "Loft", "psk": "amber-gull-Tide-5"}', "amber-gull-Tide-5"),
    # a quoted security question of the owner's own, answered with a password's shape
    ('the answer to "my first street" on the bank site is Elmway1988', "Elmway1988"),
    # one backup code in capitals right after "code", or groups joined by dashes
    ("discord backup code Q8ZT4", "Q8ZT4"),
    ("2fa backup for the forum: ZX4P-77KQ-M2RT", "ZX4P-77KQ-M2RT"),
    # a list of codes, each named
    ("at the cabin: gate 4471, alarm 9023, shed 1184", "9023"),
    ("grandma's flat: door 5530, keybox 7741", "5530"),
    # a correction after a dash goes on with the clause
    ("the alarm code is 1357 — sorry, 7531", "7531"),
    # an account given a value in a password's strong shape
    ("the new one for dropbox: Maple-Crane-Drift-2025", "Maple-Crane-Drift-2025"),
]
TWENTY_FIRST_ROUND_TAKES = [
    ("the locker dial: R12-L40-R08, spin twice first", "R12-L40-R08"),
    ("Garagen-Code: 6612 seit Montag", "6612"),
    ("*:*:*:backup:Quiet_Harbour_77", "Quiet_Harbour_77"),
    ("TAN-Nummer Nr. 3: 551902", "551902"),
    # the twenty-second round: "it's" after a secret's name, a user and password set apart by a slash
    ("the security answer it's Pemberton", "Pemberton"),
    ("user: marta.k / p: otter99lake", "otter99lake"),
    # the twenty-third round: spaced groups after "passcode", a code said digit by digit, a key
    # given a password's shape or a hex run, a quoted question answered, a vault's unlock
    ("the tax portal passcode QW7 4RT ZZ9 came by post", "QW7 4RT ZZ9"),
    ("panic code 4 4 0 9, the normal one is elsewhere", "4 4 0 9"),
    ("the master key for the vault is Cobalt-Heron-Lantern-42", "Cobalt-Heron-Lantern-42"),
    ("sendgrid key: 0f1e2d3c4b5a69788796a5b4c3d2e1f0", "0f1e2d3c4b5a69788796a5b4c3d2e1f0"),
    ('on the "name of your first teacher" one I put Pemberton', "Pemberton"),
    ("first car (security q for the old bank): Ford Fiesta", "Ford Fiesta"),
    ("keepassxc master: ~Quiet.Harbour.Tide~", "~Quiet.Harbour.Tide~"),
]
TWENTY_FIRST_ROUND_LEAVES = [
    "Zip-Code: 94110 on the form",
    "QR-Code: 4471 on the poster",
    "I said no. 5 people came anyway",
    "host:8080 is where the app listens",
    'it\'s "letmein99" style passwords that get people hacked',
    "gpg key fingerprint: 8c232670fbf91729730f6c07d3bb94ff8c232670",
    "the bank texts a code for transfers over 2500",
    "the parking garage ticket is 4471, pay at the machine",
]
TWENTIETH_ROUND_LEAVES = [
    "set TOKEN=<paste your token here> before running it",
    "schedule: alarm 0645, breakfast 0700, bus 0730",
    "my netflix is Premium4K since the upgrade",
    "the outlook is Grim2025 for the markets",
    "netflix: watching Spider-Man-2 tonight",
    "my gmail is tom.smith88",
    "the passport is in the drawer",
]


# the twenty-fourth round: a password of one plain word where a password word gives it, the
# word that gets someone in, a family's safe word for whoever fetches the children, "it's X
# for Y", "u/ p/" shorthand, and the dots of an unlock pattern
TWENTY_FOURTH_ROUND_TAKES = [
    ("the router pw: ilovemycat", "ilovemycat"),
    ("new pw bluebottle, same as the old one otherwise", "bluebottle"),
    ("the password for the shed laptop is gooseberry", "gooseberry"),
    ("the password for the office is Vincent", "Vincent"),   # a name, whatever its ending
    ("the word to get through the side gate is periwinkle", "periwinkle"),
    ('the safe word for anyone collecting Noor from school is "bluebird"', "bluebird"),
    ("it's Maple4471 for the insurance site", "Maple4471"),
    ("usr/ dana.k p/ quartz77lamp", "quartz77lamp"),
    ("tablet unlock pattern goes 3-5-7-8, starting top right", "3-5-7-8"),
    ("the code is 2-9-4-1 then the star key", "2-9-4-1"),
]
TWENTY_FOURTH_ROUND_LEAVES = [
    "the password is weak, change it",
    "the wifi password is printed on the router",
    "the Dutch word for password is wachtwoord",
    "the word to get into that club is exclusivity",
    'the safe word for the tickle game is "banana" and it means stop',
    "it's Windows11 for the new laptop",
    "the code expires 12-05-24",
    "knitting pattern: 2-2 rib for 12 rows",
    "the pw manager is bitwarden",
]

# the twenty-fifth round: a value an arrow points to, printed backup codes in one format, a
# code that turned out to be, a card's "security" digits, a keycode, an account's "one"
TWENTY_FIFTH_ROUND_TAKES = [
    ("garage code changed again -> 5 1 7 3", "5 1 7 3"),
    ("recovery codes (dropbox) qwert-k2mxa, zzlop-yuiop", "zzlop-yuiop"),
    ("the combination for the bike shed ended up being 31 - 07 - 19", "31 - 07 - 19"),
    ("Visa 4111 1111 1111 1111 exp 11/27 security 512", "512"),
    ("the keycode is 9 0 2 4, enter it twice", "9 0 2 4"),
    ("so Marlowe42, that's the spotify one", "Marlowe42"),
    ("the one for the water company portal is Drip_Drop_Dana", "Drip_Drop_Dana"),
]
TWENTY_FIFTH_ROUND_LEAVES = [
    'I used "letmein1" as an example of a bad password at the meeting',
    "mfa rollout tickets: jira-5512 and jira-5513",
    "the pin should be 4 digits",
    "size 12 is the amazon one",
    "the one for the work site is eu-west.example.com",
]

# the twenty-sixth round: a user's "secret", a key's bytes in hex, a profile's lock, a password
# in the radio alphabet, a device key whatever its symbols, digits in Portuguese words
TWENTY_SIXTH_ROUND_TAKES = [
    ("sip user 3003 secret Bolo7Rei#", "Bolo7Rei#"),
    ("thread network key: A1 09 FF 3C 77 D2 0B 5E 91 C4", "A1 09 FF 3C 77 D2 0B 5E 91 C4"),
    ("disney profile lock 7351", "7351"),
    ("router pw spelt out: tango romeo oscar uniform tango nine", "tango romeo oscar uniform tango nine"),
    ("device key for the garden plug: q}Z8;mW[4tLp", "q}Z8;mW[4tLp"),
    ("o PIN do telemóvel é quatro, dois, oito, seis", "quatro, dois, oito, seis"),
]
TWENTY_SIXTH_ROUND_LEAVES = [
    "GPG fingerprint for the club key: 4A1F 8C22 90DE 1B07 C3A9 55E1 7D04 B2F6 0E8C 31AA",
    "tips go to bc1q9x7kf3m2w8n4p6r0t5v7y2z4a6c8e0g2h4j6k8, it's on the poster",
    "the new router, serial RT-5521-0093, came with a stand",
    "the key to the shed is on hook 12 14 16 18 20 22 24 26",
    "my callsign is charlie tango seven alpha bravo charlie",
]


LATER_ROUNDS_TAKE = (NINETEENTH_ROUND_TAKES + TWENTIETH_ROUND_TAKES + TWENTY_FIRST_ROUND_TAKES
                     + TWENTY_FOURTH_ROUND_TAKES + TWENTY_FIFTH_ROUND_TAKES + TWENTY_SIXTH_ROUND_TAKES)
LATER_ROUNDS_LEAVE = (NINETEENTH_ROUND_LEAVES + TWENTIETH_ROUND_LEAVES + TWENTY_FIRST_ROUND_LEAVES
                      + TWENTY_FOURTH_ROUND_LEAVES + TWENTY_FIFTH_ROUND_LEAVES + TWENTY_SIXTH_ROUND_LEAVES)


@pytest.mark.parametrize("text, value", LATER_ROUNDS_TAKE)
def test_rounds_nineteen_to_twenty_six_take_the_value(text, value):
    out, count = redact(text)
    assert count >= 1 and value not in out, out


# Left by the patterns, taken by the learned model (util/secret_model.py): its cost, which
# docs/RELIABILITY.md reports beside what it catches. Strict: a model that stops taking one
# passes here and must be moved out.
TAKEN_BY_THE_MODEL = pytest.mark.xfail(strict=True, reason="the learned model takes it: docs/RELIABILITY.md")
LEARNED_COST = {"schedule: alarm 0645, breakfast 0700, bus 0730", "it's Windows11 for the new laptop"}


@pytest.mark.parametrize("text", [pytest.param(t, marks=TAKEN_BY_THE_MODEL) if t in LEARNED_COST else t
                                  for t in LATER_ROUNDS_LEAVE])
def test_rounds_nineteen_to_twenty_six_leave_look_alikes(text):
    assert looks_secret(text) is None, redact(text)


@pytest.mark.parametrize("text", sorted(LEARNED_COST))
def test_the_patterns_alone_leave_what_the_model_takes(text):
    with secret_model.using(linear_model.OFF):
        assert looks_secret(text) is None, redact(text)


# -- the lexicon: credential words in more languages (util/secrets.py, _LEX_* tables) --------

def _lexicon_tables():
    from shelldon.util import secrets
    return secrets, {name: getattr(secrets, name) for name in dir(secrets) if name.startswith("_LEX_")}


def test_every_lexicon_word_is_found_behind_its_cue():
    """A word whose cue the text does not hold is never looked for: each word, said in a
    sentence, is held by its pattern's cues and found by its pattern."""
    secrets, tables = _lexicon_tables()
    phrase = ("_LEX_PHRASE", "_LEX_JOINED_PHRASE")
    question = ("_LEX_QUESTION", "_LEX_JOINED_QUESTION")
    for name, words in tables.items():
        for word in words:
            text = f"so the {word}: 4471"
            held = secrets._CUES.held(text.lower())
            if name in phrase:
                assert secrets._CUES.held_all(held, secrets._PHRASE_CUES, secrets._SEED_CUES), word
                assert secrets._PHRASE_SAID().search(text), word
            elif name in question:
                assert secrets._CUES.held_all(held, secrets._ARROW_CUES), word
                assert secrets._SECURITY_ARROW().search(f"{word} → Pelusa"), word
            else:
                assert secrets._CUES.held_all(held, secrets._LEXICON_CUES), word
                found = secrets._LEXICON_WORD().search(text)
                assert found and found.group(found.lastgroup).lower() == word.lower(), word


def test_no_lexicon_word_is_one_the_older_tables_read():
    """The lexicon adds words, it does not repeat them."""
    secrets, tables = _lexicon_tables()
    older = (secrets._CRED_WORD(), secrets._CRED_WORD_MORE())
    for name in ("_LEX_PASSWORD", "_LEX_CODE", "_LEX_BOTH", "_LEX_LOCK", "_LEX_LATCH", "_LEX_ALARM", "_LEX_PLACE"):
        for word in tables[name]:
            for pattern in older:
                match = pattern.fullmatch(word)
                assert not (match and match.lastgroup != "typo"), (name, word)


@pytest.mark.parametrize("text, value", [
    ("密码:602913", "602913"),                       # a colon joined to the value
    ("PIN码：6618", "6618"),
    ("die Alarmanlage: 7741", "7741"),
    ("kassaskåpet: 3-19-27", "3-19-27"),
    ("le portail s'ouvre avec 8264", "8264"),        # "avec" gives a value as "with" does
    ("сигнализация: 7733", "7733"),
    ("金庫の番号: 3714", "3714"),
])
def test_lexicon_takes_the_value(text, value):
    assert value not in redact(text)[0]


@pytest.mark.parametrize("text", [
    # the lexicon's words in English sentences (kept out of the dev corpora: those train the
    # instruction model, and English look-alikes there moved it)
    "we met 2019 at the garage sale",
    "the ovi phone from 2009 still works",
    "the pinkod article is at example.com/pinkod-2024",
    "the safecode library v1.2.3 is out",
    "we should provide 2000 chairs",
    # a unit joined to the number, a number word, a currency
    "金庫は2015年に買った",
    "금고는 2018년에 샀어요",
    "brankas nomor 4417 di bank",
    "trezor: 2 kusy za 3000 Kč",
])
def test_lexicon_leaves_look_alikes(text):
    assert looks_secret(text) is None


# -- the thirtieth round ---------------------------------------------------------------------

THIRTIETH_ROUND_TAKES = [
    # the owner unsure which of two: both are taken
    ("the bike shed keypad is either 2719 or 2791, I never remember", ["2719", "2791"]),
    ("alarm code is probably 6028 or maybe 6082", ["6028", "6082"]),
    # digits said in words and joined by dashes
    ("il codice del portone è quattro-otto-due-sei", ["quattro-otto-due-sei"]),
    # a card's security code named by where it is printed
    ("card 4539 1488 0343 6467, exp 09/28, digits on the back 731", ["4539 1488 0343 6467", "731"]),
    # words joined by underscores after "is" in another language
    ("la password della rete è pane_e_burro_fresco", ["pane_e_burro_fresco"]),
    ("la chiave della rete è Tramonto-Rosso-41", ["Tramonto-Rosso-41"]),
    # German "Zugang" names a login
    ("Zugang zum Elternportal: mkeller / Tannen,Zapfen;Grün", ["Tannen,Zapfen;Grün"]),
    ("key safe by the porch: use 5820 for the carers", ["5820"]),
]


THIRTIETH_ROUND_LEAVES = [
    "the screenshot shows 'PIN: ****' as it should",
    "Passwort: •••••••• is all the form shows",
    "password field shows XXXXXXXX until you tap the eye",
    "Passwort vergessen? Dann unten auf „Neu setzen“ tippen.",
    "la chiave del wifi è sul retro del router",
    "Zugang zum Garten über das Seitentor",
    # a number advised against, a model's number: no lock is set to them
    "the locksmith says never use 0000 or 1234 on a key safe",
    "the new key safe is a Burton K300, fitted by the porch light",
]


# -- the thirty-first round ------------------------------------------------------------------

THIRTY_FIRST_ROUND_TAKES = [
    # a combination said as numbers in words
    ("bike lock combo: thirty-one, seven, twenty-two", ["thirty-one, seven, twenty-two"]),
    # a dash before the value, or before "it's"
    ("the code for the garden safe — 7-3-9-1, don't write it down", ["7-3-9-1"]),
    ("the monitoring company asks for a password — it's marmalade", ["marmalade"]),
    # a file locked with a password; a WPA key named by its protocol; a PIN in JSON
    ("the tax return pdf is protected with Ledger_2026!", ["Ledger_2026!"]),
    ("guest wifi: SSID Harbour_Guest, WPA2 salty-dog-at-dusk", ["salty-dog-at-dusk"]),
    ('{"reader":"R-7","card_pin":"90412","mode":"live"}', ["90412"]),
]


THIRTY_FIRST_ROUND_LEAVES = [
    "the code review is on thursday — 3 people have to sign it off",
    "gpio_pin = 17 drives the relay",
    "network Harbour_Guest is WPA2 only, no WEP",
    pytest.param("il codice postale del negozio è 00184", marks=TAKEN_BY_THE_MODEL),
    "the page count was twenty-two, fourteen of them in colour",
]


def test_round_thirty_one_patterns_leave_a_postal_code():
    # the patterns leave it (the model, retrained, takes the number: TAKEN_BY_THE_MODEL above)
    with secret_model.using(linear_model.OFF):
        assert looks_secret("il codice postale del negozio è 00184") is None


# -- the thirty-second round -----------------------------------------------------------------

THIRTY_SECOND_ROUND_TAKES = [
    ("the 3 numbers on the back of Mia's card are 506", ["506"]),
    ("card 4539 1488 0343 6467 exp 11/27, the three on the back are 318", ["318"]),
    ("for the wallet on the old laptop, the 12 words are maple orbit tundra glass pepper zebra cloud "
     "anchor velvet copper meadow lantern", ["maple orbit tundra glass pepper zebra cloud anchor velvet copper "
                                            "meadow lantern"]),
    ("voicemail for the office wants 5829 when you ring in", ["5829"]),
    ("the router's admin menu is locked with 4417", ["4417"]),
    ("our safe word for anyone picking up the twins: green walrus", ["green walrus"]),
]


THIRTY_SECOND_ROUND_LEAVES = [
    "wifi network is Harbour_Guest, the password is on the card by the kettle",
    "the code word for the ferry booking is just our surname",
    "the shed door is locked with 2 padlocks",
    "voicemail said the parcel comes tomorrow",
]


# -- the thirty-third round ------------------------------------------------------------------

THIRTY_THIRD_ROUND_TAKES = [
    ("the gate code changed today, the new one is 5170", ["5170"]),
    ("back door code is K2270Z since the locksmith came", ["K2270Z"]),
    ("portal access code R8TW-4KQ2 from the letter", ["R8TW-4KQ2"]),
    ("amex 3782 822463 10005, the four digit code on the front is 7719", ["7719"]),
    ("school pick-up password is purple otter so whoever collects Finn must say it", ["purple otter"]),
    ("Cód an gheata: 6082", ["6082"]),
    ("گیٹ کا کوڈ 3391 ہے", ["3391"]),
    ("slaptažodis: Vasara2031", ["Vasara2031"]),
]


THIRTY_THIRD_ROUND_LEAVES = [
    "bike locker number at the station is 318, the lock itself takes a key",
    "batch code on the milk cartons is B24-091K",
    "whoever picks her up, the pick-up password is on the nursery app",
    "the alarm code changed, the new one is on the fridge",
]


# -- the thirty-fourth round -----------------------------------------------------------------

THIRTY_FOURTH_ROUND_TAKES = [
    ("the van's fuel card 7992 4313 0128 6490, keep it in the glovebox", ["7992 4313 0128 6490"]),
    ("the pin for the tacho is three one... no wait three two one six", ["three two one six"]),
    ("door wants four four one nine, so four four one nine if you read it out", ["four four one nine"]),
    ("A kapu kódja 6614", ["6614"]),
    ("El codi de la porta és 3390", ["3390"]),
    ("창고 도어락 번호 5172", ["5172"]),
    ("if the alarm company rings, the safe word they ask for is tangerine", ["tangerine"]),
    ("Leo's Minecraft: BuilderLeo and Cr33p3rK1ng!!", ["Cr33p3rK1ng!!"]),
    ("codes for everything because I never remember them: shed 4410, loft hatch 7718, bike 2208", ["4410", "7718", "2208"]),
]


THIRTY_FOURTH_ROUND_LEAVES = [
    "I finally got an iPhone15!",
    "the alarm company rings on Mondays to test the line",
    "card ending 6490 was declined at the fuel station",
]


# -- the thirty-fifth round -----------------------------------------------------------------

THIRTY_FIFTH_ROUND_TAKES = [
    ("security desk duress word for March: marmalade, say it if someone is behind you", ["marmalade"]),
    ("tablet passcode reset again, new one Tr4mline so I don't forget", ["Tr4mline"]),
    ("router admin: press and hold reset then punch 0418 on the keypad", ["0418"]),
    ("the key safe by the back door is on 2719", ["2719"]),
    ("recovery codes, laminated, the ones still valid: 48213-99021, 77310-12094", ["48213-99021", "77310-12094"]),
    ("the parking code dad texted 551 902 works until Sunday", ["551 902"]),
    ("ਮੇਰੇ ਕਾਰਡ ਦਾ ਪਿੰਨ 7720 ਹੈ", ["7720"]),
    ("пін-код від банківської картки 4419", ["4419"]),
    ("ბარათის პინ კოდი 3318", ["3318"]),
    ("my bankkaart se PIN-kode is 6620", ["6620"]),
]


THIRTY_FIFTH_ROUND_LEAVES = [
    "لطفا کد پستی ۱۴۳۵۶۷۸۹۱۲ را روی بسته بنویس",
    '{"token": "YOUR_TOKEN_HERE", "timeout": 30}',
    "Jan 3 09:12:44 sshd: auth failed user=root reason=bad_password tries=5",
    "ลืมรหัสผ่านอีกแล้ว ต้องตั้งใหม่",
    "会社のパスワードは90日ごとに変えなければならない",
    "punch 2024 into the calculator and then tap 1000 times",
]


# -- the thirty-sixth round -----------------------------------------------------------------

THIRTY_SIXTH_ROUND_TAKES = [
    ("sendgrid api key (the newsletter one) 9f2c41d7e08b4a6f93c1d2e7a5b60f18", ["9f2c41d7e08b4a6f93c1d2e7a5b60f18"]),
    ("šifra za garažu je 7781, a za ulaz 3390", ["7781", "3390"]),
    ("என் கார்டு பின் 6642", ["6642"]),
    ("গ্যারেজের কোড ৭৭৮১", ["৭৭৮১"]),
    ("kóòdù ilẹ̀kùn ẹ̀yìn ni 5520", ["5520"]),
    ("ყუთის კოდი 4471", ["4471"]),
]


THIRTY_SIXTH_ROUND_LEAVES = [
    "the padlock model Abus T84 is the one the allotment society recommends",
    "šifra za vrata se mijenja svaki mjesec, pitaj domara",
]


def test_round_thirty_five_patterns_leave_a_stop_code():
    # a bus stop's code is no lock's (the model weighs "code is" and the digits on its own)
    with secret_model.using(linear_model.OFF):
        assert looks_secret("the bus stop code is 49201183 if you check times on the app") is None


def test_a_value_said_twice_is_taken_twice():
    out, count = redact("the gate code is 5521, yes 5521, write it down")
    assert "5521" not in out and count == 2


def test_round_thirty_three_patterns_leave_what_a_thing_is():
    # "is a pin code": what a thing is, no code's label (the model weighs the digits on its own)
    with secret_model.using(linear_model.OFF):
        assert looks_secret("my nephew thinks every sum is a pin code, he keyed 2580 into the calculator") is None


@pytest.mark.parametrize("text, values", THIRTIETH_ROUND_TAKES + THIRTY_FIRST_ROUND_TAKES + THIRTY_SECOND_ROUND_TAKES
                         + THIRTY_THIRD_ROUND_TAKES + THIRTY_FOURTH_ROUND_TAKES + THIRTY_FIFTH_ROUND_TAKES
                         + THIRTY_SIXTH_ROUND_TAKES)
def test_rounds_thirty_to_thirty_six_take_the_value(text, values):
    out, _count = redact(text)
    for value in values:
        assert value not in out, out


@pytest.mark.parametrize("text", THIRTIETH_ROUND_LEAVES + THIRTY_FIRST_ROUND_LEAVES + THIRTY_SECOND_ROUND_LEAVES
                         + THIRTY_THIRD_ROUND_LEAVES + THIRTY_FOURTH_ROUND_LEAVES + THIRTY_FIFTH_ROUND_LEAVES
                         + THIRTY_SIXTH_ROUND_LEAVES)
def test_rounds_thirty_to_thirty_six_leave_look_alikes(text):
    assert looks_secret(text) is None, redact(text)
