"""Train the cell reader (a small convolution-only CNN with CTC), export it to ONNX for OpenCV's dnn
module and write ``digitize/models/reader.onnx`` and ``digitize/models/reader.json``.

    python tools/train_reader.py                 # the main network: data made once into /tmp, then ~35 min
    python tools/train_reader.py --name second   # the second opinion: ~70 minutes
    python tools/train_reader.py --name box      # the signature boxes: ~35 min
    python tools/train_reader.py --name doubt    # the fourth opinion: ~35 min
    python tools/train_reader.py --epochs 1 --train-pages 40 --val-pages 8 --out /tmp/try   # a quick try

Four networks ship (see digitize.reader.CellReader): ``reader`` (7 epochs, photometric augmentation)
and ``second`` (12 epochs, besides an elastic warp and a pen-width change of the crops: the same digits
in new shapes every epoch); trained differently, they err differently, and a cell the main network
doubts is read by both. ``box`` is the main network's recipe trained on the cells as made since session
8, whose DSkV signature boxes hold the loss money beside the signature (before, one or the other): it
reads those boxes far better, the other cells no better, so it reads the signature boxes, and is the third
opinion of the cells the pair reads below the decoder's bar. ``doubt`` (the second's recipe for 7 epochs,
seeded 23) is their fourth opinion.

Needs PyTorch (CPU) and onnx, training-time tools only: ``pip install torch==2.13.0 onnx``; the package never
imports it. Steps:

1. cells: ``tools/make_cells.py`` makes the training cells from **train**-split writers (wide crops,
   re-jittered every epoch) and the validation cells from **test**-split writers (final crops), once,
   into ``--data`` (npz files, reused when present); besides, pages of skatscan forms with series, table
   and start numbers *printed* by the form code (``--printed-pages``; kind "printed"), so that the
   network reads print too (when the QR code is not decoded, the printed head is read like any cell),
   with their own validation set of test-writer pages;
2. training: CTC over ``blank + digitize.reader.CHARSET`` on inputs made by
   :func:`digitize.reader.ink_map` (the reader's own preparation), with extra photometric augmentation;
   2 threads, seeded (the same arguments give the same model on the same machine and torch version);
3. calibration: one softmax temperature, chosen on the validation cells so that the probability of
   the best reading matches how often it is right (Brier score);
4. export: ONNX (opset :data:`OPSET`, dynamic batch), checked: cv2.dnn's output must equal torch's;
5. figures: the validation cells read through :class:`digitize.reader.CellReader` (the packaged code
   path, beam search): exact rate per kind, confident wrong readings and doubts at the bar.
"""
from __future__ import annotations

import argparse
import datetime
import hashlib
import json
import math
import os
import platform
import sys
import time
from pathlib import Path

import cv2
import numpy as np

ROOT = Path(__file__).resolve().parent.parent
for p in (ROOT, ROOT / "tools"):
    if str(p) not in sys.path:
        sys.path.insert(0, str(p))

import make_cells as mc  # noqa: E402
from digitize.cells import margin_for  # noqa: E402
from digitize import reader as rd  # noqa: E402
from digitize.decode import CONFIDENCE_BAR  # noqa: E402

# Threads that busy-wait at every barrier stall badly when other processes share the two cores; waiting
# passively costs little on an idle machine and keeps training going on a busy one (set before torch loads).
os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")

try:
    import torch
    import torch.nn as nn
    import onnx  # noqa: F401  (torch's ONNX export needs it: missing, the export fails after the whole training)
except ImportError:  # pragma: no cover - a training-time tool
    sys.exit("tools/train_reader.py needs PyTorch and onnx: pip install torch==2.13.0 onnx")

# ------------------------------------------------------------------------------------------- settings

SEED = 20260101
THREADS = 2
OPSET = 13
TRAIN_PAGES, TRAIN_SEED = 500, 1
VAL_PAGES, VAL_SEED = 40, 2
#: Pages of printed values (skatscan forms with series, table and start numbers printed, make_cells
#: ``printed=True``): training (train writers for the few handwritten cells kept) and a separate
#: validation set (test writers), whose figures are given on their own.
PRINTED_PAGES, PRINTED_SEED = 160, 11
VAL_PRINTED_PAGES, VAL_PRINTED_SEED = 30, 12
#: Epochs and the chance of the shape augmentations (elastic warp, pen width) of each packaged network.
RECIPES = {"reader": {"epochs": 7, "elastic": 0.0}, "second": {"epochs": 12, "elastic": 0.6},
           "box": {"epochs": 7, "elastic": 0.0}, "doubt": {"epochs": 7, "elastic": 0.6, "seed": 23}}
#: What each packaged network reads (written into its JSON).
ROLES = {"reader": "every cell (the main network)",
         "second": "the cells the main network reads below digitize.reader.SECOND_OPINION (the second opinion)",
         "box": "the signature boxes (digitize.reader.CellReader: on the DSkV form the loss money beside "
                "the signature; trained on cells made since session 8, which hold both), and with the doubt "
                "network the cells the main network and the second opinion read below "
                "digitize.reader.MORE_OPINIONS (the third opinion)",
         "doubt": "with the box network, the cells the main network and the second opinion read below "
                  "digitize.reader.MORE_OPINIONS (the fourth opinion)"}
#: Rare kinds are shown this many extra times per epoch (each time freshly jittered and augmented); of
#: the easy kinds an epoch takes only this share (a fresh random part every epoch).
REPEAT = {"money": 2, "signature": 1, "strike": 1}
EPOCH_SHARE = {"empty": 0.3, "dash": 0.3, "mark": 0.7}
#: Numbers of at least this many characters (the hard ones) are shown once more per epoch.
LONG_NUMBER = 3
BATCH = 128
LR = 4e-3
WEIGHT_DECAY = 1e-4
#: Channels of the convolution stages and of the 1-D context layers.
CHANNELS = (32, 48, 64, 96)
CONTEXT_DILATIONS = (1, 2, 4)
DROPOUT = 0.1
#: Training cells whose own writing lies more than this share outside their crop are left out (their label
#: cannot be read off the crop); the figures count them (as "cut") but also give the rest alone.
MAX_CUT = 0.2
#: Confidence bar of the figures (the decode module's bar).
BAR = CONFIDENCE_BAR
#: Temperatures tried for calibration.
TEMPERATURES = tuple(np.round(np.arange(0.6, 2.01, 0.05), 2))
#: The augmentation takes this percentile of a crop as its paper level.
AUG_PAPER_PERCENTILE = 90
#: Extra augmentation of training crops (on top of the simulated photo and the crop jitter): chance
#: and range of each.
AUG = {
    "contrast": (0.4, (0.45, 1.1)),  # ink strength relative to the paper
    "gamma": (0.2, (0.7, 1.4)),
    "blur": (0.15, (0.3, 1.0)),  # sigma px
    "noise": (0.25, (2.0, 8.0)),  # sd grey levels
    "affine": (0.25, (2.0, 0.04)),  # rotation degrees, shear
    "resample": (0.1, (0.45, 0.8)),  # shrink then enlarge again
    "elastic": (0.6, (0.015, 0.035)),  # smooth random warp, amplitude as a share of the crop height (chance:
                                       # RECIPES; "pen" is on with it)
    "pen": (0.15, (-1.0, 1.0)),  # strokes a pixel thinner or thicker (2x2 grey dilation or erosion, half each)
    "wide": (0.0, (1.0, 1.45)),  # the crop drawn out to this share of its width, as the reader's wider looks of the
                                 # table head draw it (digitize.reader.HEAD_LOOKS; off but for tools/train_head.py)
}
#: Smoothness of the elastic displacement field: Gaussian sigma as a share of the crop height.
ELASTIC_SIGMA = 0.12


# ---------------------------------------------------------------------------------------------- model


def _block(cin: int, cout: int, kernel=(3, 3), stride=1, padding=(1, 1), dilation=1) -> list:
    return [nn.Conv2d(cin, cout, kernel, stride=stride, padding=padding, dilation=dilation, bias=False),
            nn.BatchNorm2d(cout), nn.ReLU(inplace=True)]


class ReaderNet(nn.Module):
    """Input (N, 1, 32, W) ink in [0, 1], W a multiple of 4 -> logits (N, 1 + len(CHARSET), 1, W / 4): one
    column of logits per 4 input columns. Conv/BatchNorm/ReLU/MaxPool only (OpenCV dnn runs it)."""

    def __init__(self, channels=CHANNELS, dilations=CONTEXT_DILATIONS, classes=len(rd.CHARSET) + 1):
        super().__init__()
        c1, c2, c3, c4 = channels
        layers = _block(1, c1, stride=2)                                   # 16 x 64
        layers += _block(c1, c2) + [nn.MaxPool2d(2)]                       # 8 x 32
        layers += _block(c2, c3) + _block(c3, c3) + [nn.MaxPool2d((2, 1))]  # 4 x 32
        layers += _block(c3, c4) + _block(c4, c4) + [nn.MaxPool2d((2, 1))]  # 2 x 32
        layers += _block(c4, c4, kernel=(2, 1), padding=(0, 0))             # 1 x 32: height collapsed
        for d in dilations:                                                # context along the cell
            layers += _block(c4, c4, kernel=(1, 3), padding=(0, d), dilation=(1, d))
        layers += [nn.Dropout(DROPOUT), nn.Conv2d(c4, classes, 1)]
        self.net = nn.Sequential(*layers)

    def forward(self, x):
        return self.net(x)


def log_probs(logits: torch.Tensor, temperature: float = 1.0) -> torch.Tensor:
    """(N, C, 1, T) logits -> (T, N, C) log-probabilities for the CTC loss."""
    return torch.log_softmax(logits.squeeze(2).permute(2, 0, 1) / temperature, dim=2)


# ----------------------------------------------------------------------------------------------- data


def encode(label: str) -> list[int]:
    return [rd.CHARSET.index(ch) + 1 for ch in label]


def augment(crop: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Extra photometric/geometric changes of one grey crop (a new array)."""
    g = crop.astype(np.float32)
    paper = float(np.percentile(g, AUG_PAPER_PERCENTILE))
    p, (lo, hi) = AUG["contrast"]
    if rng.random() < p:
        g = paper - (paper - g) * rng.uniform(lo, hi)
    p, (lo, hi) = AUG["gamma"]
    if rng.random() < p:
        g = 255.0 * (np.clip(g, 0, 255) / 255.0) ** rng.uniform(lo, hi)
    p, (deg, shear) = AUG["affine"]
    if rng.random() < p:
        h, w = g.shape
        m = cv2.getRotationMatrix2D((w / 2, h / 2), rng.uniform(-deg, deg), 1.0)
        m[0, 1] += rng.uniform(-shear, shear)
        g = cv2.warpAffine(g, m, (w, h), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    # (no random draw when a shape augmentation is off: the runs before it stay reproducible)
    p, (lo, hi) = AUG["elastic"]
    if p and rng.random() < p:
        g = elastic(g, rng.uniform(lo, hi), rng)
    p, _ = AUG["pen"]
    if p and rng.random() < p:  # ink is dark: a grey erosion thickens the strokes, a dilation thins them
        kernel = np.ones((2, 2), np.uint8)
        g = cv2.erode(g, kernel) if rng.random() < 0.5 else cv2.dilate(g, kernel)
    p, (lo, hi) = AUG["resample"]
    if rng.random() < p:
        h, w = g.shape
        f = rng.uniform(lo, hi)
        small = cv2.resize(g, (max(1, round(w * f)), max(1, round(h * f))), interpolation=cv2.INTER_AREA)
        g = cv2.resize(small, (w, h), interpolation=cv2.INTER_LINEAR)
    p, (lo, hi) = AUG["blur"]
    if rng.random() < p:
        g = cv2.GaussianBlur(g, (0, 0), rng.uniform(lo, hi))
    p, (lo, hi) = AUG["noise"]
    if rng.random() < p:
        g = g + rng.normal(0.0, rng.uniform(lo, hi), g.shape).astype(np.float32)
    p, (lo, hi) = AUG["wide"]
    if p and rng.random() < p:
        h, w = g.shape
        g = cv2.resize(g, (max(1, round(w * rng.uniform(lo, hi))), h), interpolation=cv2.INTER_LINEAR)
    return np.clip(np.round(g), 0, 255).astype(np.uint8)


def elastic(g: np.ndarray, amplitude: float, rng: np.random.Generator) -> np.ndarray:
    """``g`` (float32 grey) warped by a smooth random displacement field (after Simard et al., 2003): a new
    shape of the same handwriting every epoch, so the network learns the digits and not the few glyphs of the
    train writers. ``amplitude``: standard deviation of the displacement as a share of the crop height."""
    h, w = g.shape
    sigma = max(1.0, ELASTIC_SIGMA * h)
    field = []
    for _ in range(2):
        f = cv2.GaussianBlur(rng.uniform(-1.0, 1.0, (h, w)).astype(np.float32), (0, 0), sigma)
        field.append(f * (amplitude * h / max(float(f.std()), 1e-6)))
    xs, ys = np.meshgrid(np.arange(w, dtype=np.float32), np.arange(h, dtype=np.float32))
    return cv2.remap(g, xs + field[0], ys + field[1], cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)


def epoch_index(kinds: list[str], labels: list[str], rng: np.random.Generator) -> np.ndarray:
    """Sample indices of one epoch (shuffled): every cell once, the kinds of REPEAT that many times more
    (and long numbers once more), of the kinds of EPOCH_SHARE a random part."""
    out = []
    for i, k in enumerate(kinds):
        if k in EPOCH_SHARE and rng.random() >= EPOCH_SHARE[k]:
            continue
        out += [i] * (1 + REPEAT.get(k, 0) + int(k == "number" and len(labels[i]) >= LONG_NUMBER))
    return rng.permutation(np.array(out, np.int64))


def epoch_inputs(data: dict, index: np.ndarray, rng: np.random.Generator) -> list[np.ndarray]:
    """Training inputs for the cells ``index``: each wide crop re-cut with a fresh jitter, augmented and
    turned into an ink map (uint8 (INPUT_H, W), W by :func:`digitize.reader.canvas_width`)."""
    out = []
    for i in index:
        img, origin, box = data["images"][i], data["origins"][i], data["boxes"][i]
        margin = margin_for(data["refs"][i])
        out.append(rd.ink_map(augment(mc.jittered_crop(img, origin, box, rng, margin), rng)))
    return out


def train_batches(maps: list[np.ndarray], rng: np.random.Generator) -> list[np.ndarray]:
    """Positions into ``maps`` per training batch: maps of one width together (shuffled), batches of at
    most BATCH, the batches in random order."""
    by_width: dict[int, list[int]] = {}
    for i, m in enumerate(maps):
        by_width.setdefault(int(m.shape[1]), []).append(i)
    out = []
    for w in sorted(by_width):
        idx = rng.permutation(np.array(by_width[w], np.int64))
        out += [idx[k:k + BATCH] for k in range(0, len(idx), BATCH)]
    return [out[k] for k in rng.permutation(len(out))]


def train_epoch(model: nn.Module, maps: list[np.ndarray], targets: list[torch.Tensor], opt, sched,
                rng: np.random.Generator) -> float:
    """One epoch of CTC training on ``maps`` (ink maps) with ``targets[i]`` the encoded label of ``maps[i]``, in the
    batches of :func:`train_batches`; ``opt`` and ``sched`` step once a batch. Out: the mean loss per map."""
    ctc = nn.CTCLoss(blank=rd.BLANK, zero_infinity=True)
    model.train()
    running, seen = 0.0, 0
    for pos in train_batches(maps, rng):
        x = torch.from_numpy(rd.to_input([maps[j] for j in pos]))
        tg = torch.cat([targets[j] for j in pos])
        lens = torch.tensor([len(targets[j]) for j in pos], dtype=torch.long)
        loss = ctc(log_probs(model(x)), tg, torch.full((len(pos),), x.shape[3] // rd.TIME_STRIDE, dtype=torch.long),
                   lens)
        opt.zero_grad()
        loss.backward()
        opt.step()
        sched.step()
        running += loss.item() * len(pos)
        seen += len(pos)
    return running / max(seen, 1)


def greedy_exact(model: nn.Module, maps: list[np.ndarray], labels: list[str]) -> float:
    """The share of ``maps`` whose greedy reading by ``model`` is their label."""
    return float(np.mean([rd.greedy(torch.softmax(lg, 1).numpy()) == lab
                          for lg, lab in zip(model_logits(model, maps), labels)]))


def model_logits(model: nn.Module, maps: list[np.ndarray]) -> list[torch.Tensor]:
    """Evaluation-mode logits per map: a (T, C) tensor each, in the order of ``maps``."""
    model.eval()
    out: list = [None] * len(maps)
    with torch.no_grad():
        for idx, x in rd.batches(maps, 512):
            y = model(torch.from_numpy(x)).squeeze(2).permute(0, 2, 1)
            for j, i in enumerate(idx):
                out[i] = y[j]
    return out


def calibrate(model: nn.Module, maps: list[np.ndarray], labels: list[str]) -> float:
    """The softmax temperature (of :data:`TEMPERATURES`) whose best-reading probabilities on ``maps`` fit how often
    that reading is the label best (Brier score); printed with its score."""
    logits = model_logits(model, maps)
    best_texts = [r.text for r in rd.decode([lg.numpy() for lg in logits], 1.0, top_k=1)]
    correct = np.array([t == lab for t, lab in zip(best_texts, labels)], float)
    scores = {float(temp): float(np.mean((string_probs(logits, best_texts, float(temp)) - correct) ** 2))
              for temp in TEMPERATURES}
    temperature = min(scores, key=scores.get)
    print(f"\ncalibration: temperature {temperature} (Brier {scores[temperature]:.4f}; at 1.0: {scores[1.0]:.4f})")
    return temperature


def string_probs(logits: list[torch.Tensor], texts: list[str], temperature: float) -> np.ndarray:
    """CTC probability of ``texts[i]`` (all alignments) under ``logits[i] / temperature``."""
    ctc_each = nn.CTCLoss(blank=rd.BLANK, reduction="none", zero_infinity=True)
    out = np.zeros(len(texts))
    by_t: dict[int, list[int]] = {}
    for i, lg in enumerate(logits):
        by_t.setdefault(int(lg.shape[0]), []).append(i)
    for t, idx in by_t.items():
        lp = torch.log_softmax(torch.stack([logits[i] for i in idx]) / temperature, dim=2).permute(1, 0, 2)
        tg = [torch.tensor(encode(texts[i]), dtype=torch.long) for i in idx]
        tgt = torch.cat(tg) if tg else torch.zeros(0, dtype=torch.long)
        with torch.no_grad():
            nll = ctc_each(lp, tgt, torch.full((len(idx),), t, dtype=torch.long),
                           torch.tensor([len(x) for x in tg], dtype=torch.long))
        out[idx] = np.exp(-nll.numpy())
    return out


def cells(path: Path, pages: int, split: str, seed: int, mode: str, workers: int, keep=None,
          printed: bool = False) -> dict:
    """Load the cells from ``path``, making them first when the file is missing or was made by another version of
    the generator (its ``generator`` fingerprint, make_cells.generator_fingerprint; ``keep`` and ``printed`` as for
    make_cells.make_page)."""
    if path.is_file():
        data = mc.load(path)
        if data["meta"].get("generator") == mc.generator_fingerprint():
            return data
        print(f"{path} was made by another version of the cell generator: making it anew")
    t = time.time()
    samples = mc.make_cells(pages, split, seed, mode, workers, keep=keep, printed=printed)
    mc.save(path, samples, split=split, mode=mode, pages=pages, seed=seed, printed=printed)
    print(f"made {len(samples)} {split} cells from {pages} pages in {time.time() - t:.0f} s -> {path}")
    return mc.load(path)


# ---------------------------------------------------------------------------------------------- export


def export_checked(model: nn.Module, onnx_path: Path, maps: list[np.ndarray], dynamic_axes: dict) -> float:
    """Export ``model`` (input "ink", output "logits", ``dynamic_axes`` as torch.onnx.export takes them) to ONNX at
    ``onnx_path`` and check that cv2.dnn gives torch's output on batches of ``maps`` of every eighth width group and
    on one map alone; exits when they differ by more than 1e-3. Out: the largest difference."""
    model.eval()
    example = torch.from_numpy(rd.to_input([np.zeros((rd.INPUT_H, 64), np.uint8)] * 2))
    torch.onnx.export(model, example, str(onnx_path), opset_version=OPSET, input_names=["ink"],
                      output_names=["logits"], dynamic_axes=dynamic_axes, dynamo=False)
    net = cv2.dnn.readNetFromONNX(str(onnx_path))
    diffs = []
    groups = list(rd.batches(maps, 64))
    for idx, xb in groups[:: max(1, len(groups) // 8)] + [(groups[0][0][:1], groups[0][1][:1])]:
        net.setInput(xb)
        got = net.forward()
        with torch.no_grad():
            want = model(torch.from_numpy(xb)).numpy()
        if got.shape != want.shape:
            raise SystemExit(f"cv2.dnn output shape {got.shape} != torch {want.shape}")
        diffs.append(float(np.abs(got - want).max()))
    print(f"cv2.dnn {cv2.__version__} vs torch {torch.__version__}: largest difference {max(diffs):.2e} "
          f"over {len(diffs)} batches of widths {sorted({g[1].shape[3] for g in groups})}")
    if max(diffs) > 1e-3:
        raise SystemExit("cv2.dnn and torch disagree")
    return max(diffs)


# --------------------------------------------------------------------------------------------- figures


def run_facts(train_seconds: float) -> dict:
    """What a training run's JSON records of the run itself: its seconds, the torch and OpenCV versions, the machine
    and the augmentation in force (:data:`AUG`, as the script set it)."""
    return {"seconds": round(train_seconds), "torch": torch.__version__, "opencv": cv2.__version__,
            "machine": platform.machine(), "augmentation": {k: [v[0], list(v[1])] for k, v in AUG.items()}}


def figures(results, labels, kinds, cut=None, bar: float = BAR) -> dict:
    """Exact rate per kind and overall (written cells = all but empty), confident wrong and doubts; the
    same overall for the cells whose writing stays in the crop (``cut`` <= MAX_CUT)."""
    ok = np.array([r.text == lab for r, lab in zip(results, labels)])
    conf = np.array([r.confidence for r in results])
    kinds = np.array(kinds)
    out = {"cells": int(len(ok)), "bar": bar, "per_kind": {}}
    for k in mc.KINDS:
        sel = kinds == k
        if sel.any():
            out["per_kind"][k] = {"cells": int(sel.sum()), "exact": round(float(ok[sel].mean()), 4),
                                  "confident_wrong": round(float((~ok[sel] & (conf[sel] >= bar)).mean()), 4),
                                  "doubts": round(float((conf[sel] < bar).mean()), 4)}
    written = kinds != "empty"
    out["exact_all"] = round(float(ok.mean()), 4)
    out["exact_written"] = round(float(ok[written].mean()), 4)
    out["confident_wrong"] = round(float((~ok & (conf >= bar)).mean()), 4)
    out["doubts"] = round(float((conf < bar).mean()), 4)
    top = np.argsort(-conf, kind="stable")[: int(0.3 * len(conf))]
    out["exact_top30"] = round(float(ok[top].mean()), 4)
    if cut is not None:
        inside = np.array(cut) <= MAX_CUT
        out["in_crop"] = {"cells": int(inside.sum()), "exact": round(float(ok[inside].mean()), 4),
                          "exact_written": round(float(ok[inside & written].mean()), 4),
                          "exact_numbers": round(float(ok[inside & (kinds == "number")].mean()), 4),
                          "confident_wrong": round(float((~ok & (conf >= bar))[inside].mean()), 4),
                          "doubts": round(float((conf < bar)[inside].mean()), 4)}
    return out


def print_figures(fig: dict, title: str) -> None:
    print(f"\n{title}: {fig['cells']} cells, exact {fig['exact_all']:.2%} (written {fig['exact_written']:.2%}), "
          f"confident wrong {fig['confident_wrong']:.2%}, doubts {fig['doubts']:.2%} at {fig['bar']}, "
          f"top-30% {fig['exact_top30']:.2%}")
    print("| kind | cells | exact | confident wrong | doubts |\n| --- | ---: | ---: | ---: | ---: |")
    for k, v in fig["per_kind"].items():
        print(f"| {k} | {v['cells']} | {v['exact']:.2%} | {v['confident_wrong']:.2%} | {v['doubts']:.2%} |")
    if "in_crop" in fig:
        v = fig["in_crop"]
        print(f"cells whose writing stays in the crop ({v['cells']}): exact {v['exact']:.2%} (written "
              f"{v['exact_written']:.2%}, numbers {v['exact_numbers']:.2%}), "
              f"confident wrong {v['confident_wrong']:.2%}, "
              f"doubts {v['doubts']:.2%}")


# ------------------------------------------------------------------------------------------------ main


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", default="/tmp/skatscan_reader", help="folder of the generated cells (not committed)")
    ap.add_argument("--out", default=str(ROOT / "digitize" / "models"), help="folder for reader.onnx/json")
    ap.add_argument("--epochs", type=int, help="epochs (default: the recipe of --name)")
    ap.add_argument("--train-pages", type=int, default=TRAIN_PAGES)
    ap.add_argument("--val-pages", type=int, default=VAL_PAGES)
    ap.add_argument("--workers", type=int, default=THREADS)
    ap.add_argument("--printed-pages", type=int, default=PRINTED_PAGES,
                    help="pages of printed series/table/start numbers added to the training cells (0: none)")
    ap.add_argument("--max-cells", type=int, default=0, help="train on the first N cells only (quick tries)")
    ap.add_argument("--max-cut", type=float, default=MAX_CUT,
                    help="leave out the training cells more than this share of whose ink lies outside the crop "
                         "(default: %(default)s)")
    ap.add_argument("--name", default="reader", choices=sorted(RECIPES),
                    help="model file name: reader (the main network), second (the second opinion), box (the "
                         "signature boxes and the third opinion) or doubt (the fourth opinion)")
    ap.add_argument("--seed", type=int, help="seed of the weights, the epochs and the augmentation (default: the "
                                              f"recipe's, else {SEED})")
    ap.add_argument("--weights", help="skip training: calibrate, export and check the weights a run saved "
                                      "(DATA/reader_state.pt, copied away), e.g. after an export that failed; "
                                      "--trained-seconds says how long that run trained (for the JSON)")
    ap.add_argument("--trained-seconds", type=float, default=0.0)
    ap.add_argument("--elastic", type=float,
                    help="chance of the elastic warp per crop, 0 = no shape augmentation (default: the recipe)")
    ap.add_argument("--channels", type=lambda s: tuple(int(c) for c in s.split(",")), default=CHANNELS,
                    help="channels of the four convolution stages, comma-separated (default: %(default)s)")
    args = ap.parse_args(argv)
    if len(args.channels) != 4 or min(args.channels) < 1:
        ap.error("--channels takes four positive counts, e.g. 32,48,64,96")

    torch.set_num_threads(THREADS)
    recipe = RECIPES[args.name]
    args.seed = recipe.get("seed", SEED) if args.seed is None else args.seed
    torch.manual_seed(args.seed)
    rng = np.random.default_rng(args.seed)
    args.epochs = recipe["epochs"] if args.epochs is None else args.epochs
    args.elastic = recipe["elastic"] if args.elastic is None else args.elastic
    AUG["elastic"] = (args.elastic, AUG["elastic"][1])
    if not args.elastic:  # neither shape augmentation (and no random draw spent on them)
        AUG["pen"] = (0.0, AUG["pen"][1])
    data_dir = Path(args.data)
    data_dir.mkdir(parents=True, exist_ok=True)
    train = cells(data_dir / f"train_{args.train_pages}_{TRAIN_SEED}.npz", args.train_pages, "train", TRAIN_SEED,
                  "train", args.workers, keep=mc.KEEP_TRAIN)
    val = cells(data_dir / f"val_{args.val_pages}_{VAL_SEED}.npz", args.val_pages, "test", VAL_SEED, "test",
                args.workers)
    val_printed = None
    if args.printed_pages:
        extra = cells(data_dir / f"printed_{args.printed_pages}_{PRINTED_SEED}.npz", args.printed_pages, "train",
                      PRINTED_SEED, "train", args.workers, keep=mc.KEEP_PRINTED, printed=True)
        train = {k: (v + extra[k] if isinstance(v, list) else v) for k, v in train.items()}
        val_printed = cells(data_dir / f"val_printed_{VAL_PRINTED_PAGES}_{VAL_PRINTED_SEED}.npz", VAL_PRINTED_PAGES,
                            "test", VAL_PRINTED_SEED, "test", args.workers, keep=mc.KEEP_PRINTED, printed=True)
    keep = [i for i, c in enumerate(train["cut"]) if c <= args.max_cut][: args.max_cells or None]
    n_cut = sum(c > args.max_cut for c in train["cut"])
    train = {k: ([v[i] for i in keep] if isinstance(v, list) else v) for k, v in train.items()}
    print(f"left out {n_cut} training cells whose writing runs more than {args.max_cut:.0%} out of the crop")
    kinds_train = {k: train["kinds"].count(k) for k in mc.KINDS}
    print(f"train: {len(train['labels'])} cells (train writers) {kinds_train}; "
          f"val: {len(val['labels'])} cells (test writers)")

    targets = [torch.tensor(encode(lab), dtype=torch.long) for lab in train["labels"]]
    val_maps = [rd.ink_map(c) for c in val["images"]]

    model = ReaderNet(channels=args.channels)
    n_params = sum(p.numel() for p in model.parameters())
    per_epoch = sum(EPOCH_SHARE.get(k, 1.0) * (1 + REPEAT.get(k, 0) + int(k == "number" and len(lab) >= LONG_NUMBER))
                    for k, lab in zip(train["kinds"], train["labels"]))
    # epochs vary a little in size and batches group equal widths: plan the schedule generously
    steps_per_epoch = math.ceil(1.02 * per_epoch / BATCH) + len(range(rd.MIN_W, rd.MAX_W + 1, rd.WIDTH_STEP))
    total_steps = steps_per_epoch * args.epochs
    opt = torch.optim.AdamW(model.parameters(), lr=LR, weight_decay=WEIGHT_DECAY)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=LR, total_steps=total_steps, pct_start=0.15)
    print(f"model: {n_params} parameters; {args.epochs} epochs of about {per_epoch:.0f} cells, batches of {BATCH}")

    t0 = time.time()
    if args.weights:
        model.load_state_dict(torch.load(args.weights))
    for epoch in range(0 if args.weights else args.epochs):
        te = time.time()
        order = epoch_index(train["kinds"], train["labels"], rng)
        maps = epoch_inputs(train, order, rng)
        prep = time.time() - te
        loss = train_epoch(model, maps, [targets[i] for i in order], opt, sched, rng)
        ok = greedy_exact(model, val_maps, val["labels"])
        print(f"epoch {epoch + 1}: loss {loss:.4f}, val exact (greedy) {ok:.2%}, "
              f"{time.time() - te:.0f} s (inputs {prep:.0f} s), total {(time.time() - t0) / 60:.1f} min", flush=True)
    train_seconds = args.trained_seconds if args.weights else time.time() - t0
    if not args.weights:
        torch.save(model.state_dict(), data_dir / "reader_state.pt")

    temperature = calibrate(model, val_maps, val["labels"])

    # export and check cv2.dnn against torch
    out_dir = Path(args.out)
    out_dir.mkdir(parents=True, exist_ok=True)
    onnx_path = out_dir / f"{args.name}.onnx"
    meta_path = out_dir / f"{args.name}.json"
    max_diff = export_checked(model, onnx_path, val_maps, {"ink": {0: "n", 3: "w"}, "logits": {0: "n", 3: "t"}})

    ch = args.channels
    meta = {
        "name": "skatscan cell reader",
        "reads": ROLES[args.name],
        "charset": rd.CHARSET,
        "blank": rd.BLANK,
        "tokens": {"~": "signature or scribble", "#": "stroke of a crossed-out row", "": "empty cell",
                   "-": "minus, or alone a dash (not playing)", "X": "a mark: X, + or slanted cross"},
        "input": {"height": rd.INPUT_H, "min_width": rd.MIN_W, "max_width": rd.MAX_W, "width_step": rd.WIDTH_STEP,
                  "policy": (
            f"grey crop as digitize.cells.crop cuts it; paper level = {rd.PAPER_PERCENTILE}th percentile of the crop, "
            f"or of the cell inside the crop margin (the crop less {rd.INNER_INSET:.3f} of its height and 1 px on "
            "every side) when that is lower; ink = 1 - grey/paper clipped to [0,1]; "
            f"scaled to {rd.INPUT_H} px high keeping the aspect (squeezed when wider than "
            f"{rd.MAX_W} px), centred on an empty canvas {rd.INPUT_H} px high whose width is the next multiple of "
            f"{rd.WIDTH_STEP} ({rd.MIN_W}..{rd.MAX_W}); crops of one width run together (digitize.reader.ink_map)"),
                  "layout": "N x 1 x 32 x W float32, ink 0..1"},
        "output": {"layout": f"N x {len(rd.CHARSET) + 1} x 1 x W/{rd.TIME_STRIDE} logits (blank + charset)",
                   "time_stride": rd.TIME_STRIDE},
        "architecture": (f"conv3x3/2 {ch[0]} -> conv {ch[1]} -> pool2 -> 2x conv {ch[2]} -> pool(2,1) "
                         f"-> 2x conv {ch[3]} -> pool(2,1) -> conv(2x1) {ch[3]} (height collapsed) -> "
                         f"1x3 convs dilation {list(CONTEXT_DILATIONS)} -> 1x1 conv 16; "
                         "BatchNorm+ReLU after every conv"),
        "parameters": int(n_params),
        "onnx": {"opset": OPSET, "exporter": "torch.onnx.export (TorchScript)", "dynamic_batch": True,
                 "sha256": hashlib.sha256(onnx_path.read_bytes()).hexdigest(), "bytes": onnx_path.stat().st_size,
                 "cv2_dnn_max_abs_diff": max_diff},
        "calibration": {"temperature": temperature,
                        "method": "Brier score of the best reading on the validation cells"},
        "training": {
            "data": ("synthetic cells made by tools/make_cells.py: forms rendered at RECTIFIED_DPI (both editions, "
                     "3 and 4 seats), filled by digitize.synth.handwriting writers, photographed by "
                     "digitize.synth.camera, rectified with a small locator error, cut with digitize.cells.crop"),
            "train_cells": len(train["labels"]), "train_cells_left_out_cut": n_cut, "max_cut": args.max_cut,
            "train_pages": args.train_pages, "train_seed": TRAIN_SEED,
            "train_writers": "glyph bank split 'train'",
            "train_kinds": kinds_train,
            "val_cells": len(val["labels"]), "val_pages": args.val_pages, "val_seed": VAL_SEED,
            "val_writers": "glyph bank split 'test' (never seen in training)",
            "epochs": args.epochs, "repeat_per_epoch": REPEAT, "epoch_share": EPOCH_SHARE,
            "long_numbers_repeated_from": LONG_NUMBER, "batch": BATCH, "lr": LR, "seed": args.seed, "threads": THREADS,
            **run_facts(train_seconds),
        },
        "glyph_sources": "skatlist (MIT, C. Paproth), mnist via OpenCV digits.png (Apache-2.0 / CC BY-SA 3.0), "
                         "semeion (CC BY 4.0), optdigits (CC BY 4.0): see docs/data.md and digitize/data/LICENSES.md",
        "date": datetime.date.today().isoformat(),
    }
    meta_path.write_text(json.dumps(meta, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")

    # figures through the packaged reader (cv2.dnn, beam search, calibrated)
    reader = rd.CellReader(onnx_path, meta_path, second=None)
    t = time.time()
    results = reader.read(val["images"])
    per_cell = (time.time() - t) / max(len(results), 1)
    fig = figures(results, val["labels"], val["kinds"], val["cut"])
    fig["seconds_per_cell"] = round(per_cell, 5)
    print_figures(fig, "validation (test writers, CellReader)")
    meta["validation"] = fig
    if val_printed is not None:
        pres = reader.read(val_printed["images"])
        pfig = figures(pres, val_printed["labels"], val_printed["kinds"])
        print_figures(pfig, "printed values (test writers' pages, series/table/start numbers printed, CellReader)")
        meta["validation_printed"] = dict(pfig, pages=VAL_PRINTED_PAGES, seed=VAL_PRINTED_SEED)
        meta["training"]["printed_pages"], meta["training"]["printed_seed"] = args.printed_pages, PRINTED_SEED
    meta_path.write_text(json.dumps(meta, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"\nwrote {onnx_path} ({onnx_path.stat().st_size / 1e6:.2f} MB) and {meta_path}; "
          f"training {train_seconds / 60:.1f} min")


if __name__ == "__main__":
    main()
