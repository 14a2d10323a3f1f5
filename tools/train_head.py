"""Train the table head's networks: the main network and the second opinion fine-tuned on head cells as the pipeline
cuts them.

    python tools/train_head.py                 # head.onnx, from reader.onnx: head cells made once into /tmp
                                               # (~18 min per 1,200 photos on 2 cores), then ~13 min
    python tools/train_head.py --name head_b   # head_b.onnx, from second.onnx (the same head cells), ~13 min

The table head (Serie, Tisch, the start numbers) is cut without a margin (``digitize.cells.HEAD_MARGIN``), framed
by thick lines, and written by the players, larger and looser than the keeper's figures; the packaged networks were
trained with a margin on every cell and saw few head cells, and read a start number right far less often than a
game row's figure (docs/reader.md, "The table head's networks"). This script:

1. makes head cells with ``tools/make_head_cells.py`` (whole synthetic photos with TRAIN-split handwriting, located
   and cut by the pipeline; wide crops re-cut with a fresh jitter every epoch) and a calibration set from TEST-split
   writers, once, into ``--data``;
2. loads a packaged network (``digitize/models/reader.onnx`` for ``head``, ``second.onnx`` for ``head_b``: its
   convolutions with the batch norms folded in, as exported) into torch and trains it further on the head cells,
   with a share of the general training cells (``tools/make_cells.py``'s, numbers and empty cells) replayed every
   epoch so that it keeps reading digits it seldom sees in the head; the augmentation of ``tools/train_reader.py``;
3. calibrates one softmax temperature on the calibration set (Brier score), exports ``NAME.onnx`` and ``NAME.json``
   (checked against cv2.dnn as the other networks are) and prints the calibration set's figures through the
   packaged reader.

Needs PyTorch (CPU) and onnx at training time only: ``pip install torch==2.13.0 onnx``.
"""
from __future__ import annotations

import argparse
import datetime
import hashlib
import json
import math
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
for p in (ROOT, ROOT / "tools"):
    if str(p) not in sys.path:
        sys.path.insert(0, str(p))

import make_cells as mc  # noqa: E402
import make_head_cells as mh  # noqa: E402
import train_reader as tr  # noqa: E402  (sets OMP_WAIT_POLICY, checks torch and onnx)
from digitize import reader as rd  # noqa: E402
import digitize.cells as cells_module  # noqa: E402
from digitize.cells import margin_for  # noqa: E402

import onnx  # noqa: E402
import torch  # noqa: E402
import torch.nn as nn  # noqa: E402
from onnx import numpy_helper  # noqa: E402

SEED = 20261201
#: The two head networks (``--name``): the packaged network each starts from, and its seed. The main network and the
#: second opinion were trained differently and err differently; so do the head networks made from them, and the
#: reader averages both with the main network (docs/reader.md, "The table head's networks").
NETWORKS = {"head": (rd.MODEL_FILE, SEED), "head_b": (rd.SECOND_FILE, 4242)}
#: Head cells: runs of training photos (train writers) and the calibration photos (test writers): (photos, seed).
TRAIN_SETS = ((1200, 31), (1200, 32), (1200, 34))
CAL_PHOTOS, CAL_SEED = 240, 33
#: Each head cell is shown this many times an epoch (freshly jittered and augmented each time); besides, this many
#: general training cells (numbers and empty cells, a fresh random choice every epoch) are replayed.
HEAD_REPEAT = 2
REPLAY = 6000
REPLAY_KINDS = {"number": 0.85, "empty": 0.15}
EPOCHS = 10
LR = 2e-3
WEIGHT_DECAY = 1e-4
#: The elastic warp and the pen change of the second network's recipe (the players' hands vary more).
ELASTIC = 0.5
#: The bar the trained network alone is scored at on the calibration cells, reading each crop as cut: the head's bar
#: when its cells were read so (digitize.doubts.HEAD_BAR is set for the reader's many looks averaged, and lower).
ALONE_BAR = 0.98
#: The chance that a head cell is drawn out wider (tools/train_reader.py's AUG["wide"]), as the reader reads the head
#: in wider looks too (digitize.reader.HEAD_LOOKS). Off: the packaged head networks were trained without it, and
#: trained further with it at 0.5 they read no more right (docs/reader.md, "Wider looks").
WIDE = 0.0


def folded(channels=tr.CHANNELS) -> nn.Sequential:
    """The reader's layers as they are exported: each convolution with a bias and no batch norm after it."""
    layers = []
    for layer in tr.ReaderNet(channels=channels).net:
        if isinstance(layer, nn.BatchNorm2d):
            continue
        if isinstance(layer, nn.Conv2d) and layer.bias is None:
            layer = nn.Conv2d(layer.in_channels, layer.out_channels, layer.kernel_size, stride=layer.stride,
                              padding=layer.padding, dilation=layer.dilation, bias=True)
        layers.append(layer)
    return nn.Sequential(*layers)


def load_onnx(path: Path) -> nn.Sequential:
    """The network in ONNX file ``path`` (exported by tools/train_reader.py) as a trainable :func:`folded` model."""
    graph = onnx.load(str(path)).graph
    inits = {i.name: numpy_helper.to_array(i) for i in graph.initializer}
    convs = [[inits[name] for name in node.input[1:]] for node in graph.node if node.op_type == "Conv"]
    model = folded()
    mine = [m for m in model if isinstance(m, nn.Conv2d)]
    if len(mine) != len(convs):
        raise SystemExit(f"{path}: {len(convs)} convolutions, the reader has {len(mine)}")
    with torch.no_grad():
        for conv, (w, b) in zip(mine, convs):
            if tuple(conv.weight.shape) != w.shape:
                raise SystemExit(f"{path}: a convolution of shape {w.shape}, "
                                 f"the reader's is {tuple(conv.weight.shape)}")
            conv.weight.copy_(torch.from_numpy(w.copy()))
            conv.bias.copy_(torch.from_numpy(b.copy()))
    return model


def fine_tuned_meta(start: Path, model: nn.Module, onnx_path: Path, max_diff: float) -> dict:
    """The JSON description's common part of a network trained further from the exported network ``start`` and
    exported to ``onnx_path`` (cv2.dnn off torch by ``max_diff``): the start's charset, tokens, input, output and
    architecture (its batch norms folded), the parameters, the ONNX file's facts, ``training.start`` (the start's
    file and hash) and the glyph sources. Each script adds its name, what it reads, calibration and training."""
    start_meta = json.loads(start.with_suffix(".json").read_text(encoding="utf-8"))
    meta = {k: start_meta[k] for k in ("charset", "blank", "tokens", "input", "output", "architecture")
            if k in start_meta}
    meta["architecture"] = meta.get("architecture", "").replace(
        "; BatchNorm+ReLU after every conv", f"; ReLU after every conv ({start.name}'s layers with their "
        "batch norms folded into the convolutions, as exported, and trained further so)")
    meta.update({
        "parameters": int(sum(p.numel() for p in model.parameters())),
        "onnx": {"opset": tr.OPSET, "exporter": "torch.onnx.export (TorchScript)", "dynamic_batch": True,
                 "sha256": hashlib.sha256(onnx_path.read_bytes()).hexdigest(), "bytes": onnx_path.stat().st_size,
                 "cv2_dnn_max_abs_diff": max_diff},
        "training": {"start": f"{start.name} sha256 {hashlib.sha256(start.read_bytes()).hexdigest()}"},
        "glyph_sources": start_meta.get("glyph_sources", ""),
    })
    return meta


def head_data(path: Path, photos: int, seed: int, split: str, workers: int, pad: int = mc.WIDE_PAD) -> dict:
    """Head cells from ``path``, made first (tools/make_head_cells.py, wide crops ``pad`` px around the crop) when
    missing or made by another generator."""
    fingerprint = mc.generator_fingerprint(mh.HEAD_GENERATOR_FILES)
    if path.is_file():
        data = mc.load(path)
        if data["meta"].get("generator") == fingerprint:
            return data
        print(f"{path} was made by another version of the generator: making it anew")
    t = time.time()
    cells = mh.make_head_cells(photos, seed, workers, split, pad)
    mc.save(path, cells, split=split, mode="train", pages=str(photos), seed=str(seed), printed="head",
            generator=fingerprint)
    print(f"made {len(cells)} head cells ({split} writers) from {photos} photos in {time.time() - t:.0f} s -> {path}")
    return mc.load(path)


def cut_once(data: dict, rng: np.random.Generator) -> list[np.ndarray]:
    """Each wide crop of ``data`` cut once with a seeded jitter, as the pipeline would hand it to the reader."""
    return [mc.jittered_crop(img, o, b, rng, margin_for(ref))
            for img, o, b, ref in zip(data["images"], data["origins"], data["boxes"], data["refs"])]


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", default="/tmp/skatscan_reader", help="folder of the generated cells (not committed)")
    ap.add_argument("--out", default=str(ROOT / "digitize" / "models"), help="folder for NAME.onnx/json")
    ap.add_argument("--name", default="head", choices=sorted(NETWORKS),
                    help="which head network: head (from reader.onnx) or head_b (from second.onnx)")
    ap.add_argument("--sets", default=",".join(f"{n}:{s}" for n, s in TRAIN_SETS),
                    help="the head cells' sets of training photos, PHOTOS:SEED,... (each made once into --data)")
    ap.add_argument("--start", help="the network to start from (default: --name's, digitize/models/)")
    ap.add_argument("--epochs", type=int, default=EPOCHS)
    ap.add_argument("--cal-photos", type=int, default=CAL_PHOTOS)
    ap.add_argument("--replay", type=int, default=REPLAY, help="general cells replayed per epoch (0: none)")
    ap.add_argument("--lr", type=float, default=LR)
    ap.add_argument("--elastic", type=float, default=ELASTIC)
    ap.add_argument("--wide", type=float, default=WIDE, help="chance of a head cell drawn out wider (the reader's "
                    "wider looks, digitize.reader.HEAD_LOOKS; 0: none)")
    ap.add_argument("--workers", type=int, default=tr.THREADS)
    ap.add_argument("--seed", type=int, help="default: --name's")
    ap.add_argument("--head-margin", help="the head's crop margin to train for, X,Y shares of the box height left "
                    "and right, above and below (default: digitize.cells.HEAD_MARGIN); needs head cells made with "
                    "a --pad that holds it")
    ap.add_argument("--pad", type=int, default=mc.WIDE_PAD,
                    help="px kept around each head cell's crop when its cells are made (files named _padN)")
    args = ap.parse_args(argv)
    if args.head_margin:
        try:
            cells_module.HEAD_MARGIN = tuple(float(x) for x in args.head_margin.split(","))
        except ValueError:
            ap.error(f"--head-margin {args.head_margin!r}: expected X,Y")
    suffix = "" if args.pad == mc.WIDE_PAD else f"_pad{args.pad}"
    args.start = args.start or str(rd.model_path(NETWORKS[args.name][0]))
    args.seed = NETWORKS[args.name][1] if args.seed is None else args.seed
    try:
        train_sets = tuple(tuple(int(x) for x in part.split(":")) for part in args.sets.split(","))
    except ValueError:
        train_sets = ()
    if not train_sets or not all(len(t) == 2 and t[0] > 0 for t in train_sets):
        ap.error(f"--sets {args.sets!r}: expected PHOTOS:SEED[,PHOTOS:SEED...]")

    torch.set_num_threads(tr.THREADS)
    torch.manual_seed(args.seed)
    rng = np.random.default_rng(args.seed)
    tr.AUG["elastic"] = (args.elastic, tr.AUG["elastic"][1])
    if not args.elastic:
        tr.AUG["pen"] = (0.0, tr.AUG["pen"][1])
    wide = {"head": (args.wide, tr.AUG["wide"][1]), "general": (0.0, tr.AUG["wide"][1])}  # head cells alone
    data_dir = Path(args.data)
    data_dir.mkdir(parents=True, exist_ok=True)
    parts = [head_data(data_dir / f"head_{n}_{seed}{suffix}.npz", n, seed, "train", args.workers, args.pad)
             for n, seed in train_sets]
    head = {k: [x for part in parts for x in part[k]] for k in ("images", "origins", "boxes", "labels", "kinds",
                                                                  "refs", "cut")}
    cal = head_data(data_dir / f"head_cal_{args.cal_photos}_{CAL_SEED}{suffix}.npz", args.cal_photos, CAL_SEED, "test",
                    args.workers, args.pad)
    general = None
    if args.replay:  # the main network's training cells: any version of the generator will do for the replay
        path = data_dir / f"train_{tr.TRAIN_PAGES}_{tr.TRAIN_SEED}.npz"
        general = mc.load(path) if path.is_file() else tr.cells(path, tr.TRAIN_PAGES, "train", tr.TRAIN_SEED,
                                                                 "train", args.workers, keep=mc.KEEP_TRAIN)
    print(f"head cells: {len(head['labels'])} (train writers), calibration {len(cal['labels'])} (test writers); "
          f"kinds {dict((k, head['kinds'].count(k)) for k in set(head['kinds']))}")

    cal_crops = cut_once(cal, np.random.default_rng(CAL_SEED))
    cal_maps = [rd.ink_map(c) for c in cal_crops]
    cal_labels = cal["labels"]
    model = load_onnx(Path(args.start))
    start_ok = tr.greedy_exact(model, cal_maps, cal_labels)
    print(f"start ({Path(args.start).name}): calibration exact (greedy) {start_ok:.2%}")

    replay_pool = [] if general is None else [i for i, k in enumerate(general["kinds"]) if k in REPLAY_KINDS]
    replay_p = None
    if replay_pool:
        w = np.array([REPLAY_KINDS[general["kinds"][i]] for i in replay_pool])
        counts = {k: sum(general["kinds"][i] == k for i in replay_pool) for k in REPLAY_KINDS}
        replay_p = w / np.array([counts[general["kinds"][i]] for i in replay_pool])
        replay_p /= replay_p.sum()
    per_epoch = HEAD_REPEAT * len(head["labels"]) + (args.replay if replay_pool else 0)
    steps = (math.ceil(1.05 * per_epoch / tr.BATCH) + len(range(rd.MIN_W, rd.MAX_W + 1, rd.WIDTH_STEP))) * args.epochs
    opt = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=WEIGHT_DECAY)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=args.lr, total_steps=steps, pct_start=0.2)
    t0 = time.time()
    for epoch in range(args.epochs):
        te = time.time()
        order = rng.permutation(np.repeat(np.arange(len(head["labels"])), HEAD_REPEAT))
        tr.AUG["wide"] = wide["head"]
        maps = tr.epoch_inputs(head, order, rng)
        tr.AUG["wide"] = wide["general"]
        labels = [head["labels"][i] for i in order]
        if replay_pool:
            pick = rng.choice(replay_pool, size=args.replay, replace=False, p=replay_p)
            maps += tr.epoch_inputs(general, pick, rng)
            labels += [general["labels"][i] for i in pick]
        targets = [torch.tensor(tr.encode(lab), dtype=torch.long) for lab in labels]
        loss = tr.train_epoch(model, maps, targets, opt, sched, rng)
        ok = tr.greedy_exact(model, cal_maps, cal_labels)
        print(f"epoch {epoch + 1}: loss {loss:.4f}, calibration exact (greedy) {ok:.2%}, "
              f"{time.time() - te:.0f} s, total {(time.time() - t0) / 60:.1f} min", flush=True)
    tr.AUG["wide"] = wide["head"]  # as the head cells were augmented (the JSON records it)
    train_seconds = time.time() - t0
    torch.save(model.state_dict(), data_dir / "head_state.pt")

    temperature = tr.calibrate(model, cal_maps, cal_labels)

    out_dir = Path(args.out)
    out_dir.mkdir(parents=True, exist_ok=True)
    onnx_path, meta_path = out_dir / f"{args.name}.onnx", out_dir / f"{args.name}.json"
    max_diff = tr.export_checked(model, onnx_path, cal_maps, {"ink": {0: "n", 3: "w"}, "logits": {0: "n", 3: "t"}})
    meta = fine_tuned_meta(Path(args.start), model, onnx_path, max_diff)
    meta.update({
        "name": "skatscan table head reader",
        "reads": "the table head's cells (Serie, Tisch, Start-Nr.; digitize.reader.CellReader.read(heads=...))",
        "calibration": {"temperature": temperature,
                        "method": "Brier score of the best reading on the calibration head cells (test writers)"},
        "training": {
            **meta["training"],
            "data": ("head cells made by tools/make_head_cells.py: synthetic photos (digitize.synth.dataset, both "
                     "editions, 3 and 4 seats, 720-4000 px) located by digitize.locate and cut around the located "
                     "boxes; replayed general cells of tools/make_cells.py"),
            "head_cells": len(head["labels"]), "head_photos_and_seeds": train_sets,
            "head_margin": cells_module.HEAD_MARGIN,
            "head_writers": "glyph bank split 'train'", "head_repeat": HEAD_REPEAT,
            "replay_per_epoch": args.replay if replay_pool else 0, "replay_kinds": REPLAY_KINDS,
            "calibration_cells": len(cal_labels), "calibration_photos": args.cal_photos,
            "calibration_seed": CAL_SEED, "calibration_writers": "glyph bank split 'test'",
            "epochs": args.epochs, "batch": tr.BATCH, "lr": args.lr, "seed": args.seed, "threads": tr.THREADS,
            **tr.run_facts(train_seconds),
        },
        "date": datetime.date.today().isoformat(),
    })
    meta_path.write_text(json.dumps(meta, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    reader = rd.CellReader(onnx_path, meta_path, second=None, gate=None)
    fig = tr.figures(reader.read(cal_crops), cal_labels, cal["kinds"], cal["cut"], bar=ALONE_BAR)
    tr.print_figures(fig, "calibration head cells (test writers, CellReader, alone, as cut, at 0.98)")
    meta["validation"] = fig
    meta_path.write_text(json.dumps(meta, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"\nwrote {onnx_path} and {meta_path}; training {train_seconds / 60:.1f} min")


if __name__ == "__main__":
    main()
