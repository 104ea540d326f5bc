"""``u2tf format`` through ``spacy_u2tf.cli.main``: arguments, stdin, files, JSONL and error exits."""
from __future__ import annotations

import io
import json
import sys

import pytest

from spacy_u2tf.cli import main
from spacy_u2tf.core.api import U2TF

LINES = ["so we met at five thirty on monday", "", "hello there how are you", "   ", "😀 привет ok"]


@pytest.fixture(scope="module")
def expected(tiny_model_path):
    model = U2TF.from_pretrained(tiny_model_path)
    return {line: model.format(line) for line in LINES + ["Hello, World. I paid $5."]}


def fmt(tiny_model_path, *args: str) -> list:
    return ["format", "--model", str(tiny_model_path), *args]


def test_transcripts_as_arguments(tiny_model_path, capsys, expected) -> None:
    rc = main(fmt(tiny_model_path, LINES[0], LINES[2]))
    out = capsys.readouterr().out
    assert rc == 0
    assert out.splitlines() == [expected[LINES[0]], expected[LINES[2]]]


def test_stdin_keeps_line_count_and_order(tiny_model_path, capsys, monkeypatch, expected) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n".join(LINES) + "\n"))
    rc = main(fmt(tiny_model_path))
    out = capsys.readouterr().out
    assert rc == 0
    assert out.splitlines() == [expected[line] for line in LINES]
    assert out.splitlines()[1] == "" and out.splitlines()[3] == ""


def test_stdin_without_final_newline_and_crlf(tiny_model_path, capsys, monkeypatch, expected) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(f"{LINES[0]}\r\n\r\n{LINES[2]}", newline=""))
    assert main(fmt(tiny_model_path)) == 0
    assert capsys.readouterr().out.splitlines() == [expected[LINES[0]], "", expected[LINES[2]]]


def test_small_batches_give_the_same_lines(tiny_model_path, capsys, monkeypatch, expected) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n".join(LINES) + "\n"))
    assert main(fmt(tiny_model_path, "--batch-size", "2")) == 0
    assert capsys.readouterr().out.splitlines() == [expected[line] for line in LINES]


def test_two_processes_give_the_same_lines(tiny_model_path, tmp_path, capsys, expected) -> None:
    src = tmp_path / "in.jsonl"
    src.write_text("".join(json.dumps({"text": line, "id": i}) + "\n" for i, line in enumerate(LINES * 3)))
    assert main(fmt(tiny_model_path, "--input", str(src), "--jsonl", "--batch-size", "2", "--processes", "2")) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [(r["id"], r["text"]) for r in rows] == [(i, expected[line]) for i, line in enumerate(LINES * 3)]


def test_bad_line_under_two_processes_names_its_number(tiny_model_path, tmp_path, capsys) -> None:
    src = tmp_path / "in.jsonl"
    src.write_text("".join(json.dumps({"text": line}) + "\n" for line in LINES * 2) + "{oops\n")
    assert main(fmt(tiny_model_path, "--input", str(src), "--jsonl", "--batch-size", "2", "--processes", "2")) == 2
    assert f"{src}:{len(LINES) * 2 + 1}: not valid JSON" in capsys.readouterr().err


def test_bad_process_count_is_a_clean_error(tiny_model_path, capsys) -> None:
    assert main(fmt(tiny_model_path, "--processes", "0", "hello")) == 2
    assert "--processes 0" in capsys.readouterr().err


def test_input_and_output_files(tiny_model_path, tmp_path, capsys, expected) -> None:
    src, dst = tmp_path / "in.txt", tmp_path / "out.txt"
    src.write_text("\n".join(LINES) + "\n", encoding="utf-8")
    rc = main(fmt(tiny_model_path, "--input", str(src), "--output", str(dst)))
    assert rc == 0
    assert capsys.readouterr().out == ""
    assert dst.read_text(encoding="utf-8").splitlines() == [expected[line] for line in LINES]


def test_options_reach_the_formatter(tiny_model_path, capsys) -> None:
    rc = main(fmt(tiny_model_path, "--no-punctuation", "--no-truecase", "--no-itn", LINES[0]))
    assert rc == 0
    out = capsys.readouterr().out.strip()
    assert out == out.lower() and not any(mark in out for mark in ",.?")
    main(fmt(tiny_model_path, "--written-input", "passthrough", "Hello, World. I paid $5."))
    assert capsys.readouterr().out == "Hello, World. I paid $5.\n"


def test_jsonl_output_field_keeps_other_fields(tiny_model_path, tmp_path, capsys, monkeypatch, expected) -> None:
    records = [{"id": 1, "text": LINES[0], "meta": {"speaker": "A"}}, {"id": 2, "text": "ünïcode 😀 ok"}]
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records)))
    rc = main(fmt(tiny_model_path, "--jsonl", "--output-field", "formatted"))
    assert rc == 0
    out = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert len(out) == 2
    for original, got in zip(records, out):
        assert {k: v for k, v in got.items() if k != "formatted"} == original
        assert isinstance(got["formatted"], str)
    assert out[0]["formatted"] == expected[LINES[0]]


def test_jsonl_custom_field_replaced_in_place(tiny_model_path, capsys, monkeypatch, expected) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps({"transcript": LINES[2], "n": 3}) + "\n"))
    assert main(fmt(tiny_model_path, "--jsonl", "--field", "transcript")) == 0
    assert json.loads(capsys.readouterr().out) == {"transcript": expected[LINES[2]], "n": 3}


def test_jsonl_bad_line_names_its_number(tiny_model_path, tmp_path, capsys) -> None:
    src = tmp_path / "in.jsonl"
    src.write_text('{"text": "hello there"}\n{"text": oops}\n{"text": "more"}\n', encoding="utf-8")
    rc = main(fmt(tiny_model_path, "--jsonl", "--input", str(src)))
    err = capsys.readouterr().err
    assert rc == 2
    assert f"{src}:2:" in err and "JSON" in err


@pytest.mark.parametrize("line", ['{"other": "x"}', '["text"]', '{"text": 5}', ""])
def test_jsonl_line_without_text_field(tiny_model_path, capsys, monkeypatch, line: str) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO('{"text": "fine"}\n' + line + "\n"))
    rc = main(fmt(tiny_model_path, "--jsonl"))
    assert rc == 2
    assert "<stdin>:2:" in capsys.readouterr().err


def test_missing_input_file(tiny_model_path, tmp_path, capsys) -> None:
    missing = tmp_path / "missing.txt"
    rc = main(fmt(tiny_model_path, "--input", str(missing)))
    assert rc == 2
    assert str(missing) in capsys.readouterr().err


def test_non_utf8_input(tiny_model_path, tmp_path, capsys) -> None:
    src = tmp_path / "latin1.txt"
    src.write_bytes("caf\xe9 ok\n".encode("latin-1"))
    assert main(fmt(tiny_model_path, "--input", str(src))) == 2
    assert "UTF-8" in capsys.readouterr().err


def test_missing_model(capsys) -> None:
    rc = main(["format", "--model", "/nonexistent", "hello there"])
    assert rc == 2
    assert "/nonexistent" in capsys.readouterr().err


def test_arguments_and_input_together(tiny_model_path, tmp_path, capsys) -> None:
    src = tmp_path / "in.txt"
    src.write_text("hello\n", encoding="utf-8")
    assert main(fmt(tiny_model_path, "--input", str(src), "hello")) == 2
    assert "not both" in capsys.readouterr().err


def test_no_subcommand_is_a_usage_error(capsys) -> None:
    with pytest.raises(SystemExit) as exc:
        main([])
    assert exc.value.code == 2


def test_unwritable_output_is_a_clean_error(tiny_model_path, tmp_path, capsys) -> None:
    bad = tmp_path / "no-such-dir" / "out.txt"
    assert main(fmt(tiny_model_path, "--output", str(bad), "hello there")) == 2
    assert str(bad) in capsys.readouterr().err


def test_input_file_is_closed_when_the_model_fails_to_load(tmp_path, capsys, monkeypatch) -> None:
    import spacy_u2tf.format_cli as format_cli

    src = tmp_path / "in.txt"
    src.write_text("hello\n", encoding="utf-8")
    opened: list = []

    def tracking_open(*args, **kwargs):
        opened.append(open(*args, **kwargs))
        return opened[-1]

    monkeypatch.setattr(format_cli, "open", tracking_open, raising=False)
    assert main(["format", "--model", str(tmp_path / "no-model"), "--input", str(src)]) == 2
    assert "no-model" in capsys.readouterr().err
    assert len(opened) == 1 and opened[0].closed

    def broken(*args, **kwargs):
        raise RuntimeError("corrupt weights")

    monkeypatch.setattr(U2TF, "from_pretrained", broken)
    with pytest.raises(RuntimeError, match="corrupt weights"):  # an unexpected error still closes the input
        main(["format", "--input", str(src)])
    assert len(opened) == 2 and opened[1].closed
