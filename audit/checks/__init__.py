"""One module per kind of finding; each exposes ``check(facts, *, sl, settings, counters, corrected_rows,
corrected_footer)`` yielding :class:`audit.findings.Finding` objects (``corrected_rows()``: the corrected list's rows,
each as (the row, the seats' totals before it); ``corrected_footer()``: the footer its rows give; each worked out when
first asked for)."""
from . import (abandoned, counters, declarers, doubts, footer, game_count, game_value, home_rules, money, penalties,
               ramsch, running_total, signatures)

#: Order of the report: row by row first, then the footer, the document, the reader's doubts.
ALL = (game_value, ramsch, home_rules, abandoned, running_total, counters, declarers, game_count, penalties,
       footer, money, signatures, doubts)
