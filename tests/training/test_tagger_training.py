"""`u2tf train tagger` plumbing: a tiny tagger, a few steps on a hand-made shard, resume, continue from a trained
tagger folder (heads kept, not re-initialised), export."""
from __future__ import annotations

import argparse
import gzip
import json

import pytest

pytest.importorskip("torch")

from spacy_u2tf.data.examples import make_example  # noqa: E402
from spacy_u2tf.cli import train_tagger as cli  # noqa: E402
from spacy_u2tf.training import tagger as training  # noqa: E402

TEXTS = [
    "We paid $12.3 million for it. Did you see the CEO?",
    "Call me at 5 p.m., please. I had a Big Mac at McDonald's yesterday.",
    "The NASA team met on March 15th, 2024, in Houston.",
    "Yes, I think so. What time is it?",
]


@pytest.fixture()
def shard_dir(tmp_path):
    import random

    folder = tmp_path / "shards"
    folder.mkdir()
    with gzip.open(folder / "toy.own-00000.jsonl.gz", "wt", encoding="utf-8") as fh:
        for i, text in enumerate(TEXTS):
            ex = make_example(text, random.Random(i))
            assert ex is not None, text
            fh.write(json.dumps(ex.to_dict()) + "\n")
    return folder


def _args(shard_dir, out, init, **overrides) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    cli.add_arguments(parser)
    argv = ["--data", str(shard_dir), "--out", str(out), "--init", str(init), "--batch-size", "2",
            "--max-len", "16", "--overlap", "4", "--warmup", "1", "--eval-every", "1000", "--save-every", "1",
            "--log-every", "1", "--threads", "1", "--quiet"]
    for key, value in overrides.items():
        flag = "--" + key.replace("_", "-")
        argv += [flag] if value is True else [flag, str(value)]
    return parser.parse_args(argv)


def _log(out):
    return [json.loads(line) for line in (out / "train.log").read_text().splitlines() if line.strip()]


def _tagger_folder(tiny_model_path, folder, *, layers=1, heads=4, labels=None, seed=0):
    """A random tagger (hidden size 16, feed-forward 32) on the tiny model's tokenizer, saved to ``folder``."""
    import torch

    from spacy_u2tf.core.tagger import DEFAULT_LABELS, Tagger, TaggerModel, build_encoder

    torch.manual_seed(seed)
    encoder, cfg = build_encoder({"vocab_size": 30522, "hidden_size": 16, "num_hidden_layers": layers,
                                  "num_attention_heads": heads, "intermediate_size": 32,
                                  "max_position_embeddings": 128})
    tokenizer = tiny_model_path / "tagger" / "tokenizer.json"
    Tagger(TaggerModel(encoder, 16, labels or DEFAULT_LABELS), cfg, tokenizer).save(folder)
    return folder


def _first_batch(shard_dir, folder, windows=4):
    """The first training batch of the toy shards for the tagger in ``folder``: ids, mask, targets and label ids."""
    import random

    from spacy_u2tf.core.tagger import DEFAULT_LABELS, Tagger, WindowSpec
    from spacy_u2tf.training.shards import mixture

    rng = random.Random(0)
    label_ids = {h: {l: i for i, l in enumerate(v)} for h, v in DEFAULT_LABELS.items()}
    ids, mask, targets, _ = next(training.batches(mixture(shard_dir, {}, rng), Tagger.load(folder).wordpiece,
                                                  WindowSpec(16, 4), windows, rng, label_ids))
    return ids, mask, targets, label_ids


def _head_kl(batch, source, folder, head):
    """KL divergence (temperature 1) of the ``head`` of the tagger in ``folder`` from that of ``source``."""
    import torch

    from spacy_u2tf.core.tagger import Tagger
    from spacy_u2tf.training.distill import distillation_loss

    ids, mask, targets, _ = batch
    with torch.no_grad():
        soft = Tagger.load(source).model(ids, mask)
        return distillation_loss({head: Tagger.load(folder).model(ids, mask)[head]}, soft, targets, 1.0,
                                 {head: 1.0}).item()


def test_tagger_folder_is_recognised(tiny_model_path, tmp_path):
    assert training.is_tagger_folder(tiny_model_path / "tagger")
    assert not training.is_tagger_folder(tmp_path)  # no config at all
    (tmp_path / "config.json").write_text(json.dumps({"hidden_size": 16}))  # a bare BERT-style encoder config
    assert not training.is_tagger_folder(tmp_path)


def test_continue_from_tagger_resume_and_export(tiny_model_path, shard_dir, tmp_path):
    import torch
    from safetensors.torch import load_file

    from spacy_u2tf.core.tagger import Tagger

    init = tiny_model_path / "tagger"
    out, export = tmp_path / "run", tmp_path / "export"
    assert cli.run(_args(shard_dir, out, init, steps=2, lr=0.0)) == 0
    # lr 0: the best model must hold the initial tagger's weights, heads included (not freshly initialised)
    before, after = load_file(str(init / "model.safetensors")), load_file(str(out / "best" / "model.safetensors"))
    assert set(before) == set(after)
    for key in before:
        assert torch.allclose(before[key].float(), after[key].float(), atol=1e-3), key

    assert cli.run(_args(shard_dir, out, init, steps=4, resume=True, export=export)) == 0
    assert [e["step"] for e in _log(out) if "loss" in e] == [1, 2, 3, 4]  # resumed at step 2, not from scratch
    assert json.loads((out / "args.json").read_text())["steps"] == 4  # the settings, for the model card
    tagger = Tagger.load(export)
    assert next(tagger.model.parameters()).dtype == torch.float32  # fp16 on disk, fp32 once loaded
    labels = tagger.predict([["hello", "world"]])
    assert len(labels[0]["punct"]) == 2


def test_layers_keeps_the_chosen_encoder_layers(tiny_model_path, shard_dir, tmp_path):
    """``--layers 1``: a 1-layer tagger whose only layer and heads are the init's layer 1 and heads."""
    import torch
    from safetensors.torch import load_file

    from spacy_u2tf.core.tagger import Tagger

    init = _tagger_folder(tiny_model_path, tmp_path / "two-layer", layers=2, heads=2)
    out = tmp_path / "run"
    assert cli.run(_args(shard_dir, out, init, steps=1, lr=0.0, layers="1")) == 0
    assert json.loads((out / "best" / "config.json").read_text())["encoder"]["num_hidden_layers"] == 1
    before, after = load_file(str(init / "model.safetensors")), load_file(str(out / "best" / "model.safetensors"))
    assert not any(".layer.1." in key for key in after)
    for key, value in after.items():
        source = key.replace(".layer.0.", ".layer.1.")
        assert torch.allclose(before[source].float(), value.float(), atol=1e-3), key
    assert len(Tagger.load(out / "best").predict([["hello", "world"]])[0]["punct"]) == 2
    for bad in ("2", "0,0", "one"):
        with pytest.raises(SystemExit, match="layers"):
            cli.run(_args(shard_dir, tmp_path / f"bad{bad}", init, steps=1, layers=bad))


@pytest.mark.parametrize("flag, keep, limit, config_key, shapes", [
    ("ffn", 8, 32, "intermediate_size", {"intermediate.dense": (8, 16), "output.dense": (16, 8)}),
    ("heads", 2, 4, "kept_attention_heads", {"attention.self.query": (8, 16), "attention.self.value": (8, 16),
                                             "attention.output.dense": (16, 8)}),
])
def test_narrowing_flags_narrow_every_layer(tiny_model_path, shard_dir, tmp_path, flag, keep, limit, config_key,
                                            shapes):
    """``--ffn 8`` keeps 8 of the init's 32 feed-forward neurons per layer, ``--heads 2`` 2 of its 4 attention heads
    (each of size 4); the tagger saves, loads and labels; the resumed run rebuilds the same shapes; a number outside
    1..limit is refused."""
    from safetensors.torch import load_file

    from spacy_u2tf.core.tagger import Tagger

    init = _tagger_folder(tiny_model_path, tmp_path / "wide", layers=2)
    out = tmp_path / "run"
    assert cli.run(_args(shard_dir, out, init, steps=1, **{flag: keep})) == 0
    assert json.loads((out / "best" / "config.json").read_text())["encoder"][config_key] == keep
    weights = load_file(str(out / "best" / "model.safetensors"))
    for layer in (0, 1):
        for name, shape in shapes.items():
            assert weights[f"encoder.encoder.layer.{layer}.{name}.weight"].shape == shape, name
    assert len(Tagger.load(out / "best").predict([["hello", "world"]])[0]["punct"]) == 2
    assert cli.run(_args(shard_dir, out, init, steps=2, resume=True, **{flag: keep})) == 0
    for bad in (-1, limit + 1):  # 0, the default, keeps every neuron and head
        with pytest.raises(SystemExit, match=f"--{flag}"):
            cli.run(_args(shard_dir, tmp_path / f"bad{bad}", init, steps=1, **{flag: bad}))


def test_a_distilled_student_moves_toward_its_teacher(tiny_model_path, shard_dir, tmp_path):
    """``--teacher`` with soft labels only (``--distill 1``) from a random teacher: after 30 steps the student's KL
    divergence from the teacher on a training batch is less than half what it was."""
    import torch

    from spacy_u2tf.core.tagger import DEFAULT_LABELS, Tagger
    from spacy_u2tf.training.distill import distillation_loss

    teacher = _tagger_folder(tiny_model_path, tmp_path / "teacher", seed=1)
    student = _tagger_folder(tiny_model_path, tmp_path / "student", seed=2)
    out = tmp_path / "run"
    assert cli.run(_args(shard_dir, out, student, steps=30, lr=0.01, teacher=teacher, distill=1.0,
                              temperature=1.0)) == 0
    assert json.loads((out / "args.json").read_text())["teacher"] == str(teacher)
    ids, mask, targets, _ = _first_batch(shard_dir, student)
    with torch.no_grad():
        soft = Tagger.load(teacher).model(ids, mask)
        before, after = (distillation_loss(Tagger.load(folder).model(ids, mask), soft, targets, 1.0,
                                           dict.fromkeys(DEFAULT_LABELS, 1.0)).item()
                         for folder in (student, out / "best"))
    assert after < 0.5 * before, (before, after)


def test_distill_heads_limits_the_soft_labels_to_the_named_heads(tiny_model_path, shard_dir, tmp_path):
    """``--distill 1 --distill-heads itn``: the ITN head moves toward a random teacher, the punctuation head learns
    the reference labels (its KL from the teacher does not halve, as it does when every head distils); an unknown
    head, or ``--distill-heads`` without ``--teacher``, is refused."""
    teacher = _tagger_folder(tiny_model_path, tmp_path / "teacher", seed=1)
    student = _tagger_folder(tiny_model_path, tmp_path / "student", seed=2)
    out = tmp_path / "run"
    assert cli.run(_args(shard_dir, out, student, steps=30, lr=0.01, teacher=teacher, distill=1.0,
                         distill_heads="itn", temperature=1.0)) == 0
    batch = _first_batch(shard_dir, student)
    assert _head_kl(batch, teacher, out / "best", "itn") < 0.5 * _head_kl(batch, teacher, student, "itn")
    assert _head_kl(batch, teacher, out / "best", "punct") > 0.5 * _head_kl(batch, teacher, student, "punct")
    with pytest.raises(SystemExit, match="heads of this tagger"):
        cli.run(_args(shard_dir, tmp_path / "bad", student, steps=1, teacher=teacher, distill_heads="itn,nope"))
    with pytest.raises(SystemExit, match="needs --teacher"):
        cli.run(_args(shard_dir, tmp_path / "bad", student, steps=1, distill_heads="itn"))


def test_head_teacher_gives_one_head_its_own_teacher(tiny_model_path, shard_dir, tmp_path):
    """``--distill 1 --distill-heads itn,punct --head-teacher itn=OTHER``: the ITN head moves toward OTHER (whose
    punctuation labels differ from the student's, which an ITN teacher may), the punctuation head toward
    ``--teacher``. A head without its labels there, a head not distilled, a malformed item, a head named twice and
    a head teacher without ``--teacher`` are refused."""
    from spacy_u2tf.core.tagger import DEFAULT_LABELS

    teacher = _tagger_folder(tiny_model_path, tmp_path / "teacher", seed=1)
    other = _tagger_folder(tiny_model_path, tmp_path / "other", seed=3,
                           labels={**DEFAULT_LABELS, "punct": ("O", "PERIOD")})
    student = _tagger_folder(tiny_model_path, tmp_path / "student", seed=2)
    out = tmp_path / "run"
    assert cli.run(_args(shard_dir, out, student, steps=30, lr=0.01, teacher=teacher, distill=1.0,
                         distill_heads="itn,punct", head_teacher=f"itn={other}", temperature=1.0)) == 0
    batch = _first_batch(shard_dir, student)
    assert _head_kl(batch, other, out / "best", "itn") < 0.5 * _head_kl(batch, other, student, "itn")
    assert _head_kl(batch, teacher, out / "best", "itn") > 0.5 * _head_kl(batch, teacher, student, "itn")
    assert _head_kl(batch, teacher, out / "best", "punct") < 0.5 * _head_kl(batch, teacher, student, "punct")
    bad = {"its punct labels differ": f"punct={other}", "not a distilled head": f"disfl={other}",
           "HEAD=FOLDER": "itn", r"got 'itn=.*\+'": f"itn={other}+", "two teachers": f"itn={other},itn={teacher}"}
    for message, spec in bad.items():
        with pytest.raises(SystemExit, match=message):
            cli.run(_args(shard_dir, tmp_path / "bad", student, steps=1, teacher=teacher, distill_heads="itn,punct",
                          head_teacher=spec))
    with pytest.raises(SystemExit, match="needs --teacher"):
        cli.run(_args(shard_dir, tmp_path / "bad", student, steps=1, head_teacher=f"itn={other}"))


def test_mixed_head_logits_average_the_members_probabilities():
    """A later member without a label (HYPHEN) takes the first member's probability for it and shares the rest of
    the mass out in its own proportions; labels may come in another order."""
    import torch

    from spacy_u2tf.training.distill import mixed_head_logits

    labels = ("O", "COMMA", "PERIOD", "HYPHEN")
    first = torch.log(torch.tensor([[0.4, 0.3, 0.2, 0.1]]))
    second = torch.log(torch.tensor([[0.5, 0.25, 0.25]]))
    mixed = mixed_head_logits([(first, labels), (second, ("O", "PERIOD", "COMMA"))], labels).exp()
    assert torch.allclose(mixed, torch.tensor([[0.425, 0.2625, 0.2125, 0.1]]), atol=1e-6)
    assert torch.allclose(mixed_head_logits([(first, labels), (first, labels)], labels).exp(), first.exp())


def test_the_teacher_in_a_mixture_is_neither_loaded_nor_run_again(tmp_path):
    """A mixture member that is also ``--teacher`` comes from the loaded teacher and its outputs on the batch."""
    from pathlib import Path

    import torch

    from spacy_u2tf.training.distill import head_teacher_logits, load_head_teachers

    class Unrunnable(torch.nn.Module):
        labels = {"punct": ("O", "PERIOD")}

        def forward(self, *_):
            raise AssertionError("run again")

    teacher = Unrunnable()
    folder = tmp_path / "not-a-tagger"  # loading it would fail
    mix = {"punct": [folder]}
    models = load_head_teachers(mix, student=None, device="cpu", loaded={folder: teacher})
    assert models == {folder: teacher}
    known = {"punct": torch.tensor([[[0.0, 1.0]]])}
    out = head_teacher_logits(models, mix, {"punct": ("O", "PERIOD")}, None, None, known={Path(folder): known})
    assert out["punct"] is known["punct"]


def test_head_teacher_mixture_teaches_the_mean_of_its_members(tiny_model_path, shard_dir, tmp_path):
    """``--head-teacher punct=A+B``: the punctuation head moves toward the mean of A's and B's probabilities (B
    lacking some of the labels); a mixture whose first member lacks labels is refused."""
    import torch

    from spacy_u2tf.core.tagger import DEFAULT_LABELS, Tagger
    from spacy_u2tf.training.distill import distillation_loss, head_teacher_logits, parse_head_teachers

    teacher = _tagger_folder(tiny_model_path, tmp_path / "teacher", seed=1)
    other = _tagger_folder(tiny_model_path, tmp_path / "other", seed=3,
                           labels={**DEFAULT_LABELS, "punct": ("O", "PERIOD")})
    student = _tagger_folder(tiny_model_path, tmp_path / "student", seed=2)
    spec = f"punct={teacher}+{other}"
    out = tmp_path / "run"
    assert cli.run(_args(shard_dir, out, student, steps=30, lr=0.01, teacher=student, distill=1.0,
                         distill_heads="punct", head_teacher=spec, temperature=1.0)) == 0
    ids, mask, targets, _ = _first_batch(shard_dir, student)
    mix = parse_head_teachers(spec, ["punct"])
    models = {f: Tagger.load(f).model for f in mix["punct"]}
    with torch.no_grad():
        soft = head_teacher_logits(models, mix, Tagger.load(student).labels, ids, mask)

        def kl(folder):
            return distillation_loss({"punct": Tagger.load(folder).model(ids, mask)["punct"]}, soft, targets, 1.0,
                                     {"punct": 1.0}).item()

        assert kl(out / "best") < 0.5 * kl(student)
    with pytest.raises(SystemExit, match="its punct labels differ"):
        cli.run(_args(shard_dir, tmp_path / "bad", student, steps=1, teacher=teacher, distill_heads="punct",
                      head_teacher=f"punct={other}+{teacher}"))


def test_teacher_must_label_the_same_subwords_with_the_same_labels(tiny_model_path, shard_dir, tmp_path):
    """A teacher with other label sets, another vocabulary or no tagger config is refused, as is a ``--distill``
    share outside (0, 1] or a temperature of 0."""
    from spacy_u2tf.core.tagger import DEFAULT_LABELS

    student = _tagger_folder(tiny_model_path, tmp_path / "student")
    vocab = _tagger_folder(tiny_model_path, tmp_path / "vocab")
    tokenizer = json.loads((vocab / "tokenizer.json").read_text())
    tokenizer["model"]["vocab"]["zzzunseen"] = len(tokenizer["model"]["vocab"])
    (vocab / "tokenizer.json").write_text(json.dumps(tokenizer))
    cases = {"label sets differ": _tagger_folder(tiny_model_path, tmp_path / "labels",
                                                 labels={**DEFAULT_LABELS, "punct": ("O", "PERIOD")}),
             "vocabulary differs": vocab,
             "not a tagger folder": tmp_path}
    for message, teacher in cases.items():
        with pytest.raises(SystemExit, match=message):
            cli.run(_args(shard_dir, tmp_path / "run", student, steps=1, teacher=teacher))
    for flag, bad in (("distill", 0.0), ("distill", 1.5), ("temperature", 0.0)):
        with pytest.raises(SystemExit, match=f"--{flag}"):
            cli.run(_args(shard_dir, tmp_path / "run", student, steps=1, teacher=student, **{flag: bad}))


def _disfluent_shards(tmp_path):
    """A shard of the toy texts with disfluency labels and inserted disfluencies."""
    import random

    from spacy_u2tf.data.pipeline import Augment

    folder = tmp_path / "disfl-shards"
    folder.mkdir()
    with gzip.open(folder / "toy.own-00000.jsonl.gz", "wt", encoding="utf-8") as fh:
        for i, text in enumerate(TEXTS):
            ex = Augment(disfluent_share=1.0, disfluency_rate=0.3).apply(make_example(text, random.Random(i)),
                                                                           random.Random(i))
            fh.write(ex.to_json() + "\n")
    return folder


def test_disfluency_head_is_added_trained_and_saved(tiny_model_path, tmp_path):
    """--disfluency-head adds a fourth head to a tagger trained without it: the old heads keep their weights
    (lr 0), the new one is saved with its labels, and examples with inserted words train without NaNs."""
    import torch
    from safetensors.torch import load_file

    from spacy_u2tf.core.labels import DISFL_LABELS
    from spacy_u2tf.core.tagger import Tagger

    folder = _disfluent_shards(tmp_path)
    init = tiny_model_path / "tagger"
    out = tmp_path / "run"
    assert cli.run(_args(folder, out, init, steps=2, lr=0.0, disfluency_head=True)) == 0
    before, after = load_file(str(init / "model.safetensors")), load_file(str(out / "best" / "model.safetensors"))
    assert set(after) - set(before) == {"heads.disfl.weight", "heads.disfl.bias"}
    for key in before:
        assert torch.allclose(before[key].float(), after[key].float(), atol=1e-3), key
    assert all(e["loss"] == e["loss"] for e in _log(out) if "loss" in e)  # no NaN
    tagger = Tagger.load(out / "best")
    assert tagger.labels["disfl"] == DISFL_LABELS
    labels = tagger.predict([["um", "i", "i", "think", "so"]])[0]
    assert len(labels["disfl"]) == 5 and set(labels["disfl"]) <= set(DISFL_LABELS)
    assert cli.run(_args(folder, out, out / "best", steps=3, resume=True, disfluency_head=True)) == 0


def test_train_heads_changes_only_the_chosen_head(tiny_model_path, shard_dir, tmp_path):
    """--train-heads disfl: a new head learns on a trained tagger whose encoder and other heads stay exact."""
    import torch
    from safetensors.torch import load_file

    init = tiny_model_path / "tagger"
    out = tmp_path / "heads-only"
    assert cli.run(_args(_disfluent_shards(tmp_path), out, init, steps=3, lr=0.01, disfluency_head=True,
                         train_heads="disfl")) == 0
    before, after = load_file(str(init / "model.safetensors")), load_file(str(out / "best" / "model.safetensors"))
    assert set(after) - set(before) == {"heads.disfl.weight", "heads.disfl.bias"}
    for key in before:  # saved as fp16 both times: equal up to that rounding
        assert torch.allclose(before[key].float(), after[key].float(), atol=1e-3), key
    with pytest.raises(SystemExit, match="heads of this tagger"):
        cli.run(_args(shard_dir, tmp_path / "bad", init, steps=1, train_heads="nope"))


def test_labels_added_since_init_extend_its_heads(tiny_model_path, shard_dir, tmp_path):
    """A tagger trained before HYPHEN existed: its punct head grows a row, its old rows and the other heads stay
    exact (lr 0) and it predicts what it predicted before (the new label starts below every old one)."""
    import torch
    from safetensors.torch import load_file

    from spacy_u2tf.core.labels import CASE_LABELS, ITN_LABELS, PUNCT_LABELS
    from spacy_u2tf.core.tagger import Tagger

    old = {"punct": PUNCT_LABELS[:4], "case": CASE_LABELS, "itn": ITN_LABELS}
    init = _tagger_folder(tiny_model_path, tmp_path / "old", labels=old)
    out = tmp_path / "run"
    assert cli.run(_args(shard_dir, out, init, steps=1, lr=0.0, class_weights="punct.HYPHEN=2")) == 0
    before, after = load_file(str(init / "model.safetensors")), load_file(str(out / "best" / "model.safetensors"))
    assert after["heads.punct.weight"].shape[0] == 5
    assert torch.equal(before["heads.punct.weight"], after["heads.punct.weight"][:4])
    words = [["so", "it", "is", "a", "well", "known", "firm"]]
    was, now = Tagger.load(init).predict(words)[0], Tagger.load(out / "best").predict(words)[0]
    assert Tagger.load(out / "best").labels["punct"] == PUNCT_LABELS and now == was


@pytest.mark.parametrize("spec", ["punct.NOPE=2", "nohead.O=1", "punct=2"])
def test_class_weights_must_name_a_label_of_a_head(spec):
    from spacy_u2tf.core.tagger import DEFAULT_LABELS

    with pytest.raises(SystemExit, match="HEAD.LABEL"):
        training.class_weights(spec, DEFAULT_LABELS)
    assert training.class_weights("punct.HYPHEN=2", DEFAULT_LABELS) == {"punct": [1.0, 1.0, 1.0, 1.0, 2.0]}


def test_prefetched_batches_are_the_same_batches_in_order():
    assert list(training.prefetched(iter(range(50)), 3)) == list(range(50))

    def broken():
        yield 1
        raise ValueError("bad shard")

    got = training.prefetched(broken(), 2)
    assert next(got) == 1
    with pytest.raises(ValueError, match="bad shard"):
        next(got)


def test_prefetch_trains_the_same_model(tiny_model_path, shard_dir, tmp_path):
    import torch
    from safetensors.torch import load_file

    init = tiny_model_path / "tagger"
    for name, depth in (("plain", 0), ("ahead", 4)):
        assert cli.run(_args(shard_dir, tmp_path / name, init, steps=3, prefetch=depth, seed=3)) == 0
    plain, ahead = (load_file(str(tmp_path / n / "best" / "model.safetensors")) for n in ("plain", "ahead"))
    moved = load_file(str(init / "model.safetensors"))
    assert any(not torch.equal(plain[k].float(), moved[k].float()) for k in plain)  # it trained
    assert all(torch.equal(plain[k], ahead[k]) for k in plain)


def test_distill_trust_learns_the_reference_spans_a_teacher_misses(tiny_model_path, shard_dir, tmp_path):
    """``--distill 1 --distill-heads itn`` from a random teacher: with ``--distill-trust itn.B,itn.I`` the student
    labels the references' span words as the references do; without it, as the teacher does. Unknown labels and
    a trust without a teacher are refused."""

    import torch

    from spacy_u2tf.core.tagger import Tagger

    teacher = _tagger_folder(tiny_model_path, tmp_path / "teacher", seed=1)
    student = _tagger_folder(tiny_model_path, tmp_path / "student", seed=2)
    common = dict(steps=40, lr=0.01, teacher=teacher, distill=1.0, distill_heads="itn", temperature=1.0)
    assert cli.run(_args(shard_dir, tmp_path / "trust", student, distill_trust="itn.B,itn.I", **common)) == 0
    assert cli.run(_args(shard_dir, tmp_path / "plain", student, **common)) == 0
    ids, mask, targets, label_ids = _first_batch(shard_dir, student, windows=8)
    gold = targets["itn"]
    spans = (gold == label_ids["itn"]["B"]) | (gold == label_ids["itn"]["I"])
    assert int(spans.sum()) >= 3

    def agreement(folder):
        with torch.no_grad():
            return float((Tagger.load(folder).model(ids, mask)["itn"].argmax(-1)[spans] == gold[spans]).float().mean())

    trust, plain = agreement(tmp_path / "trust" / "best"), agreement(tmp_path / "plain" / "best")
    assert trust >= 0.9 > plain, (trust, plain)
    with pytest.raises(SystemExit, match="is not HEAD.LABEL"):
        cli.run(_args(shard_dir, tmp_path / "bad", student, steps=1, teacher=teacher, distill_trust="itn.X"))
    with pytest.raises(SystemExit, match="needs --teacher"):
        cli.run(_args(shard_dir, tmp_path / "bad", student, steps=1, distill_trust="itn.B"))


def test_skipped_positions_leave_the_distillation_loss():
    import torch

    from spacy_u2tf.training.distill import distillation_loss, trusted_positions
    from spacy_u2tf.training.tagger import parse_trusted

    torch.manual_seed(0)
    student, teacher = {"itn": torch.randn(1, 4, 3)}, {"itn": torch.randn(1, 4, 3)}
    targets = {"itn": torch.tensor([[0, 1, training.IGNORE, 2]])}
    teacher["itn"][0, 1] = torch.tensor([5.0, 0.0, 0.0])  # the teacher says O where the reference says B
    teacher["itn"][0, 3] = torch.tensor([0.0, 0.0, 5.0])  # and I where the reference says I
    trusted = parse_trusted("itn.B,itn.I", {"itn": ("O", "B", "I")})
    assert trusted == {"itn": [1, 2]}
    skip = trusted_positions(trusted, teacher, targets)
    assert skip["itn"].tolist() == [[False, True, False, False]]
    full = distillation_loss(student, teacher, targets, 1.0, {"itn": 1.0})
    part = distillation_loss(student, teacher, targets, 1.0, {"itn": 1.0}, skip)
    only_kept = distillation_loss({"itn": student["itn"][:, [0, 3]]}, {"itn": teacher["itn"][:, [0, 3]]},
                                  {"itn": targets["itn"][:, [0, 3]]}, 1.0, {"itn": 1.0})
    assert part < full
    assert torch.isclose(part, only_kept * 2 / 3)  # averaged over all 3 labelled positions, as before


@pytest.mark.parametrize("native", [True, False])
def test_bf16_without_native_support_is_warned(tiny_model_path, shard_dir, tmp_path, monkeypatch, native):
    """``--bf16`` where the device only emulates bf16 (a CPU without AVX-512 BF16 or AMX) trains, with a warning
    that it is slower than fp32; with native bf16 there is no warning."""
    import warnings

    monkeypatch.setattr(training, "native_bf16", lambda device: native)
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        assert cli.run(_args(shard_dir, tmp_path / "run", tiny_model_path / "tagger", steps=1, bf16=True)) == 0
    emulated = [w for w in seen if "no native bf16" in str(w.message)]
    assert len(emulated) == (0 if native else 1)


def test_a_mixture_teaches_only_fluent_windows_when_asked():
    """``--mixture-windows fluent``: a window with a FILLER or REPARANDUM label learns the mixture's first member
    alone; windows without such labels (all O, or unlabelled) learn the mixture."""
    from pathlib import Path

    import torch

    from spacy_u2tf.core.tagger import IGNORE
    from spacy_u2tf.training.distill import fluent_windows, head_teacher_logits, mixed_head_logits

    labels = {"punct": ("O", "PERIOD"), "disfl": ("O", "FILLER", "REPARANDUM")}
    disfl = torch.tensor([[IGNORE, 0, 0, IGNORE], [IGNORE, 0, 1, IGNORE], [IGNORE] * 4, [IGNORE, 2, 0, IGNORE]])
    rows = fluent_windows({"punct": torch.zeros_like(disfl), "disfl": disfl}, labels)
    assert rows.tolist() == [True, False, True, False]
    assert fluent_windows({"punct": disfl}, labels).tolist() == [True] * 4

    class Fixed(torch.nn.Module):
        def __init__(self, logits):
            super().__init__()
            self.logits = logits
            self.labels = {"punct": labels["punct"]}

        def forward(self, *_):
            return {"punct": self.logits}

    a, b = torch.randn(4, 4, 2), torch.randn(4, 4, 2)
    models = {Path("a"): Fixed(a), Path("b"): Fixed(b)}
    mix = {"punct": [Path("a"), Path("b")]}
    out = head_teacher_logits(models, mix, labels, None, None, mixed_rows=rows)["punct"]
    everywhere = mixed_head_logits([(a, labels["punct"]), (b, labels["punct"])], labels["punct"])
    assert torch.allclose(out[rows], everywhere[rows])
    assert torch.allclose(out[~rows], torch.log_softmax(a[~rows], -1))
    assert torch.allclose(head_teacher_logits(models, mix, labels, None, None)["punct"], everywhere)


def test_mixture_windows_takes_all_or_fluent(tiny_model_path, shard_dir, tmp_path):
    """Another ``--mixture-windows`` value is refused before any model loads."""
    student = _tagger_folder(tiny_model_path, tmp_path / "student")
    with pytest.raises(SystemExit, match="--mixture-windows clean"):
        cli.run(_args(shard_dir, tmp_path / "bad", student, steps=1, mixture_windows="clean"))
