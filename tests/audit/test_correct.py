"""The lowest-score correction: the examples of rules.md section 10 (SkWO 7.2.5)."""
from audit.auditor import audit, run_checks
from audit.findings import CORRECTABLE
from audit.settings import Settings

from .builders import make_list, row


def changes(a):
    return [(c.game, c.seat, c.field, c.before, c.after) for c in a.corrected.corrections if c.game is not None]


def test_plus_above_the_game_value_counts_the_value():
    # + column 48 but the game columns give 36, the total rose by 48: 36 counts
    a = audit(make_list([row(1, 3, seat=1, total=48, base=12, mit=2, plus=48)], signatures=None))
    assert changes(a) == [(1, None, "plus", 48, 36), (1, 1, "total", 48, 36)]
    assert a.result[0].points == 36
    assert all(c.rule.startswith("SkWO 7.2.5") for c in a.corrected.corrections)


def test_single_counted_loss_counts_double():
    a = audit(make_list([row(1, 3, seat=2, total=-27, base=9, mit=2, minus=27)], signatures=None))
    assert changes(a) == [(1, None, "minus", 27, 54), (1, 2, "total", -27, -54)]


def test_running_total_lower_of_written_and_recomputed_and_later_follow():
    rows = [row(1, 3, seat=1, total=24, base=12, mit=1, plus=24),
            row(2, 3, seat=1, total=58, base=12, mit=1, plus=24),   # should be 48: too high
            row(3, 3, seat=1, total=82, base=12, mit=1, plus=24),
            row(4, 3, seat=2, total=24, base=12, mit=1, plus=24),
            row(5, 3, seat=2, total=38, base=12, mit=1, plus=24)]   # should be 48: too low, stands
    a = audit(make_list(rows, signatures=None))
    assert changes(a) == [(2, 1, "total", 58, 48), (3, 1, "total", 82, 72)]
    assert [r.points for r in a.result] == [72, 38, 0]
    assert "g5.p2.total" in a.corrected.kept


def test_footer_lower_figure_counts():
    from audit.model import Footer
    rows = [row(1, 3, seat=1, total=24, base=12, mit=1, plus=24)]
    footer = Footer(points=(20, 0, 0), won=(1, 0, 0), lost=(0, 0, 0), bonus=(50, 0, 0),
                    others_lost=(0, 0, 0), score=(70, 0, 0), money=(None,) * 3, money_total=None)
    a = audit(make_list(rows, footer=footer))
    assert a.result[0].points == 20 and a.result[0].score == 70
    # the corrected list records the kept figure and audits clean
    assert not [f for f in run_checks(a.corrected.sl, Settings()) if f.code in CORRECTABLE]


def test_corrections_never_invent_a_game():
    rows = [row(1, 3, seat=1, total=24, base=13, mit=1, plus=24)]     # impossible game columns
    a = audit(make_list(rows, signatures=None))
    assert changes(a) == [] and a.result[0].points == 24
