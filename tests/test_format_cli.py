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


@pytest.mark.parametrize("line", ['{"other": "x"}', '["text"]', '{"text": 5}'])
def test_jsonl_line_without_text_field(tiny_model_path, capsys, monkeypatch, line: str) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO('{"text": "fine"}\n' + line + "\n"))
    rc = main(fmt(tiny_model_path, "--jsonl"))
    assert rc == 2
    assert "<stdin>:2:" in capsys.readouterr().err


@pytest.mark.parametrize("mode", ["stop", "skip", "keep"])
def test_jsonl_blank_lines_are_skipped(tiny_model_path, tmp_path, capsys, expected, mode: str) -> None:
    src = tmp_path / "in.jsonl"
    src.write_text(f'{{"text": "{LINES[0]}"}}\n\n{{"text": "{LINES[2]}"}}\n  \t\n\n', encoding="utf-8")
    assert main(fmt(tiny_model_path, "--jsonl", "--input", str(src), "--on-error", mode)) == 0
    captured = capsys.readouterr()
    assert [json.loads(line)["text"] for line in captured.out.splitlines()] == [expected[LINES[0]],
                                                                                expected[LINES[2]]]
    assert "u2tf format" not in captured.err


NO_RECORD = [("{}", "no string field 'text' (missing)"), ('{"text": null}', "no string field 'text' (null)"),
             ('{"text": oops}', "not valid JSON"), ('["text"]', "not a JSON object (an array)")]


def _no_record_input(tmp_path, line: str):
    src = tmp_path / "in.jsonl"
    src.write_text(f'{{"id": 1, "text": "{LINES[0]}"}}\n{line}\n\n{{"id": 4, "text": "{LINES[2]}"}}\n',
                   encoding="utf-8")
    return src


def _u2tf_lines(err: str) -> list:
    return [line for line in err.replace("\r", "\n").splitlines() if line.startswith("u2tf")]


@pytest.mark.parametrize("line,message", NO_RECORD)
def test_jsonl_line_without_a_record_stops_after_the_lines_before_it(tiny_model_path, tmp_path, capsys, expected,
                                                                     line: str, message: str) -> None:
    src = _no_record_input(tmp_path, line)
    assert main(fmt(tiny_model_path, "--jsonl", "--input", str(src), "--on-error", "stop")) == 2
    captured = capsys.readouterr()
    assert [json.loads(out) for out in captured.out.splitlines()] == [{"id": 1, "text": expected[LINES[0]]}]
    err = _u2tf_lines(captured.err)
    assert len(err) == 1 and f"{src}:2: {message}" in err[0] and "stopped" in err[0], err
    dst = tmp_path / "out.jsonl"
    assert main(fmt(tiny_model_path, "--jsonl", "--input", str(src), "--output", str(dst))) == 2
    assert f"nothing written to {dst}" in capsys.readouterr().err and not dst.exists()


@pytest.mark.parametrize("line,message", NO_RECORD)
@pytest.mark.parametrize("mode", ["skip", "keep"])
def test_jsonl_line_without_a_record_is_left_out_or_written_as_read(tiny_model_path, tmp_path, capsys, expected,
                                                                    line: str, message: str, mode: str) -> None:
    src = _no_record_input(tmp_path, line)
    assert main(fmt(tiny_model_path, "--jsonl", "--input", str(src), "--on-error", mode)) == 0
    captured = capsys.readouterr()
    out = captured.out.splitlines()
    assert [json.loads(out[0]), json.loads(out[-1])] == [{"id": 1, "text": expected[LINES[0]]},
                                                         {"id": 4, "text": expected[LINES[2]]}]
    assert out[1:-1] == ([line] if mode == "keep" else [])
    how = "written as read" if mode == "keep" else "left out"
    err = _u2tf_lines(captured.err)
    assert len(err) == 1 and err[0].startswith(f"u2tf format: {src}:2: {message}") and err[0].endswith(f"; {how}")


def test_jsonl_lines_without_a_record_keep_their_place_under_two_processes(tiny_model_path, tmp_path, capsys,
                                                                           expected) -> None:
    src = tmp_path / "in.jsonl"
    lines = [json.dumps({"text": LINES[0]}), "{}", "", "[1]", json.dumps({"text": LINES[2]}), "{oops"] * 2
    src.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert main(fmt(tiny_model_path, "--jsonl", "--input", str(src), "--on-error", "keep", "--batch-size", "2",
                    "--processes", "2")) == 0
    captured = capsys.readouterr()
    written = [expected[LINES[0]], "{}", "[1]", expected[LINES[2]], "{oops"] * 2
    assert [json.loads(x)["text"] if x.startswith('{"') else x for x in captured.out.splitlines()] == written
    err = _u2tf_lines(captured.err)
    assert [e.split(": ")[1] for e in err] == [f"{src}:{n}" for n in (2, 4, 6, 8, 10, 12)]


def test_many_jsonl_lines_without_a_record_are_counted_past_the_first_ten(tiny_model_path, tmp_path,
                                                                          capsys) -> None:
    src = tmp_path / "in.jsonl"
    src.write_text("{}\n" * 12 + '{"text": "hello"}\n', encoding="utf-8")
    assert main(fmt(tiny_model_path, "--jsonl", "--input", str(src), "--on-error", "skip")) == 0
    captured = capsys.readouterr()
    assert len(captured.out.splitlines()) == 1
    err = _u2tf_lines(captured.err)
    assert len(err) == 11 and err[9].startswith(f"u2tf format: {src}:10: ") and "2 more" in err[10], err


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
    import spacy_u2tf.cli.format as format_cli

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


# -- disfluencies ------------------------------------------------------------------------------------------
DISFLUENT = "so um i went uh to the store and and we bought bread"


def test_disfluencies_reach_the_formatter(rule_disfluency_model, capsys, monkeypatch) -> None:
    modes: list = []

    def load(path=None, **options):
        modes.append(options["disfluencies"])
        return rule_disfluency_model(options["disfluencies"])

    monkeypatch.setattr(U2TF, "from_pretrained", load)
    outputs = {}
    for mode in ("keep", "fillers", "all"):
        assert main(["format", "--disfluencies", mode, DISFLUENT]) == 0
        outputs[mode] = capsys.readouterr().out.splitlines()
        assert outputs[mode] == [rule_disfluency_model(mode).format(DISFLUENT)]
    assert main(["format", DISFLUENT]) == 0
    assert capsys.readouterr().out.splitlines() == outputs["keep"]
    assert modes == ["keep", "fillers", "all", "keep"]
    assert " um " in outputs["keep"][0] and " um " not in outputs["fillers"][0]
    assert "and and" in outputs["fillers"][0] and "and and" not in outputs["all"][0]


def test_disfluencies_with_a_disfluency_head(tiny_disfluency_model_path, capsys) -> None:
    lines = [DISFLUENT, LINES[0], LINES[2]]
    assert main(["format", "--model", str(tiny_disfluency_model_path), "--disfluencies", "all", *lines]) == 0
    model = U2TF.from_pretrained(tiny_disfluency_model_path, disfluencies="all")
    assert capsys.readouterr().out.splitlines() == [model.format(line) for line in lines]


def test_disfluency_removal_without_a_head_is_a_clean_error(tiny_model_path, capsys) -> None:
    assert main(fmt(tiny_model_path, "--disfluencies", "fillers", DISFLUENT)) == 2
    assert "no disfluency head" in capsys.readouterr().err


def test_unknown_disfluency_mode_is_a_usage_error(tiny_model_path, capsys) -> None:
    with pytest.raises(SystemExit) as exc:
        main(fmt(tiny_model_path, "--disfluencies", "some", DISFLUENT))
    assert exc.value.code == 2
    assert "--disfluencies" in capsys.readouterr().err


# -- lines, encodings, failing lines and option checks ----------------------------------------------------------
def _stdin_bytes(monkeypatch, data: bytes) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"))


def test_lines_split_only_on_newline_for_stdin_and_files(tiny_model_path, tmp_path, capsys, monkeypatch) -> None:
    data = "hello\rthere\nhow are you\r\n\x0bok\x1c now\u2028fine\n".encode("utf-8")  # 3 lines, not 4 or more
    _stdin_bytes(monkeypatch, data)
    assert main(fmt(tiny_model_path)) == 0
    from_stdin = capsys.readouterr().out.split("\n")
    src = tmp_path / "in.txt"
    src.write_bytes(data)
    assert main(fmt(tiny_model_path, "--input", str(src))) == 0
    assert capsys.readouterr().out.split("\n") == from_stdin
    assert len(from_stdin) == 4 and from_stdin[-1] == ""  # three lines, each ended by "\n"


def test_invalid_utf8_names_its_line_and_writes_nothing(tiny_model_path, tmp_path, capsys) -> None:
    src, dst = tmp_path / "in.txt", tmp_path / "out.txt"
    src.write_bytes(b"\n" * 2997 + b"hello\n" + b"ok caf\xe9 now\n" + b"bye\n")  # empty lines skip the model
    dst.write_text("older output\n")
    assert main(fmt(tiny_model_path, "--input", str(src), "--output", str(dst))) == 2
    err = [line for line in capsys.readouterr().err.replace("\r", "\n").splitlines() if line.startswith("u2tf")]
    assert len(err) == 1 and f"{src}:2999: not UTF-8 text" in err[0] and "at byte 7 of the line" in err[0], err
    assert dst.read_text() == "older output\n"  # not half-written, not truncated
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in.txt", "out.txt"]  # no temporary file left
    assert main(fmt(tiny_model_path, "--input", str(src), "--output", str(dst), "--errors", "replace")) == 0
    lines = dst.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 3000 and "\ufffd" in lines[2998]


@pytest.fixture
def boom(monkeypatch):
    """The formatter fails on any line holding BOOM."""
    original = U2TF.process_batch

    def process_batch(self, docs, batch_size=None):
        if any("BOOM" in d for d in docs if isinstance(d, str)):
            raise ValueError("boom")
        return original(self, docs, batch_size)

    monkeypatch.setattr(U2TF, "process_batch", process_batch)


def test_failing_line_stops_with_its_number_and_nothing_written(tiny_model_path, tmp_path, capsys, boom) -> None:
    src, dst = tmp_path / "in.txt", tmp_path / "out.txt"
    src.write_text("hello there\nwhy BOOM\nbye\n", encoding="utf-8")
    assert main(fmt(tiny_model_path, "--input", str(src), "--output", str(dst))) == 1
    err = [line for line in capsys.readouterr().err.replace("\r", "\n").splitlines() if line.startswith("u2tf")]
    assert len(err) == 1 and f"{src}:2: cannot format this line (ValueError: boom" in err[0], err
    assert not dst.exists() and list(tmp_path.iterdir()) == [src]


@pytest.mark.parametrize("mode,processes", [("skip", "1"), ("keep", "1"), ("keep", "2")])
def test_on_error_skip_or_keep_goes_on_and_counts(tiny_model_path, tmp_path, capsys, boom, expected, mode: str,
                                                  processes: str) -> None:
    src, dst = tmp_path / "in.txt", tmp_path / "out.txt"
    src.write_text(f"{LINES[0]}\nwhy BOOM\n{LINES[2]}\nBOOM again\n", encoding="utf-8")
    assert main(fmt(tiny_model_path, "--input", str(src), "--output", str(dst), "--on-error", mode,
                    "--batch-size", "2", "--processes", processes)) == 0
    bad = ["", ""] if mode == "skip" else ["why BOOM", "BOOM again"]
    assert dst.read_text(encoding="utf-8").split("\n") == [expected[LINES[0]], bad[0], expected[LINES[2]], bad[1], ""]
    assert "2 line(s) could not be formatted" in capsys.readouterr().err


@pytest.mark.parametrize("mode,message", [("stop", ":3: cannot format this line"),
                                          ("keep", "1 line(s) could not be formatted and were written unformatted: 3")])
def test_a_failing_jsonl_line_is_named_by_its_line_in_the_file(tiny_model_path, tmp_path, capsys, boom, mode: str,
                                                               message: str) -> None:
    src = tmp_path / "in.jsonl"
    src.write_text('{"text": "hello there"}\n\n{"text": "why BOOM"}\n', encoding="utf-8")
    assert main(fmt(tiny_model_path, "--jsonl", "--input", str(src), "--on-error", mode)) == (1 if mode == "stop"
                                                                                              else 0)
    assert message in capsys.readouterr().err


@pytest.mark.parametrize("args,message", [
    (["--batch-size", "0", "hi"], "--batch-size must be at least 1, got 0"),
    (["--batch-size", "-3", "hi"], "--batch-size must be at least 1"),
    (["--threads", "0", "hi"], "--threads must be at least 1"),
    (["--device", "banana", "hi"], "--device banana: unknown device"),
    (["--device", "cuda:99", "hi"], "--device cuda:99"),
    (["--jsonl", "hi"], "--jsonl, --field and --output-field read --input or stdin"),
    (["--field", "t", "hi"], "--jsonl, --field and --output-field read --input or stdin"),
])
def test_bad_options_are_one_line_errors(tiny_model_path, capsys, args: list, message: str) -> None:
    assert main(fmt(tiny_model_path, *args)) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.splitlines()) == 1, err


def test_cuda_without_cuda_is_a_one_line_error(tiny_model_path, capsys) -> None:
    import torch

    if torch.cuda.is_available():
        pytest.skip("this machine has CUDA")
    assert main(fmt(tiny_model_path, "--device", "cuda", "hi")) == 2
    err = capsys.readouterr().err
    assert "CUDA is not available" in err and len(err.splitlines()) == 1


def test_threads_option_sets_torch_threads(tiny_model_path, capsys, expected) -> None:
    import torch

    before = torch.get_num_threads()
    try:
        assert main(fmt(tiny_model_path, "--threads", "1", LINES[0])) == 0
        assert torch.get_num_threads() == 1
        assert capsys.readouterr().out == expected[LINES[0]] + "\n"
    finally:
        torch.set_num_threads(before)


def test_atomic_output_gets_a_new_files_mode_not_the_temporary_files(tmp_path):
    """The output file is readable as any file the user creates (mkstemp's temporary file is private)."""
    import os

    from spacy_u2tf.format_io import AtomicOutput

    umask = os.umask(0o022)
    try:
        with AtomicOutput(tmp_path / "out.txt") as out:
            out.file.write("x\n")
            out.commit()
    finally:
        os.umask(umask)
    assert (tmp_path / "out.txt").read_text() == "x\n"
    assert (tmp_path / "out.txt").stat().st_mode & 0o777 == 0o644
    assert [p.name for p in tmp_path.iterdir()] == ["out.txt"]
