"""Build hyphen_compounds.txt of the shipped models: compounds written with hyphens wherever they are used.

Reads written text (what ``u2tf data`` reads: JSONL with a ``text`` field or plain text), e.g. the project's
training corpora, and keeps the compounds it hyphenates nearly every time their words stand in a row
(:func:`spacy_u2tf.data.hyphen_compounds.hyphen_compounds`). Old books hyphenate words that modern text does not
("to-day", "to-morrow"); build from modern text. The project's list of hyphenated names
(spacy_u2tf/data/lexicons/hyphen_names.txt: "Rolls-Royce", "Stratford-upon-Avon") is added in its capitals, and so
are the compounds of its list of words hyphenated in every use (spacy_u2tf/data/lexicons/hyphen_words.txt:
"hip-hop", "self-esteem") that the text does not write apart more often than hyphenated
(:func:`spacy_u2tf.data.hyphen_compounds.not_written_apart`).

    python scripts/build_hyphen_compounds.py --corpus CORPORA/sgd.jsonl.gz --corpus CORPORA/qmsum.jsonl.gz \\
        --corpus CORPORA/speeches.jsonl.gz --corpus CORPORA/scotus.jsonl.gz --note "..."
"""
from __future__ import annotations

import argparse
from pathlib import Path

from spacy_u2tf.data.hyphen_compounds import (hyphen_compounds, listed_hyphen_names, listed_hyphen_words,
                                              not_written_apart, with_names)
from spacy_u2tf.data.mixed_case import comment_block
from spacy_u2tf.data.pipeline import read_documents

ASSETS = Path(__file__).resolve().parents[1] / "spacy_u2tf" / "assets"
OUT = [ASSETS / model / "hyphen_compounds.txt" for model in ("u2tf-default", "u2tf-fast")]
HEADER = ("Compounds written with hyphens wherever they are used, one a line. Written by "
          "scripts/build_hyphen_compounds.py: compounds of 2 to {longest} words that the text below hyphenates "
          "{min_count} times or more and in at least {min_share:.0%} of the times their words stand in a row: "
          "{note}.")

NAMES_NOTE = (" Also the hyphenated names of the project's list (spacy_u2tf/data/lexicons/hyphen_names.txt, written "
              "from general knowledge), in their capitals, which their words take once joined, and the compounds of "
              "its list of words hyphenated in every use (spacy_u2tf/data/lexicons/hyphen_words.txt, also written "
              "from general knowledge) that the text above writes hyphenated at least {listed_share:.0%} of the "
              "times their words stand in a row (not counting a name, each word capitalized: \"the North West\"), "
              "or uses fewer than {min_count} times.")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpus", type=Path, action="append", required=True, help="written text (repeatable)")
    ap.add_argument("--note", default="", help="what --corpus is and its licences, for the header")
    ap.add_argument("--min-count", type=int, default=3, help="fewest hyphenated uses (default: 3)")
    ap.add_argument("--min-share", type=float, default=0.9,
                    help="least share of hyphenated uses among all uses of the words in a row (default: 0.9)")
    ap.add_argument("--longest", type=int, default=3, help="most words in a compound (default: 3)")
    ap.add_argument("--listed-share", type=float, default=0.5,
                    help="least share of hyphenated uses for a compound of the project's list of words hyphenated "
                         "in every use (default: 0.5)")
    ap.add_argument("--out", type=Path, action="append", default=None,
                    help="the list to write (repeatable; default: the one of each shipped model)")
    args = ap.parse_args()
    read_texts = lambda: (doc for path in args.corpus for doc in read_documents(path))  # noqa: E731
    compounds = hyphen_compounds(read_texts, args.min_count, args.min_share, args.longest)
    listed = not_written_apart(listed_hyphen_words(), read_texts, args.min_count, args.listed_share, args.longest)
    print(f"{len(listed)} of the listed words hyphenated in every use kept")
    compounds = with_names(compounds, listed_hyphen_names() + listed)
    header = HEADER.format(longest=args.longest, min_count=args.min_count, min_share=args.min_share,
                           note=args.note or ", ".join(p.name for p in args.corpus)) + NAMES_NOTE.format(
        listed_share=args.listed_share, min_count=args.min_count)
    text = comment_block(header)
    for out in args.out or OUT:
        out.write_text(text + "".join(f"{c}\n" for c in compounds), encoding="utf-8")
        print(f"{len(compounds)} compounds → {out}")


if __name__ == "__main__":
    main()
