"""Words lost and symbols invented over generated hard cases, and the CLI's time on a 100-line file under a
competing CPU load.

Its checks are its own (not the package's guards), and it uses only the public API, so the same script measures an
older checkout: ``PYTHONPATH=/path/to/old/checkout python benchmarks/robustness.py``.

    python benchmarks/robustness.py words --cases 10000          # crashes, lost words, invented symbols
    python benchmarks/robustness.py cli-load --lines 100         # u2tf format -i FILE, with a busy process beside it
    python benchmarks/robustness.py scaling --words 2000 16000   # one transcript of each length: time per word
    python benchmarks/robustness.py scaling --talk pounds        # ... made of amounts of pounds alone
"""
from __future__ import annotations

import argparse
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import time
import unicodedata
from collections import Counter
from pathlib import Path
from typing import List

SENTENCES = ["so we met at the office on monday", "what do you think about the budget", "thank you very much",
             "can you tell me where the station is", "she said hello to the team", "the computer asked again",
             "let me check my calendar and call you back", "i will send the report tomorrow morning"]
NUMBERS = ["twelve dollars", "five thirty", "twenty five percent", "three quarters", "nineteen ninety",
           "double oh seven", "ten k", "one hundred miles per hour", "the first of may", "two and a half"]
NAMES = ["john", "jane", "info", "ai two one", "mary smith", "support"]
DOMAINS = ["gmail", "example", "labs", "ai two one dot labs"]
OTHER = ["привет как дела", "谢谢 你好", "مرحبا بك", "שלום", "नमस्ते दोस्त", "γειά σου", "ありがとう", "안녕 하세요"]
DIGITS = ["⓻0", "፩4", "➌/F", "٣ apples", "⓻", "५ लोग", "½ cup", "1️⃣ rocket"]
WRITTEN = ["She said (quietly) hello.", "Call me at (555) 123-4567.", "Email jane.doe@example.com today.",
           "I paid $5 on 3/4.", "NASA launched it!", "See https://x.org, please.", "It costs 10:30 now?"]
ODD = ["x y twelve dollars", "c", "ten k mountain", "computer asked computer", "c c c", "at at dot dot"]
EMOJI = ["😀", "👍🏽", "🇫🇷", "❤️"]
# Words for symbols said where no symbol is meant, characters newer than Python's Unicode tables, numbers against an
# address: the kinds of input a fuzzing of the API found words lost or run together in.
FUZZED = ["contact john sharp at gmail dot com", "he paid x five dollars for it", "i feel \U0001fae8 today",
          "the \ue000 logo", "write to info at example dot com thousand", "billion one eight hundred",
          "slash question mark x y z", "i paid misses twelve dollars", "the code is zero zero zero"]
# Amounts of pounds in a text with no other currency send each amount's reading over the whole text; with dates,
# numbers and names, one transcript of them shows whether the time per word grows with the length.
LONG_TALK = ["the big one was fifty pounds and the small one was ten pounds", "my dog weighs twenty pounds",
             "we met on the fifth of june", "call me at five five five one two three four",
             "sarah met john o'brien at the station", "it was about six thousand five hundred pounds",
             "the meeting is at ten a m in room four oh four", "um so i i think we should go"]
# Amounts of pounds alone, nothing around them saying money or weight: the reading of each looks at the whole text.
POUNDS_TALK = ["the big one was fifty pounds and the small one was ten pounds"]
# One sentence over and over, of each kind of span and of words a rule looks around: none may cost more per word in
# a longer transcript.
TALKS = {"mixed": LONG_TALK, "pounds": POUNDS_TALK, "digits": ["five five five one two three four"],
         "scales": ["one hundred and twenty three thousand four hundred and fifty six"], "and": ["and and and the the"],
         "letters": ["a b c d e f g"], "ordinals": ["the first the second the third"],
         "dots": ["john at gmail dot com dot org dot"], "fillers": ["um uh um i i i you know"],
         "money": ["twelve dollars fifty cents and"], "brands": ["iphone youtube linkedin paypal"],
         "points": ["point five point six point"]}
VANISH = set("""zero oh o one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen
sixteen seventeen eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety hundred thousand million
billion double triple first second third fifth half halves quarter quarters thirds point and a an the of at dot
slash colon dash percent per dollar dollars pound pounds cent cents miles hour mile k am pm p m""".split())
_NUMBER_WORDS = VANISH - set("and a an the of at dot slash colon dash per miles hour mile k am pm p m".split())


def segment(rng: random.Random) -> str:
    kind = rng.randrange(9)
    if kind == 0:
        return f"{rng.choice(NAMES)} at {rng.choice(DOMAINS)} dot com"
    return rng.choice([SENTENCES, NUMBERS, OTHER, DIGITS, WRITTEN, ODD, EMOJI, SENTENCES, FUZZED][kind])


def cases(n: int, seed: int = 0) -> List[str]:
    rng = random.Random(seed)
    return [" ".join(segment(rng) for _ in range(rng.randint(1, 5))) for _ in range(n)]


def _key(text: str) -> str:
    return unicodedata.normalize("NFKC", text).casefold().strip(",.?!;:")


def _pieces(token: str) -> List[str]:
    return [token] + [p for p in re.split(r"[\W\d_]+", token) if p]


def lost_words(text: str, output: str) -> int:
    """Input words (other than number, symbol and glue words) missing from the output, counted with repeats."""
    have = Counter(p for t in output.split() for p in _pieces(_key(t)))
    electronic = [_key(t) for t in output.split() if "@" in t or "." in t.strip(".")]
    # single letters may be spelled into an acronym ("c c c" → "CCC"); names may run together in an address
    need = Counter(k for k in (_key(w) for w in unicodedata.normalize("NFKC", text).split())
                   if len(k) > 1 and k not in VANISH and not any(k in t for t in electronic))
    return sum(max(0, c - have[k]) for k, c in need.items())


def _digits(text: str) -> int:
    return sum(1 for ch in text if unicodedata.digit(ch, None) is not None
               and not unicodedata.decomposition(ch).startswith(("<super>", "<sub>")))


def invented(text: str, output: str) -> List[str]:
    """Symbols and digits the output writes that nothing in the input licenses, and '@' not where 'at' was said."""
    words = set(_key(w) for w in text.split())
    found = []
    if output.count("@") > text.count("@") and not {"at", "dot"} <= words:
        found.append("@")
    if output.count("/") > text.count("/") and not words & {"slash", "over", "per", "half", "quarters", "thirds",
                                                            "may"}:
        found.append("/")
    if output.count(":") > text.count(":") and not (words & {"colon"} or words & _NUMBER_WORDS):
        found.append(":")
    if _digits(output) > _digits(unicodedata.normalize("NFKC", text)) and not words & _NUMBER_WORDS:
        found.append("digit")
    spoken = [_key(w) for w in text.split()]
    for token in output.split():
        if "@" in token and "@" not in text:
            local = re.sub(r"[\W\d_]+", "", _key(token.split("@")[0]))
            said = {"".join(re.sub(r"[\W\d_]+", "", w) for w in spoken[k:i] if w not in VANISH)
                    for i, w in enumerate(spoken) if w == "at" for k in range(i)}
            if local not in said:
                found.append("@ misplaced")
    return found


def measure_words(n: int, batch: int) -> dict:
    from spacy_u2tf import U2TF

    model = U2TF.from_pretrained()
    texts = cases(n)
    crashes = lost = 0
    invented_cases: Counter = Counter()
    examples = []
    start = time.perf_counter()
    for i in range(0, n, batch):
        chunk = texts[i:i + batch]
        try:
            outputs = model.format_batch(chunk)
        except Exception:  # noqa: BLE001 - counted case by case
            outputs = []
            for text in chunk:
                try:
                    outputs.append(model.format(text))
                except Exception:  # noqa: BLE001
                    outputs.append(None)
        for text, out in zip(chunk, outputs):
            if out is None:
                crashes += 1
                continue
            missing = lost_words(text, out)
            made = invented(text, out)
            lost += missing
            invented_cases.update(made)
            if (missing or made) and len(examples) < 8:
                examples.append({"in": text, "out": out, "lost": missing, "invented": made})
    return {"cases": n, "words": sum(len(t.split()) for t in texts), "crashed_cases": crashes, "lost_words": lost,
            "invented": dict(invented_cases), "seconds": round(time.perf_counter() - start, 1),
            "examples": examples}


def measure_cli_load(lines: int, runs: int, threads: str) -> dict:
    rng = random.Random(1)
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "in.txt"
        src.write_text("\n".join(" ".join(rng.choice(SENTENCES + NUMBERS) for _ in range(4)) for _ in range(lines))
                       + "\n", encoding="utf-8")
        cmd = [sys.executable, "-m", "spacy_u2tf.cli", "format", "-i", str(src), "-o", str(Path(tmp) / "out.txt")]
        if threads:
            cmd += ["--threads", threads]
        env = {k: v for k, v in os.environ.items() if k not in ("OMP_NUM_THREADS", "MKL_NUM_THREADS")}
        busy = subprocess.Popen([sys.executable, "-c", "while True: pass"])
        times = []
        try:
            for _ in range(runs):
                t0 = time.perf_counter()
                subprocess.run(cmd, check=True, env=env, stderr=subprocess.DEVNULL)
                times.append(round(time.perf_counter() - t0, 2))
        finally:
            busy.kill()
            busy.wait()
    return {"lines": lines, "threads": threads or "default", "seconds": times, "cores": len(os.sched_getaffinity(0))}


def measure_scaling(lengths: List[int], talk: str = "mixed") -> dict:
    """Seconds to format one transcript of each length (in words) in one call, and per 1,000 words: a time per word
    that grows with the length is work done per span over the whole text. ``growth``: the longest's time per word
    over the shortest's. ``talk``: the sentences the transcripts are made of (:data:`TALKS`)."""
    from spacy_u2tf import U2TF

    model = U2TF.from_pretrained()
    rng = random.Random(2)
    model.format(" ".join(LONG_TALK))  # load and warm up outside the timings
    rows = []
    for n in lengths:
        words: List[str] = []
        while len(words) < n:
            words += rng.choice(TALKS[talk]).split()
        text = " ".join(words[:n])
        start = time.perf_counter()
        out = model.format(text)
        seconds = time.perf_counter() - start
        rows.append({"words": n, "seconds": round(seconds, 2), "seconds_per_1000_words": round(1000 * seconds / n, 3),
                     "lost_words": lost_words(text, out)})
    growth = rows[-1]["seconds_per_1000_words"] / rows[0]["seconds_per_1000_words"]
    return {"talk": talk, "lengths": rows, "growth": round(growth, 2)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="what", required=True)
    w = sub.add_parser("words")
    w.add_argument("--cases", type=int, default=10000)
    w.add_argument("--batch", type=int, default=64)
    c = sub.add_parser("cli-load")
    c.add_argument("--lines", type=int, default=100)
    c.add_argument("--runs", type=int, default=3)
    c.add_argument("--threads", default="", help="pass --threads N (default: the CLI's own default)")
    g = sub.add_parser("scaling")
    g.add_argument("--words", type=int, nargs="+", default=[2000, 16000], help="transcript lengths, shortest first")
    g.add_argument("--talk", choices=sorted(TALKS), default="mixed", help="the sentences of the transcripts")
    args = parser.parse_args()
    if args.what == "words":
        report = measure_words(args.cases, args.batch)
    elif args.what == "scaling":
        report = measure_scaling(args.words, args.talk)
    else:
        report = measure_cli_load(args.lines, args.runs, args.threads)
    print(json.dumps(report, ensure_ascii=False, indent=1))


if __name__ == "__main__":
    main()
