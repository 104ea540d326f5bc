from __future__ import annotations

import gzip
import json
from pathlib import Path

from spacy_u2tf.data.example import Example
from spacy_u2tf.data.pipeline import run_pipeline

DOCS = [
    "Hello there. It costs $5.99 today, right? We met on March 3, 2021 at 4 p.m. with the FBI.\nOK, see you.",
    "The 1990s were fine. About 45% of 1,500 people agreed. Email me at a@b.com. Thanks, Dr. Who.",
] * 3


def _write(tmp_path: Path) -> Path:
    path = tmp_path / "mini.jsonl"
    path.write_text("\n".join(json.dumps({"text": t}) for t in DOCS) + "\n")
    return path


def _read(folder: Path) -> list:
    return [line for p in sorted(folder.glob("*.jsonl.gz")) for line in gzip.open(p, "rt")]


def test_pipeline_is_deterministic_across_processes(tmp_path: Path) -> None:
    src = _write(tmp_path)
    a = run_pipeline([src], tmp_path / "a", seed=3, processes=1, min_example_words=5, progress=False)
    b = run_pipeline([src], tmp_path / "b", seed=3, processes=2, min_example_words=5, progress=False)
    assert _read(tmp_path / "a") == _read(tmp_path / "b")
    stats = a["mini"]
    assert stats["roundtrip_rate"] == 1.0 and stats["examples"] > 0
    assert b["mini"]["examples"] == stats["examples"]
    assert json.loads((tmp_path / "a" / "stats.own.json").read_text())["mini"]["documents"] == len(DOCS)
    for line in _read(tmp_path / "a"):
        assert Example.from_json(line).round_trips()
    c = run_pipeline([src], tmp_path / "c", seed=4, processes=1, min_example_words=5, progress=False)
    assert c["mini"]["examples"] == stats["examples"]
    assert _read(tmp_path / "c") != _read(tmp_path / "a")  # another seed draws other spoken variants


def test_skip_docs_draws_the_later_documents_only(tmp_path: Path) -> None:
    src = _write(tmp_path)
    whole = run_pipeline([src], tmp_path / "all", seed=3, processes=1, min_example_words=5, progress=False)
    later = run_pipeline([src], tmp_path / "later", seed=3, processes=1, min_example_words=5, skip_docs=4,
                         progress=False)
    assert later["mini"]["documents"] == 2
    # documents keep their own seeds (by index), so the last two come out exactly as in the whole run
    assert set(_read(tmp_path / "later")) < set(_read(tmp_path / "all"))
    assert whole["mini"]["documents"] == len(DOCS)


def test_skip_and_doc_limit_select_from_files_not_from_generated_documents(tmp_path: Path) -> None:
    """A fresh sample from later in a corpus (``skip_docs`` beyond the generated count) still gets its
    generated documents: they are a new draw per seed, not a part of a file."""
    src = _write(tmp_path)
    stats = run_pipeline([src], tmp_path / "out", seed=3, processes=1, min_example_words=5, skip_docs=4, max_docs=1,
                         synthetic=6, progress=False)
    assert stats["mini"]["documents"] == 1
    assert stats["synthetic"]["documents"] == 6 and stats["synthetic"]["examples"] > 0


def test_unspelled_plural_acronym_round_trips_as_mixed_case() -> None:
    """"TVs" said as one word ("tvs") is mixed case: it needs its stage-2 span pair to come back."""
    import random

    from spacy_u2tf.data.examples import ExampleBuilder

    builder = ExampleBuilder(spell_acronym_p=0.0)
    ex = builder.build("Some TVs and PCs have it.", random.Random(0))
    assert ex is not None
    assert ex.spoken == ["some", "tvs", "and", "pcs", "have", "it"]
    assert [(s.start, s.cls, s.written) for s in ex.spans] == [(1, "mixed", "TVs"), (3, "mixed", "PCs")]
    assert ex.assemble().text == ex.written


def test_dotted_acronym_said_as_one_word_is_a_one_word_span() -> None:
    """"U.S." said as "us" (NeMo's normalizer writes "US") keeps its dots through a stage-2 span pair."""
    import random

    from spacy_u2tf.data.examples import ExampleBuilder

    said = ExampleBuilder(spell_acronym_p=0.0).build("The U.S. Army told us so.", random.Random(0))
    assert said is not None
    assert said.spoken == ["the", "us", "army", "told", "us", "so"]
    assert [(s.start, s.end, s.cls, s.written) for s in said.spans] == [(1, 2, "acronym", "U.S.")]
    assert said.itn[:3] == ["O", "B", "O"] and said.case[4] == "LOWER"
    spelled = ExampleBuilder(spell_acronym_p=1.0).build("The U.S. Army told us so.", random.Random(0))
    assert spelled is not None and spelled.spoken[1:3] == ["u", "s"]
    for ex in (said, spelled):
        assert ex.round_trips()
