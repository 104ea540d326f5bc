from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from spacy_u2tf.data.clean import clean_text
from spacy_u2tf.data.examples import ExampleBuilder
from spacy_u2tf.data.pipeline import run_pipeline
from spacy_u2tf.data.synthetic import TEMPLATES, synthetic_documents, template_entity


def test_synthetic_documents_are_reproducible_and_counted() -> None:
    docs = list(synthetic_documents(30, seed=1))
    assert len(docs) == 30 and docs == list(synthetic_documents(30, seed=1))
    assert docs != list(synthetic_documents(30, seed=2))
    assert list(synthetic_documents(0)) == []
    with pytest.raises(ValueError):
        list(synthetic_documents(-1))


def test_every_template_keeps_its_entity_as_one_span() -> None:
    """Each template, with an entity of its group, verbalizes and labels back to the same written text."""
    builder = ExampleBuilder()
    rng = random.Random(0)
    for group, templates in TEMPLATES.items():
        for template in templates:
            entity = template_entity(group, rng)
            text = clean_text(template.format(x=entity))
            ex = builder.build(text, random.Random(1))
            assert ex is not None, f"{group}: {text!r} was rejected ({dict(builder.rejected)})"
            assert ex.round_trips(), text
            assert entity in [s.written for s in ex.spans], f"{text!r}: spans {[s.written for s in ex.spans]}"


def test_unit_ordinals_and_mid_sentence_abbreviations_are_spans() -> None:
    """"2nd Infantry Division" says "second" as a span before capitalized words; "etc." inside a sentence
    ("etcetera" or "et cetera") and "and/or" are spans of their own."""
    builder = ExampleBuilder()
    cases = {"The 2nd Infantry Division crossed the river at dawn.": ("2nd", "ordinal"),
             "We need pens, paper, etc. for the meeting.": ("etc.", "abbreviation"),
             "You can pay by cash and/or card.": ("and/or", "alnum")}
    for text, (written, cls) in cases.items():
        for seed in range(4):
            ex = builder.build(clean_text(text), random.Random(seed))
            assert ex is not None and ex.round_trips(), text
            span = next(s for s in ex.spans if s.written == written)
            assert span.cls == cls, (text, span)
            assert ex.itn[span.start:span.end] == ["B"] + ["I"] * (span.end - span.start - 1), (text, ex.itn)
            assert ex.itn[span.end:span.end + 1] in ([], ["O"]), (text, ex.itn)


def test_pipeline_synthetic_source_has_the_rare_classes(tmp_path: Path) -> None:
    report = run_pipeline([], tmp_path / "out", synthetic=60, processes=1, progress=False)
    stats = report["synthetic"]
    assert stats["documents"] == 60 and stats["roundtrip_rate"] == 1.0
    classes = Counter(stats["span_classes"])
    for cls in ("electronic", "telephone", "address", "card", "ordinal", "abbreviation"):
        assert classes[cls] > 0, f"no {cls} spans in {dict(classes)}"
    assert list((tmp_path / "out").glob("synthetic.own-*.jsonl.gz"))


def test_cli_needs_inputs_or_synthetic(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    from spacy_u2tf.cli import main

    assert main(["data", "--out", str(tmp_path / "x")]) == 2
    assert "--synthetic" in capsys.readouterr().err
    assert main(["data", "--out", str(tmp_path / "x"), "--synthetic", "-3"]) == 2
