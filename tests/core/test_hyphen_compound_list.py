"""core/lexicon.py HyphenCompounds: compounds always written with hyphens, joined where the tagger left no mark."""
from __future__ import annotations

from pathlib import Path

import pytest

from spacy_u2tf.core.lexicon import HyphenCompounds

ASSETS = Path(__file__).resolve().parents[2] / "spacy_u2tf" / "assets"


@pytest.mark.parametrize("spoken,punct,joined", [
    ("a non profit group", "O O O PERIOD", "O HYPHEN O PERIOD"),
    ("the right of way", "O O O PERIOD", "O HYPHEN HYPHEN PERIOD"),
    ("send an e mail", "O O O PERIOD", "O O HYPHEN PERIOD"),
    ("a non, profit group", "O COMMA O PERIOD", "O COMMA O PERIOD"),  # a mark the tagger put there stands
    ("the right of. way", "O O PERIOD PERIOD", "O O PERIOD PERIOD"),
    ("the right of cost", "O O O PERIOD", "O O O PERIOD"),  # not the whole compound
    ("the right of. way", "O O O PERIOD", "O HYPHEN HYPHEN PERIOD"),  # the longest first
    ("E MAIL", "O PERIOD", "HYPHEN PERIOD"),  # any case
])
def test_join_hyphenates_known_compounds_where_no_mark_stands(spoken: str, punct: str, joined: str) -> None:
    compounds = HyphenCompounds(["non-profit", "right-of-way", "e-mail", "of-way"])
    assert compounds.join([w.strip(",.") for w in spoken.split()], punct.split()) == joined.split()


@pytest.mark.parametrize("bad", ["nonprofit", "non-", "-mail", "non -profit", ""])
def test_a_compound_is_words_joined_by_hyphens(bad: str) -> None:
    with pytest.raises(ValueError, match="hyphen compound"):
        HyphenCompounds([bad])


def test_from_file_skips_comments_and_an_empty_list_joins_nothing(tmp_path) -> None:
    path = tmp_path / "compounds.txt"
    path.write_text("# a comment\nnon-profit\n\nSelf-Employed\n", encoding="utf-8")
    compounds = HyphenCompounds.from_file(path)
    assert compounds.compounds == {("non", "profit"), ("self", "employed")} and len(compounds) == 2
    empty = HyphenCompounds()
    assert not empty and empty.join(["non", "profit"], ["O", "O"]) == ["O", "O"]


@pytest.mark.parametrize("model", ["u2tf-default", "u2tf-fast"])
def test_shipped_models_list_compounds_without_numbers_or_ages(model: str) -> None:
    compounds = HyphenCompounds.from_file(ASSETS / model / "hyphen_compounds.txt")
    assert ("non", "profit") in compounds.compounds and ("e", "mail") in compounds.compounds
    assert ("year", "old") not in compounds.compounds and ("twenty", "first") not in compounds.compounds


def test_hyphen_compounds_false_turns_the_models_list_off(shipped_model) -> None:
    from spacy_u2tf import U2TF

    assert shipped_model.hyphen_compounds
    plain = U2TF(shipped_model.tagger, shipped_model.converter, hyphen_compounds=False,
                 label_thresholds=shipped_model.label_thresholds)
    assert not plain.hyphen_compounds


@pytest.mark.parametrize("spoken,punct,case,cased", [
    ("a rolls royce engine", "O HYPHEN O PERIOD", "LOWER LOWER LOWER LOWER", "LOWER CAPITAL CAPITAL LOWER"),
    ("to stratford upon avon", "O HYPHEN HYPHEN PERIOD", "LOWER CAPITAL CAPITAL CAPITAL",
     "LOWER CAPITAL LOWER CAPITAL"),
    ("a rolls royce engine", "O O O PERIOD", "LOWER LOWER LOWER LOWER", "LOWER LOWER LOWER LOWER"),  # not joined
    ("sgs thomson chips", "HYPHEN O PERIOD", "CAPITAL LOWER LOWER", "ACRONYM CAPITAL LOWER"),
    ("a non profit", "O HYPHEN PERIOD", "LOWER LOWER LOWER", "LOWER LOWER LOWER"),  # no capitals listed
    ("mcdonnell douglas", "HYPHEN PERIOD", "MIXED CAPITAL", "MIXED CAPITAL"),  # a mixed part keeps its label
])
def test_a_listed_name_takes_its_capitals_once_joined(spoken: str, punct: str, case: str, cased: str) -> None:
    compounds = HyphenCompounds(["Rolls-Royce", "Stratford-upon-Avon", "SGS-Thomson", "non-profit",
                                 "McDonnell-Douglas"])
    assert compounds.name_cases(spoken.split(), punct.split(), case.split()) == cased.split()
