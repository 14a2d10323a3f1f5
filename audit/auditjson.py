"""The ``skatscan.audit/1`` document (schema: ``audit/schema/skatscan.audit.schema.json``)."""
from __future__ import annotations

from dataclasses import asdict

from .auditor import Audit
from .listjson import list_to_json
from .messages import render
from .model import FORMAT_AUDIT
from .settings import Settings


def audit_to_json(a: Audit, settings: Settings = Settings(), lang: str = "de") -> dict:
    t = a.sl.table
    return {
        "format": FORMAT_AUDIT,
        "source": a.sl.source,
        "status": a.status,
        "table": {"seats": t.seats, "series": t.series, "table": t.table,
                  "start_numbers": list(t.start_numbers), "kind": t.kind},
        "settings": {"games": settings.games_for(t.seats), "loss_money": settings.loss_money,
                     "online": settings.online, "penalties": settings.penalties},
        "counts": {"errors": len(a.errors), "warnings": len(a.warnings), "doubts": len(a.doubts),
                   "findings": len(a.findings)},
        "findings": [f.to_json(lang) for f in a.findings],
        "corrections": [{"game": c.game, "seat": c.seat, "field": c.field, "from": c.before, "to": c.after,
                         "rule": c.rule, "reason": render(c.reason, lang, {}), "provisional": c.provisional}
                        for c in a.corrected.corrections],
        "kept": [{"cell": ref, "value": st.value, "rule": st.rule, "reason": render(st.note, lang, {}),
                  "provisional": ref in a.corrected.provisional_kept}
                 for ref, st in a.corrected.kept.items()],
        "result": [asdict(r) for r in a.result],
        "corrected": list_to_json(a.corrected.sl),
    }
