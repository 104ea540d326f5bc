"""Ray Data: the map_batches callable (row errors, labels, alignment) and files formatted on a local Ray instance
(num_cpus=2) with the shipped model: every row once, in order, failing rows with an error.

One file job on a local Ray instance runs by default; the other file formats and the CLI start actors again and
run with --runslow (each Ray job starts actors that load the model: slow on 2 cores)."""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from spacy_u2tf.core.api import U2TF
from spacy_u2tf.core.io import FAST_MODEL

ray = pytest.importorskip("ray", reason="ray is not installed (pip install 'spacy-u2tf[ray]')")
pytest.importorskip("ray.data", reason="ray[data] is not installed (pip install 'spacy-u2tf[ray]')")

from spacy_u2tf.ray import ERROR_COLUMN, Formatter, format_file  # noqa: E402

# Texts are compared across batchings: only fp32 gives a text that does not depend on its batch (bf16, which the
# default "auto" picks on some CPUs, does not), so every model here is fp32.
TEXTS = [f"on may {n} we paid {n} dollars for {n} tickets is that right" for n in
         "first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth".split()]


@pytest.fixture(scope="module")
def expected(packaged_model_folder):
    return U2TF.from_pretrained(packaged_model_folder(FAST_MODEL), dtype="fp32").format_batch(TEXTS)


@pytest.fixture(scope="module")
def local_ray():
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def test_formatter_formats_a_batch_and_reports_failing_rows(expected) -> None:
    formatter = Formatter(FAST_MODEL, output_column="written", labels=True, alignment=True, max_words=20,
                          dtype="fp32")
    column = np.array(TEXTS[:2] + [7, None, "word " * 21], dtype=object)
    out = formatter({"text": column, "id": np.arange(5)})
    assert list(out["written"][:2]) == expected[:2] and list(out["written"][2:]) == [None] * 3
    assert list(out["text"]) == list(column) and list(out["id"]) == list(range(5))  # input columns kept
    errors = list(out[ERROR_COLUMN])
    assert errors[:2] == [None, None]
    assert errors[2].startswith("TypeError") and errors[3].startswith("TypeError")
    assert errors[4] == "ValueError: 21 words, more than max_words=20"
    labels = json.loads(out["labels"][0])
    assert len(labels["punct"]) == len(labels["case"]) == len(TEXTS[0].split())
    groups = json.loads(out["alignment"][0])
    assert sorted(i for source, _, _ in groups for i in source) == list(range(len(TEXTS[0].split())))


def test_formatter_reads_json_lines(expected) -> None:
    formatter = Formatter(FAST_MODEL, jsonl=True, field="spoken", output_field="written", dtype="fp32")
    lines = [json.dumps({"spoken": TEXTS[0], "id": 1}), "{not json", json.dumps({"spoken": 3}), "[1]",
             json.dumps({"other": "x"})]
    out = [json.loads(line) for line in formatter({"text": np.array(lines, dtype=object)})["text"]]
    assert out[0] == {"spoken": TEXTS[0], "id": 1, "written": expected[0]}
    assert out[1]["line"] == "{not json" and out[1]["error"].startswith("ValueError: not a JSON line")
    assert out[2]["spoken"] == 3 and out[2]["error"].startswith("TypeError")
    assert out[3]["error"] == "ValueError: the JSON line is not an object"
    assert out[4]["error"] == "KeyError: no field 'spoken'"


def test_jsonl_file_every_row_once_in_order(local_ray, tmp_path, expected) -> None:
    rows = [{"text": t, "n": i} for i, t in enumerate(TEXTS)]
    rows.insert(3, {"text": 12, "n": "bad"})
    source = tmp_path / "in.jsonl"
    source.write_text("".join(json.dumps(r) + "\n" for r in rows))
    summary = format_file(source, tmp_path / "out.jsonl", actors=2, batch_size=4, model=FAST_MODEL, dtype="fp32")
    out = [json.loads(line) for line in (tmp_path / "out.jsonl").read_text().splitlines()]
    assert (summary.rows_in, summary.rows_out, summary.failed) == (13, 13, [3])
    assert [o["n"] for o in out] == [r["n"] for r in rows]
    assert [o["text"] for o in out if "error" not in o] == expected
    assert out[3]["error"].startswith("TypeError")


@pytest.mark.slow
def test_parquet_and_text_files_keep_their_format(local_ray, tmp_path, expected) -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq

    pq.write_table(pa.table({"spoken": TEXTS, "id": list(range(len(TEXTS)))}), tmp_path / "in.parquet")
    summary = format_file(tmp_path / "in.parquet", tmp_path / "out.parquet", column="spoken",
                          output_column="written", actors=2, batch_size=5, model=FAST_MODEL, dtype="fp32")
    table = pq.read_table(tmp_path / "out.parquet")
    assert (summary.rows_in, summary.rows_out, summary.failed) == (12, 12, [])
    assert table.column("written").to_pylist() == expected and table.column("id").to_pylist() == list(range(12))
    assert table.column(ERROR_COLUMN).null_count == 12

    (tmp_path / "in.txt").write_text("\n".join(TEXTS[:5] + [""] + TEXTS[5:]) + "\n")
    summary = format_file(tmp_path / "in.txt", tmp_path / "out.txt", actors=2, batch_size=3, model=FAST_MODEL,
                          dtype="fp32")
    assert (summary.rows_in, summary.rows_out) == (13, 13)
    assert (tmp_path / "out.txt").read_text().splitlines() == expected[:5] + [""] + expected[5:]


@pytest.mark.slow
def test_cli_engine_ray(local_ray, tmp_path, expected) -> None:
    from spacy_u2tf.cli import main

    (tmp_path / "in.txt").write_text("\n".join(TEXTS) + "\n")
    code = main(["format", "--engine", "ray", "-i", str(tmp_path / "in.txt"), "-o", str(tmp_path / "out.txt"),
                 "--model", FAST_MODEL, "--actors", "2", "--batch-size", "4", "--dtype", "fp32"])
    assert code == 0
    assert (tmp_path / "out.txt").read_text().splitlines() == expected


def test_cli_engine_ray_needs_files(capsys) -> None:
    from spacy_u2tf.cli import main

    assert main(["format", "--engine", "ray", "hello there"]) == 2
    assert "--engine ray formats a file" in capsys.readouterr().err
