"""Build mixed_case_forms.tsv of the shipped models: the known mixed-case forms the formatter writes by default.

Sources (downloaded by the user from the package registries; nothing is fetched here):
- SCOWL "insane" word list (its entries that have the shape of a name: "McCoy", "iPod", "PowerPoint"), Debian package wamerican-insane (`apt-get download wamerican-insane`, then
  `dpkg-deb -x`): /usr/share/dict/american-english-insane. Copyright Kevin Atkinson, permissive licence.
- Simple Icons brand titles, npm package simple-icons (`npm pack simple-icons`): package/data/simple-icons.json.
  CC0-1.0.
- The project's own lists in spacy_u2tf/data/lexicons/.
- Optionally, written text (``--corpus``, what ``u2tf data`` reads: JSONL with a ``text`` field or plain text): the
  mixed-case words it writes the same way nearly every time (:func:`spacy_u2tf.data.mixed_case.corpus_mixed_forms`),
  e.g. the project's training corpora. Their licences are those of the corpora; name them with ``--corpus-note``.
The dictionary is SCOWL's standard-size list (Debian package wamerican): a form whose lowercase is written there in
lowercase or capitalized ("latex", "Pete") is left out.

    python scripts/build_mixed_case_forms.py --scowl american-english-insane --dictionary american-english \
        --simple-icons simple-icons.json --icons-version 16.37.0 \
        --corpus CORPORA/sgd.jsonl.gz --corpus CORPORA/qmsum.jsonl.gz ... --corpus-note "..."
"""
from __future__ import annotations

import argparse
import json
import textwrap
from pathlib import Path

from spacy_u2tf.core.labels import case_label
from spacy_u2tf.data.mixed_case import corpus_mixed_forms, known_mixed_forms, mixed_case_words, name_shaped
from spacy_u2tf.data.pipeline import read_documents

ASSETS = Path(__file__).resolve().parents[1] / "spacy_u2tf" / "assets"
OUT = [ASSETS / model / "mixed_case_forms.tsv" for model in ("u2tf-default", "u2tf-fast")]
HEADER = """# Known mixed-case forms: spoken word<TAB>written form. Written by scripts/build_mixed_case_forms.py from
# SCOWL (wamerican-insane {scowl_version}; Copyright 2000-2018 Kevin Atkinson, permission to use, copy, modify,
# distribute and sell granted without fee), Simple Icons brand titles (simple-icons {icons_version}, CC0-1.0) and
# the project's own lists (spacy_u2tf/data/lexicons). Left out: forms whose lowercase SCOWL's standard list
# (wamerican) writes in lowercase or capitalized, and forms of fewer than four letters outside the project's brands.
"""
CORPUS_HEADER = ("Also: mixed-case words that written text writes the same way at least {min_share:.0%} of the times "
                 "it uses them, {min_count} times or more: {note}.")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scowl", type=Path, required=True, help="american-english-insane (one word a line)")
    ap.add_argument("--dictionary", type=Path, required=True,
                    help="american-english of wamerican: its lowercase words are never written mixed-case")
    ap.add_argument("--scowl-version", default="2020.12.07-2", help="the Debian package version, for the header")
    ap.add_argument("--simple-icons", type=Path, required=True, help="simple-icons.json of the npm package")
    ap.add_argument("--icons-version", default="", help="the npm package version, for the header")
    ap.add_argument("--corpus", type=Path, action="append", default=[],
                    help="written text to take consistently written mixed-case words from (repeatable)")
    ap.add_argument("--corpus-note", default="", help="what --corpus is and its licences, for the header")
    ap.add_argument("--min-count", type=int, default=3, help="with --corpus: fewest uses of a form (default: 3)")
    ap.add_argument("--min-share", type=float, default=0.9,
                    help="with --corpus: least share of its word's uses a form must have (default: 0.9)")
    ap.add_argument("--out", type=Path, action="append", default=None,
                    help="the table to write (repeatable; default: the one of each shipped model)")
    args = ap.parse_args()
    scowl = args.scowl.read_text(encoding="utf-8", errors="replace").split("\n")
    dictionary = {w.lower() for w in args.dictionary.read_text(encoding="utf-8", errors="replace").split("\n")
                  if w and case_label(w) in ("LOWER", "CAPITAL")}
    icons = json.loads(args.simple_icons.read_text(encoding="utf-8"))
    icons = icons["icons"] if isinstance(icons, dict) else icons
    titles = [part for icon in icons for part in icon["title"].split()]
    texts = (doc for path in args.corpus for doc in read_documents(path))  # as `u2tf data` reads its input
    harvested = corpus_mixed_forms(texts, args.min_count, args.min_share) if args.corpus else []
    forms = known_mixed_forms([w for w in scowl if name_shaped(w)] + titles + mixed_case_words() + harvested,
                              dictionary)
    header = HEADER.format(scowl_version=args.scowl_version, icons_version=args.icons_version)
    if args.corpus:
        note = CORPUS_HEADER.format(min_share=args.min_share, min_count=args.min_count,
                                    note=args.corpus_note or ", ".join(p.name for p in args.corpus))
        header += "".join(f"# {line}\n" for line in textwrap.wrap(note, 114, break_on_hyphens=False))
    for out in args.out or OUT:
        out.write_text(header + "".join(f"{k}\t{v}\n" for k, v in forms.items()), encoding="utf-8")
        print(f"{len(forms)} forms → {out}")


if __name__ == "__main__":
    main()
