"""``u2tf format --stream``: a real pipe (output read while stdin is still open), JSONL words, argument errors."""
from __future__ import annotations

import io
import json
import os
import queue
import subprocess
import sys
import threading

import pytest

from spacy_u2tf.cli import main
from spacy_u2tf.core.api import U2TF

WORDS = "so we met at five thirty on monday and then we went home".split()


def _core(word: str) -> str:
    return word.lower().strip(",.?!")


def test_stream_through_a_pipe(tiny_model_path) -> None:
    env = {**os.environ, "OMP_NUM_THREADS": "1"}
    proc = subprocess.Popen([sys.executable, "-m", "spacy_u2tf.cli", "format", "--stream", "--lookahead", "2",
                             "--written-input", "ignore", "--model", str(tiny_model_path)],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True, env=env)
    lines: "queue.Queue[str]" = queue.Queue()
    reader = threading.Thread(target=lambda: [lines.put(line) for line in proc.stdout], daemon=True)
    reader.start()
    try:
        for word in WORDS[:3]:
            proc.stdin.write(word + "\n")
            proc.stdin.flush()
        first = lines.get(timeout=120)  # committed while stdin is still open
        assert proc.poll() is None
        assert [_core(w) for w in first.split()] == WORDS[:1]
        proc.stdin.write(" ".join(WORDS[3:]) + "\n")  # several words on one line
        proc.stdin.close()
        assert proc.wait(timeout=120) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
    reader.join(timeout=10)
    rest = []
    while not lines.empty():
        rest.append(lines.get())
    written = (first + "".join(rest)).split()
    assert rest  # the rest came after stdin closed
    stream = U2TF.from_pretrained(tiny_model_path, written_input="ignore").stream(lookahead=2)
    expected = [w for line in (WORDS[:1], WORDS[1:2], WORDS[2:3], WORDS[3:]) for w in stream.push(line)]
    expected += stream.flush()
    assert written == [w["word"] for w in expected]


def test_stream_jsonl_words_with_times(tiny_model_path, capsys, monkeypatch) -> None:
    entries = [{"word": w, "start": float(i), "end": i + 0.5, "conf": 0.9} for i, w in enumerate(WORDS)]
    lines = [json.dumps(e) for e in entries[:5]] + [json.dumps(entries[5:9]), ""] + [json.dumps(entries[9:])]
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n".join(lines) + "\n"))
    assert main(["format", "--stream", "--jsonl", "--lookahead", "3", "--model", str(tiny_model_path)]) == 0
    out = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert out[0]["start"] == 0.0 and out[-1]["end"] == len(WORDS) - 0.5 and all(w["conf"] == 0.9 for w in out)
    assert [w["start"] for w in out] == sorted(w["start"] for w in out)


@pytest.mark.parametrize("extra", [["some text"], ["--processes", "2"]])
def test_stream_rejects_other_sources(tiny_model_path, capsys, extra) -> None:
    assert main(["format", "--stream", "--model", str(tiny_model_path), *extra]) == 2
    assert "--stream" in capsys.readouterr().err


def test_stream_reports_a_bad_line(tiny_model_path, capsys, monkeypatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO('{"word": "hi"}\nnot json\n'))
    assert main(["format", "--stream", "--jsonl", "--model", str(tiny_model_path)]) == 2
    assert "<stdin>:2: not valid JSON" in capsys.readouterr().err


def test_stream_jsonl_null_times(shipped_model, capsys, monkeypatch) -> None:
    """Null times on every word: written words without times; on a later line only: a one-line error."""
    untimed = [{"word": w, "start": None, "end": None} for w in "i paid twenty dollars".split()]
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n".join(json.dumps(e) for e in untimed) + "\n"))
    assert main(["format", "--stream", "--jsonl", "--lookahead", "2", "--dtype", "fp32"]) == 0
    out = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [w["word"] for w in out] == ["I", "paid", "$20."]
    monkeypatch.setattr(sys, "stdin", io.StringIO('{"word": "twenty", "start": 2, "end": 3}\n'
                                                  '{"word": "dollars", "start": null, "end": null}\n'))
    assert main(["format", "--stream", "--jsonl"]) == 2
    assert "<stdin>:2: word 1 of the stream ('dollars') has no times, the uncommitted words before it" in capsys.readouterr().err
