"""One module per kind of finding; each exposes ``check(facts, *, sl, settings, counters, corrections_for)``
yielding :class:`audit.findings.Finding` objects (``corrections_for(ref)``: the corrections, as
:class:`audit.auditor.CorrectedFigures`, whose figure for cell ``ref`` is no error there though it does not follow
from the written figure before it; :func:`audit.auditor.run_checks`)."""
from . import (abandoned, counters, declarers, doubts, footer, game_count, game_value, home_rules, money, penalties,
               ramsch, running_total, signatures)

#: Order of the report: row by row first, then the footer, the document, the reader's doubts.
ALL = (game_value, ramsch, home_rules, abandoned, running_total, counters, declarers, game_count, penalties,
       footer, money, signatures, doubts)
