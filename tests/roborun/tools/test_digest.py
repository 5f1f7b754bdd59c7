"""The engine plays seeded games exactly as recorded: the guard for speed-ups (issue 16).

A speed-up must not change one event. `python -m game.roborun.tools.digest --games 2000`
(and `--set wide`) is the full check (run before and after a change); these tests pin 200
games of each set. When a rule is changed ON PURPOSE, update RECORDED in the same commit
and say why.

Recorded on main a4fb48b, before the engine speed-up of issue 16 ("Engine"); 2000 games:
  fixed  a19fe2ff7080b6aebb366b678ab4558d0e7691ab8d8086ab7a2060673b9cf595  (64639 applies)
  wide   c0c22a6dc79880a213f59d2c85f495f69b62fe7d6a2c4cafb50d32ab62604fe3  (60746 applies)

Changed on purpose by issue 22 ("Rules first"): moves made by Equipment and abilities offer
the protective abilities (wide set alone: 6031 -> 6033 applies), and a Lift or Production
Line that moved a robot opens one more moment of the turn (fixed 6548 -> 6586, wide -> 6014).
"""
from game.roborun.tools.digest import digest, wide_boards

RECORDED = "cc4aafbd64df95196fad255772770677cf20b0bd76c17ee38a45514d3c3a8c89"   # 200 games, 6586 applies
RECORDED_WIDE = "47171542d74bd79ecd9285c03f5d4a633022a7211f842a514ef31a56802b76fa"   # 200 games, 6014 applies


def test_event_streams_of_seeded_games_are_unchanged():
    value, applies = digest(200)
    assert (value, applies) == (RECORDED, 6586)


def test_event_streams_on_campaigns_3_to_5_with_rich_setups_are_unchanged():
    value, applies = digest(200, "wide")
    assert (value, applies) == (RECORDED_WIDE, 6014)


def test_wide_set_is_the_frozen_campaign_3_to_5_maps():
    ids = [level.level_id for level in wide_boards()]
    assert ids == [f"{c}.{n}" for c in (3, 4, 5) for n in range(1, 7)]
