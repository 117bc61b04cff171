#!/usr/bin/env python3
"""What the two gates cost: importing them, and checking one note.

- import   `python -X importtime -c "import shelldon.core.gate"`, best of N runs: the self
           time of the gate's own modules (util/lazyre, util/skeleton, util/secrets,
           core/instruction_families, core/poison, core/gate) added up, and core/gate's
           cumulative time (which also holds the op contract and msgspec). Target: the gate
           modules <= 3 ms together.
- first    in a fresh process, one ordinary sentence through both gates (looks_secret,
           standing_instruction): what a stage pays for the patterns it compiles on first
           need (util/lazyre.py).
- check    both gates over the fixtures' ordinary notes and benign facts, warm, per note.
- turn     the secret gate as shelldon-ingest runs it on a turn (redact_together of the
           owner's message and the reply), over the 2,000 generated turns of the bench's
           streamed-ingest row (bench/corpus.py), warm, best of 7, per turn.
- hostile  the secret gate (which ingest runs on every message, up to 1 MiB) over texts made
           of one credential-shaped unit repeated ("password ", "code 1234 ", "a-", …): the
           time at 256 KiB over the time at 64 KiB, for the worst unit. Linear work gives
           about 4; a pattern that backtracks over the rest of the text gives 16.
           Target: <= 6.

Usage: bench/gate_cost.py [-n RUNS]   (default 10)
"""
import os
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LIB = os.path.join(ROOT, "lib")
sys.path.insert(0, LIB)
MODULES = ("shelldon.util.lazyre", "shelldon.util.skeleton", "shelldon.util.secrets",
           "shelldon.core.instruction_families", "shelldon.core.instruction_model", "shelldon.core.poison",
           "shelldon.core.gate")
FIRST = """
import time
t = time.perf_counter()
from shelldon.util.secrets import looks_secret
from shelldon.core.poison import standing_instruction
t1 = time.perf_counter()
looks_secret("Took Rex to the vet on Tuesday, he needs his booster in March.")
standing_instruction("Took Rex to the vet on Tuesday, he needs his booster in March.")
print((t1 - t) * 1000, (time.perf_counter() - t1) * 1000)
"""


def _env() -> dict:
    # as a stage starts: from the cached bytecode, which PYTHONDONTWRITEBYTECODE would leave
    # unwritten (the first run below writes it)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    return {**env, "PYTHONPATH": LIB + os.pathsep + os.environ.get("PYTHONPATH", "")}


def import_ms() -> tuple[float, float]:
    """(the gate modules' self time, core/gate's cumulative time), in ms, one run."""
    err = subprocess.run([sys.executable, "-X", "importtime", "-c", "import shelldon.core.gate"],
                         capture_output=True, text=True, env=_env(), check=True).stderr
    own = cumulative = 0.0
    for line in err.splitlines():
        parts = [p.strip() for p in line.split("|")]
        if len(parts) == 3 and parts[2] in MODULES:
            own += int(parts[0].split()[-1]) / 1000
            if parts[2] == "shelldon.core.gate":
                cumulative = int(parts[1]) / 1000
    return own, cumulative


def first_ms() -> float:
    out = subprocess.run([sys.executable, "-c", FIRST], capture_output=True, text=True, env=_env(), check=True)
    return float(out.stdout.split()[1])


def check_ms(rounds: int = 20) -> tuple[float, int]:
    from shelldon.core.poison import standing_instruction
    from shelldon.util.secrets import looks_secret
    notes = []
    for path in (("secrets", "notes.txt"), ("poison", "benign.txt")):
        with open(os.path.join(ROOT, "tests", "fixtures", *path), encoding="utf-8") as handle:
            notes += [line.strip() for line in handle if line.strip() and not line.startswith("#")]
    for note in notes:   # compile what they need, once
        looks_secret(note), standing_instruction(note)
    start = time.perf_counter()
    for _ in range(rounds):
        for note in notes:
            looks_secret(note)
            standing_instruction(note)
    return (time.perf_counter() - start) * 1000 / (rounds * len(notes)), len(notes)


HOSTILE_UNITS = ("password ", "code 1234 ", "pw Ax9! ", "password: ", "a-", "http://a.b/", "a@", "\u5bc6\u7801",
                 "key=", "u tom p ", "pin ", "the code is ", "password for the ", "combination R36 ", "ABCD-",
                 "passphrase: ", "door code 4 the ", "backup codes 1234 and ", "ssid x, key ",
                 # sixth round: boxes, accounts, licences, keys, entry verbs, security answers, wifi QR text,
                 # webhooks, passphrases in other languages
                 "keybox 12A45 ", "account Ab1! ", "Lizenz SN-", "private key 0f ", "gate: punch ",
                 "maiden name is X ", "security question first pet ", "WIFI:T:WPA;", "hook/", "aB3dE5gH7jK9mN1pQ/",
                 "Passphrase ist ", "1234567:AA",
                 # seventh round: places and alarms given a code, combinations in pieces, second factors,
                 # seed runs, codes in words, letter groups, more languages
                 "side door: 1234 ", "disarm with ", "safe opens with 1 - ", "R 34 L ", "2fa backup: 691 204, ",
                 "wallet seed orbit ", "pin is five ", "app password: qwvt ", "\u0643\u0644\u0645\u0629 \u0627\u0644\u0633\u0631 ",
                 # eighth round: shapes that need no word, entry verbs, dials in words, words after a passphrase
                 "Moana!Waves3 ", "Biscuit2021 ", "abcdefgh", "dop_v1_0123456789abcdef0123456789abcdef ",
                 "alarm: punch in 1948 ", "combination left 38 right ", "passphrase Thimble Anchor Quartz ",
                 # ninth round: curl users, leet words, cards with an expiry, codes of all their kind
                 "curl -u a:", "pg-Sup3r-S3cret ", "4539 1488 0343 6467 09/27 ", "the most common PINs ",
                 "a strong passphrase is ", "press *4417# gate ",
                 # tenth round: passphrases in capitals after a colon, security answers told, locks in German
                 "password: Velvet Otter ", "first pet, I told it Biscuit ", "zahlenkombi 4-8-1 ",
                 "`pass show a/b` login ",
                 # eleventh round: passwords given to what they unlock, shorthand with colons
                 "unlocks with otter4ever ", "u: a p: ", "senha é 939393 ",
                 # twelfth round: locks given a code by a verb, a combination right after its word, recovery
                 # codes in dashed groups, secret variable names, plain words and a number, compounds, typos
                 "phone unlock wants 1234 ", "lock set to 582 ", "combo 36 - 12 - ", "recovery codes: a81f3-c29d0 ",
                 "export PGPASSWORD=x ", "dbPasswordToken", "password is purple elephant 42 ", "password is lime ",
                 "Online-Banking-PIN ist 123 ", "psswd 4 ", "-pin",
                 # thirteenth round: entering verbs with a key between, backup codes in spaced groups, base32
                 # seeds, secret query names, log-ins as a user, travel locks, passcodes, seed phrases of prose,
                 # Swedish endings
                 "gate: press key then 1234 ", "backup codes ym33yzc5 ", "totp JBSWY3DPEHPK3PXP ", "2fa seed ur2b ",
                 "&appid=e1af2a97 ", "ssh into x as pi with ", "bike lock 509 ", "passcode x7Rp2q ",
                 "seed phrase is on the ", "lösenord wifi:t ",
                 # fourteenth to seventeenth rounds: arrows, quoted questions, app passwords, passwords named by
                 # what they do, XML, the key emoji, numbered seed words, other languages' security questions and
                 # backup codes, dashed words after "c'est", mixed codes, a card's code named after it, plain-word
                 # passphrases, a lock's place before its colon
                 "garage keypad -> 55", "the answer to \"what is your ", "app password for x: ",
                 "the thing you type to get into ", "<password>a</password>", "\U0001f511 ", "1. ripple 2. ",
                 "pregunta secreta -> ", "mot de passe c'est a-b ", "code C4D2E1 ", "4539 1488 0343 6467 cvv ",
                 "alarm panel - 9-9 ", "keybox flat: 1066 ", "codes de secours 83jd-20ks et ",
                 "master password is tangerine ladder ",
                 # eighteenth round: "it's" gives a value, compounds of a lock and "code", a keypad's keys around a
                 # code, a network's key, BitLocker's groups, "iz", licence keys in long groups, the typo without vowels
                 "keypad it's 4471 ", "Tresorcode ", "entry #4417* ", "wifi key is a-b-9 ", "481220-",
                 "pass iz a1b2c3d4 ", "licence key SSSAUWHJ-USBE5AVM ", "psswrd ",
                 # nineteenth round: "!" after digits, asides before "is", answers typed after a colon, seed
                 # words between slashes, a card's code after one, dials said "left to", what a vault opens
                 # with, a bike lock's place, one capitalised word after "password is"
                 "pw Ab12! and ", "password (x) is ", "first pet: I typed ", "seed amber / ", "4539 1488 0343 6467 / ",
                 "safe: left to 3", "keepass opens with ", "bike lock in the shed 0", "password is Heliotrope ",
                 # twentieth round: codes in a named list, misspellings, a pre-shared key in JSON, one backup
                 # code, a correction after a dash, an account's strong value, a quoted question's answer
                 "alarm 4417, door ", "psswd is ", '"psk": "', "backup code R7KX2 ", "1234 — sorry, ", "icloud: ",
                 'the answer to "my x" is ', "2fa backup: ZX4P-77KQ-",
                 # twenty-first round: dials as letters and numbers joined by dashes, a code word after a dash,
                 # a .pgpass line, "Nr." before a number
                 "L32-R17-", "Haustür-Code: ", "x-code: ", "db.local:5432:*:u:", "TAN-Liste Nr. 1",
                 # twenty-second round: "it's" after the name, user and password apart by a slash
                 "memorable word it's ", "u: a / p: ",
                 # twenty-third round: spaced groups and digits after a code word, a key's hex after a colon,
                 # a quoted question answered, a vault's unlock
                 "passcode KX4 T9P ", "code 7 7 3 ", "api key: 8c232670fbf91729730f6c07d3bb94ff ",
                 'for the "x" question i used ', "keepass unlock: ",
                 # twenty-fourth and twenty-fifth rounds: one plain word given, the word to get in, a safe word
                 # for whoever fetches the children, "it's X for", shorthand with slashes, an unlock pattern's
                 # dots, an arrow, printed codes alike, "to be", an account's "one"
                 "wifi pw: ilovemycat ", "the word to get into x is ", "safe word for strangers picking up ",
                 "its Ab12cd34 for ", "u/ a p/ ", "unlock pattern 1-4-7-8-", "alarm code -> 8 2 ",
                 "recovery codes abcde-fgh1j ", "combination turned out to be 24 - ", "Marlowe42, that's the x one ",
                 "the one for the x site is ",
                 # twenty-sixth round: a user's secret, a key's bytes, a profile's lock, the radio alphabet, a
                 # device key, digits in Portuguese, a bech32 address, a serial
                 "sip user 1 secret Ab1!cd ", "network key: 4B ", "profile lock 2468 ", "pw: kilo echo ",
                 "local_key: U[Hx;F]0dUUPw ", "pin é quatro, ", "bc1qw4r8y2kq6xz9m3d7t0l5v8n2s4h6 ", "serial SA-77-00 ")


def hostile_growth() -> tuple[float, str, float]:
    """(the worst growth from 64 KiB to 256 KiB, its unit, its seconds at 256 KiB)."""
    from shelldon.util.secrets import redact

    def seconds(unit: str, size: int) -> float:   # best of three: a busy machine only adds
        text = unit * (size // len(unit))
        best = float("inf")
        for _ in range(3):
            start = time.perf_counter()
            redact(text)
            best = min(best, time.perf_counter() - start)
        return best
    worst = (0.0, "", 0.0)
    for unit in HOSTILE_UNITS:
        small, large = seconds(unit, 64 * 1024), seconds(unit, 256 * 1024)
        worst = max(worst, (large / max(small, 1e-6), unit, large))
    return worst


def turn_us(turns: int = 2000) -> float:
    import timeit

    import corpus
    import data
    from shelldon.util.secrets import redact_together
    gen = corpus.Generator(data.SEED + 11)
    pairs = [(gen.message(), gen.message()) for _ in range(turns)]

    def run():
        for owner, reply in pairs:
            redact_together(owner, reply)
    run()
    return min(timeit.repeat(run, number=1, repeat=7)) / turns * 1e6


def main() -> int:
    runs = int(sys.argv[sys.argv.index("-n") + 1]) if "-n" in sys.argv else 10
    import_ms()
    imports = [import_ms() for _ in range(runs)]
    own, cumulative = min(i[0] for i in imports), min(i[1] for i in imports)
    first = min(first_ms() for _ in range(runs))
    per_note, count = check_ms()
    per_turn = turn_us()
    growth, unit, large = hostile_growth()
    print(f"import    gate modules {own:.1f} ms (target <= 3), core.gate cumulative {cumulative:.1f} ms "
          f"(best of {runs})")
    print(f"first     one ordinary sentence through both gates in a fresh process: {first:.2f} ms (best of {runs})")
    print(f"check     {per_note:.3f} ms per note, both gates, warm ({count} notes x 20 rounds)")
    print(f"turn      {per_turn:.1f} us per ingested turn, the secret gate on both halves (2,000 turns, best of 7)")
    print(f"hostile   worst growth 64 KiB -> 256 KiB: {growth:.1f}x ({unit!r}, {large:.2f} s at 256 KiB; "
          f"target <= 6, linear is 4)")
    return 0 if own <= 3 and growth <= 6 else 1


if __name__ == "__main__":
    sys.exit(main())
