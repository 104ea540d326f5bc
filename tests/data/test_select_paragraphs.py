"""scripts/select_paragraphs.py: the focused training source of rare written forms (no corpora needed)."""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

FILLER = " ".join(["word"] * 20)


@pytest.fixture()
def select(repo_script):
    return repo_script("scripts/select_paragraphs.py", "select_paragraphs")


def _corpus(tmp_path: Path) -> Path:
    docs = [
        f"Mrs. Smith came. {FILLER}\nNo title in this line. {FILLER}",
        f"Apples, pears, etc. {FILLER}",        # document 1: held out below
        f"Cash and/or card. {FILLER}\nMs. Jones and Mr. Lee. {FILLER}\nMs. too short",
        f"the mrs. lowercase is no title {FILLER}",
    ]
    path = tmp_path / "books.jsonl"
    path.write_text("".join(json.dumps({"text": d}) + "\n" for d in docs))
    return path


def test_keeps_matching_lines_outside_held_out_documents(select, tmp_path: Path) -> None:
    pattern = re.compile(select.DEFAULT_PATTERN)
    got = list(select.matching_paragraphs(_corpus(tmp_path), pattern, {1}, 20, 200))
    assert got == [f"Mrs. Smith came. {FILLER}", f"Cash and/or card. {FILLER}", f"Ms. Jones and Mr. Lee. {FILLER}"]


def test_parse_skips_reads_ranges_and_single_documents(select) -> None:
    assert select.parse_skips(["books:2-4", "books:9", "laws:0"]) == {"books": {2, 3, 4, 9}, "laws": {0}}


def test_main_writes_shuffled_jsonl_named_by_source(select, tmp_path: Path, monkeypatch) -> None:
    out = tmp_path / "titles.jsonl"
    monkeypatch.setattr(sys, "argv", ["select_paragraphs.py", str(_corpus(tmp_path)), "--skip", "books:1",
                                      "--out", str(out), "--limit", "2"])
    assert select.main() == 0
    lines = [json.loads(line)["text"] for line in out.read_text().splitlines()]
    assert len(lines) == 2 and all(re.search(select.DEFAULT_PATTERN, t) for t in lines)
