"""Known mixed-case forms: written without stage 2, whatever the case label; the lexicon and ITN spans win."""
from __future__ import annotations

import json
import shutil

import pytest

from spacy_u2tf.core.api import U2TF
from spacy_u2tf.core.lexicon import MixedCaseForms
from spacy_u2tf.data.mixed_case import (corpus_mixed_forms, known_mixed_forms, name_shaped,
                                        with_hyphenated_forms)

FORMS = {"youtube": "YouTube", "mcdonalds": "McDonald's", "iphone": "iPhone"}


@pytest.fixture(scope="module")
def tiny(tiny_model_path) -> U2TF:
    return U2TF.from_pretrained(tiny_model_path, mixed_case_forms=FORMS)


def test_known_forms_are_written_with_their_possessives(tiny) -> None:
    result = tiny.process("i saw youtube's post on my iphone at mcdonalds")
    words = [w.strip(",.?") for w in result.words]
    assert {"YouTube's", "iPhone", "McDonald's"} <= set(words)
    mixed = [g for g in result.groups if result.spoken[g.source[0]] in ("youtube's", "iphone", "mcdonalds")]
    assert len(mixed) == 3 and {g.cls for g in mixed} == {"mixed"} and all(len(g.source) == len(g.target) == 1 for g in mixed)
    assert [result.case[i] for g in mixed for i in g.source] == ["MIXED"] * 3


def test_a_known_acronym_takes_its_case_and_no_span(tiny_model_path) -> None:
    model = U2TF.from_pretrained(tiny_model_path, mixed_case_forms={**FORMS, "nba": "NBA"}, itn=False)
    result = model.process("the nba's best team and nba fans")
    words = [w.strip(",.?") for w in result.words]
    assert "NBA's" in words and "NBA" in words
    assert [result.case[i] for i, w in enumerate(result.spoken) if w.startswith("nba")] == ["ACRONYM"] * 2
    assert not [g for g in result.groups if any(result.spoken[i].startswith("nba") for i in g.source)
                and g.cls == "mixed"]


def test_the_lexicon_wins_and_false_turns_the_table_off(tiny_model_path) -> None:
    with_lexicon = U2TF.from_pretrained(tiny_model_path, mixed_case_forms=FORMS, lexicon={"youtube": "Youtube"})
    assert "Youtube" in with_lexicon.format("we watch youtube").rstrip(",.?").split()
    off = U2TF.from_pretrained(tiny_model_path, mixed_case_forms=False)
    assert "YouTube" not in off.format("we watch youtube")


def test_a_model_folder_ships_its_table(tiny_model_path, tmp_path) -> None:
    folder = tmp_path / "model"
    shutil.copytree(tiny_model_path, folder)
    (folder / "forms.tsv").write_text("# comment\nyoutube\tYouTube\n", encoding="utf-8")
    config = json.loads((folder / "config.json").read_text())
    (folder / "config.json").write_text(json.dumps({**config, "mixed_case_forms": "forms.tsv"}))
    assert len(U2TF.from_pretrained(folder).mixed_case_forms) == 1
    assert "YouTube" in U2TF.from_pretrained(folder).format("we watch youtube")
    assert not U2TF.from_pretrained(folder, mixed_case_forms=False).mixed_case_forms


def test_forms_map_one_word() -> None:
    with pytest.raises(ValueError, match="one spoken word"):
        MixedCaseForms({"you tube": "YouTube"})
    assert MixedCaseForms({"mcdonalds": "McDonald's"}).get("mcdonalds's") is None  # no double possessive


def test_a_known_acronym_is_one_with_its_possessive() -> None:
    forms = MixedCaseForms({"ufo": "UFO", "youtube": "YouTube", "mcdonalds": "McDonald's"})
    assert forms.is_acronym("ufo") and forms.is_acronym("UFO's")
    assert not forms.is_acronym("youtube") and not forms.is_acronym("mcdonalds") and not forms.is_acronym("car")


def test_forms_styled_with_a_hyphen_replace_the_run_together_ones() -> None:
    table = with_hyphenated_forms({"wifi": "WiFi", "wifi's": "WiFi's", "youtube": "YouTube"})
    assert table == {"wifi": "Wi-Fi", "wifi's": "Wi-Fi's", "youtube": "YouTube"}
    assert list(table) == sorted(table)


def test_known_mixed_forms_leave_out_dictionary_words_short_forms_and_clashes() -> None:
    forms = known_mixed_forms(["LaTeX", "YouTube", "mV", "IRAs", "LaRue", "LaRUE", "McCoy", "iPad",
                               "McDonald's", "Plain", "ABC"], dictionary={"latex"})
    assert forms == {"youtube": "YouTube", "mccoy": "McCoy", "ipad": "iPad", "mcdonald's": "McDonald's",
                     "mcdonalds": "McDonald's"}


@pytest.mark.parametrize("form,shaped", [("McCoy", True), ("O'Brien", True), ("LaRue", True), ("iPod", True),
                                         ("PowerPoint", True), ("ChemE", False), ("ErvIn", False), ("BSChE", False)])
def test_name_shaped(form: str, shaped: bool) -> None:
    assert name_shaped(form) is shaped


def test_corpus_mixed_forms_keep_words_written_the_same_way_nearly_always() -> None:
    texts = ["We tagged it with FrameNet. FrameNet frames, FrameNet again.",
             "McCain spoke. Then McCain left, and McCain came back.",
             "Macon is a city. McWorld, McWorld and McWorld; mcworld too.",     # 3 of 4 uses: not consistent
             "An iPod, an iPod.",                                                 # too rare
             "HeIsman HeIsman HeIsman"]                                           # not the shape of a name
    assert corpus_mixed_forms(texts) == ["FrameNet", "McCain"]
    assert corpus_mixed_forms(texts, min_count=2) == ["FrameNet", "McCain", "iPod"]
    assert corpus_mixed_forms(texts, min_share=0.7) == ["FrameNet", "McCain", "McWorld"]
    assert corpus_mixed_forms([]) == []

