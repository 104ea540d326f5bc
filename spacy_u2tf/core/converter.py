"""Stage 2: a small character-level encoder-decoder that rewrites one span (with read-only context).

Characters in, characters out: every digit is its own token, so long numbers cannot merge or lose digits.
Decoding is greedy and batched over all spans of a batch of documents, with a key/value cache for the
decoder's self-attention and precomputed cross-attention keys/values, and a bounded output length.
"""
from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Dict, List, Optional, Sequence, Tuple, Union

import torch
import torch.nn.functional as F
from torch import nn

from .spans import SPAN_CLOSE, SPAN_OPEN, span_text
from .memory import release_free_memory
from .packed import Packing, encoder_layer
from .threads import register_fork_safety

register_fork_safety()  # forked spaCy workers must not hang in torch

SPECIALS = ("<pad>", "<bos>", "<eos>", "<unk>", SPAN_OPEN, SPAN_CLOSE)
PAD, BOS, EOS, UNK, OPEN, CLOSE = range(len(SPECIALS))
DEFAULT_CHARS = (" abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
                 ".,:;'\"-/@#$%&*+=_()[]!?€£¥°~<>|\\^")
# Greedy decoding drops finished rows from its batch once at least half of them (and this many) are finished.
COMPACT_MIN_ROWS = 4


class CharVocab:
    """Specials + a fixed character set; span markers are single tokens."""

    def __init__(self, chars: str = DEFAULT_CHARS) -> None:
        self.chars = chars
        self.itos = list(SPECIALS) + list(chars)
        self.stoi = {c: i for i, c in enumerate(self.itos)}

    def __len__(self) -> int:
        return len(self.itos)

    def encode_input(self, text: str) -> List[int]:
        """Characters of ``text``; ``<span>`` and ``</span>`` become one token each."""
        ids: List[int] = []
        # After the split every piece but the first starts with its marker's tag character.
        pieces = text.replace("\0", "").replace(SPAN_OPEN, "\0o").replace(SPAN_CLOSE, "\0c").split("\0")
        for n, piece in enumerate(pieces):
            if n:
                ids.append(OPEN if piece[0] == "o" else CLOSE)
                piece = piece[1:]
            ids.extend(self.stoi.get(ch, UNK) for ch in piece)
        return ids

    def encode_output(self, text: str) -> List[int]:
        return [self.stoi.get(ch, UNK) for ch in text] + [EOS]

    def decode(self, ids: Sequence[int]) -> str:
        out = []
        for i in ids:
            if i == EOS:
                break
            if i >= len(SPECIALS):
                out.append(self.itos[i])
        return "".join(out)


def _attend(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, mask: Optional[torch.Tensor] = None) -> torch.Tensor:
    """Plain attention for one decoding step: on CPU, SDPA's kernels cost far more for a single query."""
    scores = torch.matmul(q, k.transpose(-1, -2)) * (q.shape[-1] ** -0.5)
    if mask is not None:
        scores = scores.masked_fill(~mask, float("-inf")) if mask.dtype == torch.bool else scores + mask
    return torch.matmul(scores.softmax(-1), v)


class DecoderLayer(nn.Module):
    """Pre-norm decoder layer: causal self-attention (with cache), cross-attention, feed-forward."""

    def __init__(self, d: int, heads: int, ff: int, dropout: float) -> None:
        super().__init__()
        self.heads = heads
        self.n1, self.n2, self.n3 = nn.LayerNorm(d), nn.LayerNorm(d), nn.LayerNorm(d)
        self.qkv = nn.Linear(d, 3 * d)
        self.self_out = nn.Linear(d, d)
        self.q = nn.Linear(d, d)
        self.kv = nn.Linear(d, 2 * d)
        self.cross_out = nn.Linear(d, d)
        self.ff = nn.Sequential(nn.Linear(d, ff), nn.GELU(), nn.Linear(ff, d))
        self.drop = nn.Dropout(dropout)

    def _split(self, x: torch.Tensor) -> torch.Tensor:
        b, t, d = x.shape
        return x.view(b, t, self.heads, d // self.heads).transpose(1, 2)

    def _merge(self, x: torch.Tensor) -> torch.Tensor:
        b, h, t, dh = x.shape
        return x.transpose(1, 2).reshape(b, t, h * dh)

    def memory_kv(self, memory: torch.Tensor) -> Tuple[torch.Tensor, torch.Tensor]:
        k, v = self.kv(memory).chunk(2, dim=-1)
        return self._split(k), self._split(v)

    def forward(self, x: torch.Tensor, mem_kv: Tuple[torch.Tensor, torch.Tensor], mem_mask: torch.Tensor,
                cache: Optional[Dict[str, torch.Tensor]] = None) -> torch.Tensor:
        q, k, v = (self._split(t) for t in self.qkv(self.n1(x)).chunk(3, dim=-1))
        if cache is not None:
            if "k" in cache:
                k = torch.cat([cache["k"], k], dim=2)
                v = torch.cat([cache["v"], v], dim=2)
            cache["k"], cache["v"] = k, v
            attn = _attend(q, k, v)
        else:
            attn = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        x = x + self.drop(self.self_out(self._merge(attn)))
        q = self._split(self.q(self.n2(x)))
        if cache is not None:
            attn = _attend(q, mem_kv[0], mem_kv[1], mem_mask)
        else:
            attn = F.scaled_dot_product_attention(q, mem_kv[0], mem_kv[1], attn_mask=mem_mask)
        x = x + self.drop(self.cross_out(self._merge(attn)))
        return x + self.drop(self.ff(self.n3(x)))


class Seq2Seq(nn.Module):
    """Character encoder-decoder with tied embeddings and learned positions."""

    def __init__(self, vocab_size: int, d: int = 256, heads: int = 4, enc_layers: int = 3, dec_layers: int = 2,
                 ff: int = 1024, dropout: float = 0.1, max_positions: int = 256) -> None:
        super().__init__()
        self.config = dict(vocab_size=vocab_size, d=d, heads=heads, enc_layers=enc_layers, dec_layers=dec_layers,
                           ff=ff, dropout=dropout, max_positions=max_positions)
        self.embed = nn.Embedding(vocab_size, d, padding_idx=PAD)
        nn.init.normal_(self.embed.weight, std=d ** -0.5)  # tied output: keep initial logits small
        self.enc_pos = nn.Embedding(max_positions, d)
        self.dec_pos = nn.Embedding(max_positions, d)
        layer = nn.TransformerEncoderLayer(d, heads, ff, dropout, activation="gelu", batch_first=True,
                                           norm_first=True)
        self.encoder = nn.TransformerEncoder(layer, enc_layers, enable_nested_tensor=False)
        self.enc_norm = nn.LayerNorm(d)
        self.layers = nn.ModuleList(DecoderLayer(d, heads, ff, dropout) for _ in range(dec_layers))
        self.dec_norm = nn.LayerNorm(d)
        self.scale = math.sqrt(d)

    def encode(self, src: torch.Tensor) -> Tuple[torch.Tensor, torch.Tensor]:
        pos = torch.arange(src.shape[1], device=src.device)
        x = self.embed(src) * self.scale + self.enc_pos(pos)
        pad = src == PAD
        memory = self.enc_norm(self.encoder(x, src_key_padding_mask=pad))
        mem_mask = (~pad)[:, None, None, :]  # True = attend
        return memory, mem_mask

    def encode_packed(self, src: torch.Tensor) -> Tuple[torch.Tensor, torch.Tensor]:
        """:meth:`encode` for inference without padding (core.packed): the same memory at every real character
        (to float rounding; zeros at padding), with the projections and feed-forward blocks run on real
        characters only."""
        packing = Packing.from_mask(src != PAD)
        x = self.embed(packing.pack(src)) * self.scale + self.enc_pos(packing.positions())
        for layer in self.encoder.layers:
            x = encoder_layer(layer, x, packing)
        return packing.unpack(self.enc_norm(x)), packing.key_mask

    def logits(self, h: torch.Tensor) -> torch.Tensor:
        return self.dec_norm(h) @ self.embed.weight.t()

    def forward(self, src: torch.Tensor, tgt_in: torch.Tensor) -> torch.Tensor:
        memory, mem_mask = self.encode(src)
        pos = torch.arange(tgt_in.shape[1], device=src.device)
        x = self.embed(tgt_in) * self.scale + self.dec_pos(pos)
        for layer in self.layers:
            x = layer(x, layer.memory_kv(memory), mem_mask)
        return self.logits(x)

    @torch.inference_mode()
    def greedy(self, src: torch.Tensor, max_len: torch.Tensor, min_len: int = 0,
               digits: Optional[Tuple[torch.Tensor, torch.Tensor]] = None) -> List[List[int]]:
        """Greedy decoding with a KV cache; row ``i`` stops at EOS or after ``max_len[i]`` characters, and not
        before ``min_len`` characters (used only to time full-text decoding in ``u2tf bench``).

        ``digits = (is_digit, expected)``: ``is_digit`` marks the vocabulary's digit tokens, ``expected[i]`` holds
        row ``i``'s digit tokens in order (``-1`` padding; a row of only ``-1`` is unconstrained). In a
        constrained row each digit the model writes becomes the next expected digit, and once they are used up
        no digit can be written: the model still chooses the layout (grouping, separators, symbols).
        """
        memory, mem_mask = self.encode_packed(src)
        mem_kv = [tuple(t.contiguous() for t in layer.memory_kv(memory)) for layer in self.layers]
        mem_mask = torch.zeros(mem_mask.shape, dtype=memory.dtype, device=src.device).masked_fill(~mem_mask, -math.inf)
        caches: List[Dict[str, torch.Tensor]] = [{} for _ in self.layers]
        b = src.shape[0]
        token = torch.full((b, 1), BOS, dtype=torch.long, device=src.device)
        done = torch.zeros(b, dtype=torch.bool, device=src.device)
        out = torch.full((b, int(max_len.max()) + 1), EOS, dtype=torch.long, device=src.device)
        limit = min(int(max_len.max()) + 1, self.config["max_positions"])
        if digits is not None:
            is_digit, expected = digits
            active = expected[:, 0] >= 0
            expected = torch.cat([expected, torch.full_like(expected[:, :1], -1)], 1)  # a -1 after the last digit
            pointer = torch.zeros(b, dtype=torch.long, device=src.device)
        rows = torch.arange(b, device=src.device)  # the batch rows still decoding, as indices into ``out``
        for t in range(limit):
            x = self.embed(token) * self.scale + self.dec_pos.weight[t]
            for layer, kv, cache in zip(self.layers, mem_kv, caches):
                x = layer(x, kv, mem_mask, cache)
            scores = self.logits(x[:, -1])
            if t < min_len:
                scores[:, EOS] = -math.inf
            if digits is not None:
                want = expected.gather(1, pointer[:, None]).squeeze(1)
                used_up = active & (want < 0)
                scores = scores.masked_fill(used_up[:, None] & is_digit[None, :], -math.inf)
                nxt = scores.argmax(-1)
                forced = active & ~used_up & is_digit[nxt]
                nxt = torch.where(forced, want, nxt)
                pointer = pointer + forced.long()
            else:
                nxt = scores.argmax(-1)
            nxt = torch.where(done | (t >= max_len), torch.full_like(nxt, EOS), nxt)
            out[rows, t] = nxt
            done |= nxt == EOS
            finished = int(done.sum())
            if finished == len(rows):
                break
            token = nxt[:, None]
            if finished >= max(COMPACT_MIN_ROWS, len(rows) // 2):
                # Most spans are a few characters long: stop computing the rows that already wrote EOS (``out``
                # holds EOS after them). Each row's computation is independent of the others'.
                keep = (~done).nonzero().squeeze(1)
                rows, token, done, max_len = rows[keep], token[keep], done[keep], max_len[keep]
                mem_kv = [(k[keep], v[keep]) for k, v in mem_kv]
                mem_mask = mem_mask[keep]
                for cache in caches:
                    cache["k"], cache["v"] = cache["k"][keep], cache["v"][keep]
                if digits is not None:
                    expected, pointer, active = expected[keep], pointer[keep], active[keep]
        return out.tolist()

    @torch.inference_mode()
    def beam(self, src: torch.Tensor, max_len: Sequence[int], width: int) -> List[List[Tuple[List[int], float]]]:
        """The ``width`` likeliest outputs of each row of ``src`` (padded inputs) by beam search with a KV cache,
        best first, as (tokens without EOS, summed log probability); row ``i`` writes at most ``max_len[i]``
        characters. The beams of every row run as one batch."""
        memory, mem_mask = self.encode(src)
        mem_kv = [layer.memory_kv(memory) for layer in self.layers]
        mem_bias = torch.zeros(mem_mask.shape, dtype=memory.dtype, device=src.device).masked_fill(~mem_mask, -math.inf)
        rows = src.shape[0]
        limits = [min(n + 1, self.config["max_positions"]) for n in max_len]
        beams: List[List[Tuple[List[int], float]]] = [[([BOS], 0.0)] for _ in range(rows)]
        done: List[List[Tuple[List[int], float]]] = [[] for _ in range(rows)]
        caches: List[Dict[str, torch.Tensor]] = [{} for _ in self.layers]
        parents: List[int] = [0] * rows  # each live beam's row in the previous step's batch
        eos = torch.tensor([EOS], device=src.device)
        for t in range(max(limits)):
            owner = [r for r in range(rows) for _ in beams[r]]
            if not owner:
                break
            index = torch.tensor(owner, device=src.device)
            if t:
                keep = torch.tensor(parents, device=src.device)
                for cache in caches:
                    cache["k"], cache["v"] = cache["k"][keep], cache["v"][keep]
            token = torch.tensor([[b[-1]] for r in range(rows) for b, _ in beams[r]], device=src.device)
            x = self.embed(token) * self.scale + self.dec_pos.weight[t]
            for layer, (k, v), cache in zip(self.layers, mem_kv, caches):
                x = layer(x, (k[index], v[index]), mem_bias[index], cache)
            logp = torch.log_softmax(self.logits(x[:, -1]).float(), -1)
            scores = torch.tensor([score for r in range(rows) for _, score in beams[r]], device=src.device)
            total = scores[:, None] + logp
            at, parents = 0, []
            for r in range(rows):
                n, mine, first = len(beams[r]), total[at:at + len(beams[r])], at
                at += n
                if not n:
                    continue
                if t == limits[r] - 1:  # out of room: every beam ends here, with its real EOS probability
                    mine = torch.full_like(mine, -math.inf).index_copy_(1, eos, mine[:, EOS:EOS + 1])
                top = mine.flatten().topk(min(2 * width, mine.numel()))
                grown: List[Tuple[List[int], float]] = []
                grown_from: List[int] = []
                for score, flat in zip(top.values.tolist(), top.indices.tolist()):
                    beam, token_id = divmod(flat, logp.shape[1])
                    if score == -math.inf:
                        break
                    if token_id == EOS:
                        done[r].append((beams[r][beam][0][1:], score))
                    elif len(grown) < width:
                        grown.append((beams[r][beam][0] + [token_id], score))
                        grown_from.append(first + beam)
                done[r].sort(key=lambda item: -item[1])
                # log probabilities only fall as a beam grows: stop once none can beat the width-th finished one
                if len(done[r]) >= width and (not grown or grown[0][1] < done[r][width - 1][1]):
                    grown, grown_from = [], []
                beams[r] = grown
                parents += grown_from
        return [found[:width] for found in done]


def pad_batch(seqs: Sequence[Sequence[int]], device: Union[str, torch.device] = "cpu") -> torch.Tensor:
    width = max(len(s) for s in seqs)
    out = torch.full((len(seqs), width), PAD, dtype=torch.long)
    for i, s in enumerate(seqs):
        out[i, :len(s)] = torch.tensor(s, dtype=torch.long)
    return out.to(device)


class SpanConverter:
    """Model + vocabulary: ``convert`` turns ``span_input`` strings into written spans."""

    CONFIG = "converter_config.json"
    WEIGHTS = "converter.safetensors"

    def __init__(self, model: Seq2Seq, vocab: CharVocab, device: str = "cpu") -> None:
        self.model = model.eval()
        self.vocab = vocab
        self.device = torch.device(device)
        self.model.to(self.device)

    def max_output_len(self, span_chars: int) -> int:
        """Bound on output characters: written forms are rarely longer than twice the spoken span."""
        return min(self.model.config["max_positions"] - 1, 2 * span_chars + 16)

    def convert(self, inputs: Sequence[str], *, batch_size: int = 64, max_len: Optional[int] = None,
                min_len: int = 0, digits: Optional[Sequence[Optional[str]]] = None) -> List[str]:
        """Written form for each ``span_input`` string, decoded in length-sorted batches (at most ``max_len``
        characters, default :meth:`max_output_len`; at least ``min_len``).

        ``digits[i]`` (a digit string, or ``None``) makes output ``i`` write exactly those digits, in that order
        (see :meth:`Seq2Seq.greedy`): a second try for spans whose digits came out wrong.
        """
        if not inputs:
            return []
        if digits is not None and len(digits) != len(inputs):
            raise ValueError(f"convert: {len(digits)} digit strings for {len(inputs)} inputs")
        limit = self.model.config["max_positions"]
        encoded = [self.vocab.encode_input(text)[:limit] for text in inputs]
        spans = [len(span_text(text)) for text in inputs]
        order = sorted(range(len(inputs)), key=lambda i: len(encoded[i]))
        results: List[str] = [""] * len(inputs)
        for b in range(0, len(order), batch_size):
            idx = order[b:b + batch_size]
            src = pad_batch([encoded[i] for i in idx], self.device)
            bound = torch.tensor([max_len or self.max_output_len(spans[i]) for i in idx], device=self.device)
            forced = self._digit_constraints([digits[i] for i in idx]) if digits is not None else None
            for i, ids in zip(idx, self.model.greedy(src, bound, min_len, forced)):
                results[i] = self.vocab.decode(ids)
            if len(order) > batch_size:
                release_free_memory()  # see core.memory: keeps peak memory flat in the number of spans
        return results

    def nbest(self, inputs: Sequence[str], width: int = 4,
              max_len: Optional[Sequence[int]] = None, *, batch_size: int = 32) -> List[List[str]]:
        """The ``width`` likeliest written forms of each ``span_input`` string, best first (beam search), of at most
        ``max_len[i]`` characters (default and bound: :meth:`max_output_len`), searched in length-sorted batches."""
        if not inputs:
            return []
        limit = self.model.config["max_positions"]
        encoded = [self.vocab.encode_input(text)[:limit] for text in inputs]
        bounds = [self.max_output_len(len(span_text(text))) for text in inputs]
        if max_len is not None:
            bounds = [min(bound, n) for bound, n in zip(bounds, max_len)]
        order = sorted(range(len(inputs)), key=lambda i: len(encoded[i]))
        results: List[List[str]] = [[] for _ in inputs]
        for b in range(0, len(order), batch_size):  # one batch for a long transcript's every rejected span is slow
            idx = order[b:b + batch_size]
            found = self.model.beam(pad_batch([encoded[i] for i in idx], self.device), [bounds[i] for i in idx], width)
            for i, row in zip(idx, found):
                results[i] = [self.vocab.decode(ids) for ids, _ in row]
        return results

    def _digit_constraints(self, digits: Sequence[Optional[str]]) -> Tuple[torch.Tensor, torch.Tensor]:
        """``(is_digit, expected)`` for :meth:`Seq2Seq.greedy` (``None`` or ``""``: unconstrained row)."""
        is_digit = torch.zeros(len(self.vocab), dtype=torch.bool, device=self.device)
        is_digit[[self.vocab.stoi[d] for d in "0123456789"]] = True
        width = max([len(d) for d in digits if d] + [1])
        expected = torch.full((len(digits), width), -1, dtype=torch.long)
        for row, d in enumerate(digits):
            if d:
                expected[row, :len(d)] = torch.tensor([self.vocab.stoi[c] for c in d])
        return is_digit, expected.to(self.device)

    def save(self, folder: Union[str, Path], dtype: torch.dtype = torch.float16) -> None:
        from safetensors.torch import save_file

        folder = Path(folder)
        folder.mkdir(parents=True, exist_ok=True)
        state = {k: v.detach().to("cpu", dtype).contiguous() for k, v in self.model.state_dict().items()}
        save_file(state, str(folder / self.WEIGHTS), metadata={"format": "pt"})
        (folder / self.CONFIG).write_text(json.dumps({"model": self.model.config, "chars": self.vocab.chars},
                                                     indent=2, ensure_ascii=False))

    @classmethod
    def load(cls, folder: Union[str, Path], device: str = "cpu", dtype: Optional[torch.dtype] = None) -> "SpanConverter":
        from safetensors.torch import load_file

        folder = Path(folder)
        config = json.loads((folder / cls.CONFIG).read_text())
        model = Seq2Seq(**config["model"])
        model.load_state_dict({k: v.float() for k, v in load_file(str(folder / cls.WEIGHTS)).items()})
        if dtype is not None:
            model.to(dtype)
        return cls(model, CharVocab(config["chars"]), device)
