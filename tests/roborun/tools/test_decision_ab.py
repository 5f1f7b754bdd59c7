"""The decision-level A/B tool (game/roborun/tools/decision_ab.py): it finds the decisions where
a variant chooses differently, judges them by playouts, and sees a worse variant as worse."""
import pytest

from game.core.errors import UserError
from game.roborun.ai.belief import Option, PartnerBelief
from game.roborun.levels.tmx_loader import find_level, load_level
from game.roborun.tools import decision_ab
from game.roborun.tools.decision_ab import LikeMeSearchedBelief, PassHabitBelief, ab_deal, summarise


@pytest.fixture(scope="module")
def level():
    return load_level(find_level("1.1"))


def test_the_same_ai_as_variant_never_diverges(level):
    decisions, divergences = ab_deal("1.1", 4700, "greedy", 0, "easy", ("easy",), 2, level)
    assert decisions > 5
    assert divergences == []


def test_a_variant_that_plays_the_worst_card_shows_a_loss_at_the_decisions_where_it_differs(level):
    _, divergences = ab_deal("1.1", 4701, "greedy", 0, "easy", ("weak",), 3, level, max_divergences=2)
    assert len(divergences) == 2
    assert all(d.picks["weak"] != d.base and d.kind == "card" for d in divergences)
    assert all(0 <= won <= 3 for d in divergences for won in d.wins.values())
    row = summarise(divergences, ("weak",), ("greedy",), 3)["weak"]["all"]
    assert row["divergences"] == 2
    assert row["mean_gain"] < 0 and row["summed_gain"] < 0


def _option(value, is_pass=False, loses=False):
    return Option(value=value, own=0.0, team=0.0, safety=4.0, loses=loses, is_pass=is_pass)


def test_pass_habit_learns_a_partner_who_plays_rather_than_passes():
    options = [_option(0.0), _option(0.0), _option(0.0, is_pass=True)]
    belief = PassHabitBelief()
    rare = [belief.passing["rare"]]
    for _ in range(6):
        belief.update(options, 0)              # a card, while PASS was open
        rare.append(belief.passing["rare"])
    assert rare == sorted(rare) and rare[-1] > 0.8
    values = [0.0, 0.0, -100.0]
    assert belief.expected(options, values) > PartnerBelief().expected(options, values)
    belief.reset()
    assert belief.passing == {"plain": 0.5, "rare": 0.5}


def test_pass_habit_leaves_pass_its_share_when_every_card_loses():
    options = [_option(-1e6, loses=True), _option(0.0, is_pass=True)]
    probs = [0.3, 0.7]
    assert decision_ab._pass_scaled(probs, options, 0.1) == probs


def test_like_me_searched_judges_the_partners_options_by_the_searched_value():
    options = [_option(100.0), _option(0.0)]          # one card deep, the first looks better ...
    values = [0.0, 100.0]                             # ... searched deeper, the second is
    searched, plain = LikeMeSearchedBelief(), PartnerBelief()
    for belief in (searched, plain):
        belief.weights = {m: (1.0 if m == "like_me" else 0.0) for m in belief.weights}
    assert searched.expected(options, values) > 90.0 > 10.0 > plain.expected(options, values)


def test_start_deep_differs_from_hard_only_at_who_starts_a_round(level):
    _, divergences = ab_deal("1.1", 4800, "greedy", 0, "hard", ("start-deep",), 1, level)
    assert divergences
    assert all(d.kind == "start" for d in divergences)


def test_tempo_plays_for_time_only_in_round_4_short_of_moves_and_leaves_the_weights_as_they_were():
    from game.roborun.ai import evaluate as evaluation
    from game.roborun.rules.engine import legal_choices, new_game
    from game.roborun.rules.view import seat_view
    state = new_game(load_level(find_level("1.4")), 4800)                    # round 1: all 24 cards still to come
    assert not decision_ab._short_of_time(seat_view(state, 0))
    state.round = 4                                  # the same robots with only round 4's six cards
    view = seat_view(state, 0)
    assert decision_ab._short_of_time(view)
    weights = dict(evaluation.DANGER), evaluation.LATE_W
    assert decision_ab.make_ai("tempo").choose(view, legal_choices(state)) in legal_choices(state)
    assert (evaluation.DANGER, evaluation.LATE_W) == weights


def test_care_floor_keeps_a_share_for_a_careless_partner_however_well_it_plays():
    options = [_option(10.0), _option(0.0), _option(-10.0)]
    belief = decision_ab.CareFloorBelief()
    for _ in range(8):
        belief.update(options, 0)                    # the best card every time
    assert belief.weights["random"] == pytest.approx(decision_ab.CARE_FLOOR)
    assert sum(belief.weights.values()) == pytest.approx(1.0)
    plain = PartnerBelief()
    for _ in range(8):
        plain.update(options, 0)
    assert plain.weights["random"] < decision_ab.CARE_FLOOR


@pytest.mark.parametrize("argv, flag", [
    (["--deals", "9001"], "--deals"),
    (["--deals", "5-3"], "--deals"),
    (["--deals", "soon"], "--deals"),
    (["--variants", "cleverer"], "--variants"),
    (["--partners", ""], "--partners"),
    (["--levels", "9.9"], "--levels"),
    (["--playouts", "0"], "--playouts"),
    (["--jobs", "many"], "--jobs"),
])
def test_bad_command_lines_are_one_line_errors(argv, flag):
    with pytest.raises(UserError) as caught:
        decision_ab.parse(argv)
    assert caught.value.where == flag and "\n" not in str(caught.value)


# ---------------------------------------------------------------- tenth pass: ceiling probes
def test_oracle_type_is_told_the_partners_kind_and_never_moves():
    ai = decision_ab.make_ai("oracle-type", "novice")
    assert ai.belief.weights["random"] == 1.0
    options = [_option(10.0), _option(0.0), _option(-10.0)]
    for _ in range(5):
        ai.belief.update(options, 0)                 # the best card every time: like_me, were it learning
    assert ai.belief.weights["random"] == 1.0 and ai.belief.observed == 5
    ai.belief.reset()
    assert ai.belief.weights == decision_ab.oracle_weights("novice")
    noisy = decision_ab.oracle_weights("noisy")
    assert noisy["like_me"] == pytest.approx(0.8) and noisy["random"] == pytest.approx(0.2)
    assert decision_ab.oracle_weights("hard")["like_me"] == 1.0       # an AI partner plays like the AI


def _partners_card_choice(level):
    """The opening position of 1.1 deal 4900 at seat 0's first card choice (seat 1 did not BEEP)."""
    from game.roborun.rules.engine import apply, legal_choices, new_game
    from game.roborun.rules.state import Choice
    state = new_game(level, 4900)
    apply(state, legal_choices(state)[0])            # seat 0 starts
    apply(state, Choice("no_beep"))
    assert state.pending.kind == "card" and state.pending.seat == 0
    return state


def test_oracle_policy_expects_the_real_partners_own_choices(level):
    from game.roborun.partners import make_partner
    from game.roborun.rules.engine import legal_choices
    from game.roborun.rules.view import seat_view
    state = _partners_card_choice(level)
    keys = [o for o in state.pending.options if o.kind in ("play", "pass")]
    greedy = make_partner("greedy", 1).choose(seat_view(state, 0), legal_choices(state))
    belief = decision_ab.OraclePolicyBelief("greedy")
    belief.stack = [(state, 1)]                      # the AI in seat 1 imagines seat 0's card
    probs = belief._real_policy(len(keys))
    assert probs == [1.0 if k == greedy else 0.0 for k in keys]
    values = [float(i) for i in range(len(keys))]
    assert belief.expected([_option(0.0)] * len(keys), values) == pytest.approx(values[keys.index(greedy)])
    belief.stack = [(state, 0)]                      # its own card: no partner to ask
    assert belief._real_policy(len(keys)) is None


def test_more_search_has_twice_the_checkpoints_and_leaves_the_inside_bound_as_it_was(level):
    from game.roborun.ai import player
    from game.roborun.rules.engine import legal_choices
    from game.roborun.rules.view import seat_view
    state = _partners_card_choice(level)
    ai = decision_ab.make_ai("more-search")
    assert ai.checks == 2 * player.CHECKS["hard"] == 380 and decision_ab.MORE_INSIDE == 180
    kept = player.INSIDE_CHECKS
    assert ai.choose(seat_view(state, 0), legal_choices(state)) in legal_choices(state)
    assert player.INSIDE_CHECKS == kept


def test_steer_plain_differs_from_hard_only_inside_a_card_and_keeps_its_belief(level):
    _, divergences = ab_deal("1.1", 4900, "novice", 0, "hard", ("steer-plain",), 1, level, max_divergences=2)
    assert divergences
    assert all(d.kind not in decision_ab.CARD_KINDS for d in divergences)
    belief = PartnerBelief()
    belief.regret, belief.observed = 40.0, 3
    plain = decision_ab.like_me_only(belief)
    assert plain.weights["like_me"] == 1.0 and sum(plain.weights.values()) == 1.0
    assert plain.card_shortfall() == belief.card_shortfall()
