"""benchmarks/eval_all.py: the commands it runs and the table it prints (no model, no data)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest


@pytest.fixture()
def eval_all(repo_script):
    return repo_script("benchmarks/eval_all.py", "eval_all")


def test_spoken_input_is_made_once_per_set_and_verbalizer(eval_all, tmp_path: Path, monkeypatch) -> None:
    calls = []

    def fake_run(cmd):
        calls.append(cmd)
        Path(cmd[cmd.index("--save-examples") + 1]).write_text("{}\n")

    monkeypatch.setattr(eval_all, "run", fake_run)
    path = eval_all.spoken_input("mixed", tmp_path / "dev", "nemo", None, tmp_path)
    assert path.name == "mixed.all.nemo.examples.jsonl" and len(calls) == 1
    cmd = calls[0]
    assert "--mixed-only" in cmd and cmd.count("--data") == 3 and cmd[cmd.index("--verbalizer") + 1] == "nemo"
    assert "--limit" not in cmd
    eval_all.spoken_input("mixed", tmp_path / "dev", "nemo", None, tmp_path)
    assert len(calls) == 1  # cached
    eval_all.spoken_input("qmsum", tmp_path / "dev", "own", 300, tmp_path)
    assert calls[1][-2:] == ["--limit", "300"] and "--chunk-words" in calls[1]


def test_table_lists_every_system_of_every_report(eval_all, tmp_path: Path) -> None:
    scores = {"I-WER": 0.5, "iwer_spans": 0.25, "itn_words": 10, "M-WER": None, "false_mixed": 0.0001}
    report = {"x.examples.jsonl (saved examples)": {"u2tf": scores, "nemo-itn": {"I-WER": 0.75}}}
    (tmp_path / "dialogsum.own.json").write_text(json.dumps(report))
    lines = eval_all.table(tmp_path).splitlines()
    assert lines[0].startswith("| dev set | input | system | I-WER | I-WER spans |")
    assert lines[2].startswith("| dialogsum | own | u2tf | 0.5000 | 0.2500 | 10 |") and "| - |" in lines[2]
    assert lines[3].startswith("| dialogsum | own | nemo-itn | 0.7500 | - |")
