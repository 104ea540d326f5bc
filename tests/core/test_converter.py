from __future__ import annotations

import torch

from spacy_u2tf.core.converter import BOS, EOS, CharVocab, Seq2Seq, SpanConverter, pad_batch
from spacy_u2tf.core.spans import span_input, span_text


def _perturbed_model(seed: int, **dims: int) -> Seq2Seq:
    """A random converter whose weights are pushed off their small initial values, so outputs are non-trivial."""
    torch.manual_seed(seed)
    model = Seq2Seq(len(CharVocab()), **{"d": 32, "heads": 2, "ff": 64, **dims}).eval()
    with torch.no_grad():
        for p in model.parameters():
            p.add_(torch.randn_like(p) * 0.5)
    return model


def test_vocab_has_one_token_per_digit_and_span_markers() -> None:
    vocab = CharVocab()
    ids = vocab.encode_output("4111111111111111")
    assert len(ids) == 17 and ids[-1] == EOS
    assert vocab.decode(ids) == "4111111111111111"
    text = span_input("so it was twelve dollars ok".split(), 3, 5, context=2)
    assert text == "it was <span> twelve dollars </span> ok"
    enc = vocab.encode_input(text)
    assert enc.count(4) == 1 and enc.count(5) == 1  # <span>, </span> are single tokens


def test_cached_greedy_decoding_matches_full_forward() -> None:
    vocab = CharVocab()
    model = _perturbed_model(0, enc_layers=1, dec_layers=2)
    src = pad_batch([vocab.encode_input("a <span> b c </span> d"), vocab.encode_input("<span> twelve </span>")])
    out = model.greedy(src, torch.tensor([12, 12]))
    for row in range(2):
        seq = [BOS] + out[row][:6]
        logits = model(src[row:row + 1, : (src[row] != 0).sum()], torch.tensor([seq]))
        assert logits[0, :6].argmax(-1).tolist() == out[row][:6]


def test_save_load_and_bounded_output(tmp_path) -> None:
    vocab = CharVocab()
    conv = SpanConverter(Seq2Seq(len(vocab), d=16, heads=2, enc_layers=1, dec_layers=1, ff=32), vocab)
    conv.save(tmp_path)
    loaded = SpanConverter.load(tmp_path)
    inputs = ["<span> one </span>", "x <span> two three </span> y"]
    for a, b in zip(loaded.model.state_dict().values(), conv.model.state_dict().values()):
        assert torch.allclose(a, b.half().float())
    outs = loaded.convert(inputs, max_len=5)
    assert all(len(o) <= 5 for o in outs) and len(outs) == 2
    assert loaded.convert([]) == []


def test_min_len_holds_off_eos() -> None:
    """``min_len`` (for timing full-text decoding) keeps decoding past EOS, then stops at the next EOS."""
    torch.manual_seed(0)
    vocab = CharVocab()
    model = Seq2Seq(len(vocab), d=16, heads=2, enc_layers=1, dec_layers=1, ff=32).eval()
    plain_logits = model.logits

    def eos_first(h: torch.Tensor) -> torch.Tensor:  # a model that always wants to stop
        scores = plain_logits(h)
        scores[:, EOS] += 100.0
        return scores

    model.logits = eos_first  # type: ignore[method-assign]
    src = pad_batch([vocab.encode_input("<span> one two </span>")] * 2)
    assert [row[0] for row in model.greedy(src, torch.tensor([30, 30]))] == [EOS, EOS]
    forced = model.greedy(src, torch.tensor([30, 30]), min_len=20)
    assert all(EOS not in row[:20] and row[20] == EOS for row in forced)


def test_imposed_digits_come_out_in_order() -> None:
    """A constrained row writes no digit but the expected ones, in order; other rows decode as before."""
    torch.manual_seed(1)
    vocab = CharVocab()
    model = Seq2Seq(len(vocab), d=16, heads=2, enc_layers=1, dec_layers=1, ff=32).eval()
    plain_logits = model.logits

    def digit_happy(h: torch.Tensor) -> torch.Tensor:  # a model that writes digits until it stops
        scores = plain_logits(h)
        scores[:, [vocab.stoi[d] for d in "0123456789"]] += 5.0
        return scores

    model.logits = digit_happy  # type: ignore[method-assign]
    conv = SpanConverter(model, vocab)
    inputs = ["call <span> one two three </span> now", "<span> four </span>"]
    plain = conv.convert(inputs, max_len=20)
    forced = conv.convert(inputs, max_len=20, digits=["123", None])
    assert "".join(c for c in forced[0] if c.isdigit()) == "123"
    assert forced[1] == plain[1]
    assert any(c.isdigit() for c in plain[0])


def test_packed_encoding_matches_the_padded_encoder() -> None:
    """Inference encodes without padding (core.packed): the same memory at every real character as the padded
    ``nn.TransformerEncoder`` that training runs, and the same mask."""
    vocab = CharVocab()
    model = _perturbed_model(0, enc_layers=2, dec_layers=1)
    texts = ["a <span> b </span> c", "<span> twelve </span>", "so it was <span> three thirty </span> on monday " * 3,
             "x <span> y z </span>", "<span> one two three four five six seven eight nine </span> ok"]
    src = pad_batch([vocab.encode_input(t) for t in texts])
    with torch.inference_mode():
        memory, mask = model.encode_packed(src)
        reference, ref_mask = model.encode(src)
    assert torch.equal(mask, ref_mask)
    torch.testing.assert_close(memory[mask[:, 0, 0]], reference[ref_mask[:, 0, 0]], atol=1e-5, rtol=1e-5)


def test_decoding_drops_finished_rows_and_writes_the_same(monkeypatch) -> None:
    """Once most rows have written EOS, greedy decoding goes on with the others only: fewer rows per step, the same
    outputs as decoding every row to the end (with and without imposed digits)."""
    import spacy_u2tf.core.converter as converter

    vocab = CharVocab()
    model = _perturbed_model(2, enc_layers=1, dec_layers=2)
    texts = [f"x <span> {w} </span> y" for w in "one two three four five six seven eight nine ten".split()]
    src = pad_batch([vocab.encode_input(t) for t in texts])
    bound = torch.tensor([1, 2, 1, 3, 1, 25, 2, 1, 30, 1])  # rows finish at different steps
    digits = (torch.zeros(len(vocab), dtype=torch.bool), torch.full((len(texts), 3), -1))
    digits[0][[vocab.stoi[d] for d in "0123456789"]] = True
    digits[1][8] = torch.tensor([vocab.stoi[d] for d in "123"])
    rows_per_step = []
    model.layers[0].register_forward_pre_hook(lambda _, args: rows_per_step.append(args[0].shape[0]))
    monkeypatch.setattr(converter, "COMPACT_MIN_ROWS", 10 ** 9)
    full = [model.greedy(src, bound), model.greedy(src, bound, digits=digits)]
    assert set(rows_per_step) == {len(texts)}
    rows_per_step.clear()
    monkeypatch.setattr(converter, "COMPACT_MIN_ROWS", 1)
    assert [model.greedy(src, bound), model.greedy(src, bound, digits=digits)] == full
    assert min(rows_per_step) < len(texts)


def _log_prob(model: Seq2Seq, src: torch.Tensor, ids: list) -> float:
    """Summed log probability of ``ids`` followed by EOS, teacher-forced through the full forward pass."""
    target = ids + [EOS]
    logp = torch.log_softmax(model(src, torch.tensor([[BOS] + ids])).float(), -1)[0]
    return sum(logp[t, token].item() for t, token in enumerate(target))


def test_beam_outputs_are_distinct_best_first_and_scored_like_the_full_forward() -> None:
    vocab = CharVocab()
    model = _perturbed_model(1, enc_layers=1, dec_layers=2)
    texts = ["a <span> b c </span> d", "<span> twelve </span>"]
    src = pad_batch([vocab.encode_input(text) for text in texts])
    batch = model.beam(src, [10, 6], width=4)
    for row, (found, bound) in enumerate(zip(batch, (10, 6))):
        alone = torch.tensor([vocab.encode_input(texts[row])])
        assert [ids for ids, _ in model.beam(alone, [bound], 4)[0]] == [ids for ids, _ in found]  # batch = alone
        assert len(found) == 4 and len({tuple(ids) for ids, _ in found}) == 4
        scores = [score for _, score in found]
        assert scores == sorted(scores, reverse=True)
        for ids, score in found:
            assert EOS not in ids and len(ids) <= bound
            assert abs(_log_prob(model, alone, ids) - score) < 1e-3
        greedy = model.greedy(alone, torch.tensor([bound]))[0]
        greedy = greedy[:greedy.index(EOS)] if EOS in greedy else greedy[:bound]
        assert scores[0] >= _log_prob(model, alone, greedy) - 1e-4  # the greedy output or a likelier one


def test_nbest_decodes_the_beam_and_its_first_is_the_likeliest() -> None:
    vocab = CharVocab()
    conv = SpanConverter(_perturbed_model(2, enc_layers=1, dec_layers=1), vocab)
    text = "so <span> twelve </span> ok"
    outputs = conv.nbest([text], width=3)[0]
    assert 1 <= len(outputs) <= 3 and len(set(outputs)) == len(outputs)
    src = torch.tensor([vocab.encode_input(text)])
    best = conv.model.beam(src, [conv.max_output_len(len(span_text(text)))], 3)[0]
    assert outputs == [vocab.decode(ids) for ids, _ in best]
    assert conv.nbest([], width=3) == []
