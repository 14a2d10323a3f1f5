"""One module per kind of finding; each exposes ``check(facts, *, sl, settings, counters, came_back)`` yielding
:class:`audit.findings.Finding` objects (``came_back(ref, written, figure)``: whether the figure ``written`` in cell
``ref`` is no error for being the corrected list's, ``figure`` of a :class:`audit.auditor.CorrectedFigures`, asked
again after the check has moved on, so binding what it reads;
:func:`audit.auditor.run_checks`)."""
from . import (abandoned, counters, declarers, doubts, footer, game_count, game_value, home_rules, money, penalties,
               ramsch, running_total, signatures)

#: Order of the report: row by row first, then the footer, the document, the reader's doubts.
ALL = (game_value, ramsch, home_rules, abandoned, running_total, counters, declarers, game_count, penalties,
       footer, money, signatures, doubts)
