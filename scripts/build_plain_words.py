"""Build plain_words.txt of the shipped models: words never written in capitals, whose ACRONYM label needs more
probability (``label_thresholds["case"]["ACRONYM_PLAIN"]``; "sprint", not "SPRINT").

Sources (downloaded by the user from the package registries; nothing is fetched here): SCOWL's standard word list,
Debian package wamerican (/usr/share/dict/american-english), and its "insane" list, Debian package wamerican-insane
(/usr/share/dict/american-english-insane); `apt-get download PACKAGE`, then `dpkg-deb -x`. Copyright Kevin Atkinson,
permissive licence. The words are those of the standard list that it writes in lowercase or capitalized and that
neither list writes in capitals (:func:`spacy_u2tf.data.mixed_case.plain_words`).

    python scripts/build_plain_words.py --dictionary american-english --scowl american-english-insane
"""
from __future__ import annotations

import argparse
from pathlib import Path

from spacy_u2tf.data.mixed_case import comment_block, plain_words

ASSETS = Path(__file__).resolve().parents[1] / "spacy_u2tf" / "assets"
OUT = [ASSETS / model / "plain_words.txt" for model in ("u2tf-default", "u2tf-fast")]
HEADER = ("Words never written in capitals, one a line: a tagger's ACRONYM on them needs the ACRONYM_PLAIN "
          "threshold. Written by scripts/build_plain_words.py from SCOWL (wamerican and wamerican-insane "
          "{version}; Copyright 2000-2018 Kevin Atkinson, permission to use, copy, modify, distribute and sell "
          "granted without fee): the words of 2 to {longest} letters of the standard list (wamerican) that it "
          "writes in lowercase or capitalized and that neither list writes in capitals, but Roman numerals.")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dictionary", type=Path, required=True, help="american-english of wamerican (a word a line)")
    ap.add_argument("--scowl", type=Path, required=True, help="american-english-insane of wamerican-insane")
    ap.add_argument("--version", default="2020.12.07-2", help="the Debian packages' version, for the header")
    ap.add_argument("--longest", type=int, default=10, help="most letters of a word (default: 10)")
    ap.add_argument("--out", type=Path, action="append", default=None,
                    help="the list to write (repeatable; default: the one of each shipped model)")
    args = ap.parse_args()
    read = lambda path: path.read_text(encoding="utf-8", errors="replace").split("\n")  # noqa: E731
    words = plain_words(read(args.dictionary), read(args.scowl), args.longest)
    header = HEADER.format(version=args.version, longest=args.longest)
    text = comment_block(header)
    for out in args.out or OUT:
        out.write_text(text + "".join(f"{w}\n" for w in words), encoding="utf-8")
        print(f"{len(words)} words → {out}")


if __name__ == "__main__":
    main()
