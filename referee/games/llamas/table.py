"""The Llamas Unleashed turn as data (L-SETUP, L-TURN): every step is a state, every player action
and referee step a row. `rules.py` supplies the guard functions named here.

The chain of effects resolves in two places: at the beginning of the turn (the link of its triggers,
L-TURN-1) and after a card is played, where the pile settles card by card, each card's link and the
links it triggers first (L-CHAIN-1). A winner is declared only once both are empty (L-CHAIN-5,
L-WIN-2); an empty deck ends the game when the player would go on to act (L-WIN-3).
"""

from __future__ import annotations

from referee.engine.machine import Row, leaves

STATES = [
    {"name": "setup", "children": ["baby", "first"]},
    {"name": "beginning", "children": ["start", "chain"]},
    "draw",
    {"name": "action", "children": ["main", "window", "settling"]},
    {"name": "end", "children": ["hand"]},
    "over",
]


def settled(source: str, dest: str, rule: str) -> list[Row]:
    """Resolve the chain where it is open, then declare a winner or go on (L-CHAIN-5)."""
    return [
        Row("resolve", source, None, ("chain_open",), None, "L-CHAIN-1"),
        Row("win", source, "over", ("quiet", "someone_wins"), None, "L-WIN-2"),
        Row("go_on", source, dest, ("quiet", "nobody_wins"), None, rule),
    ]


ROWS = [
    # set-up
    Row("choose_baby", "setup_baby", None, ("babies_left",), "baby", "L-SETUP-2"),
    Row("deal", "setup_baby", "setup_first", ("all_babies",), None, "L-SETUP-3"),
    Row("choose_first", "setup_first", "beginning_start", (), "first", "L-SETUP-4"),
    # beginning of turn
    Row("skip_turn", "beginning_start", None, ("must_skip",), None, "L-TURN-1"),
    Row("begin_turn", "beginning_start", "beginning_chain", ("no_skip",), None, "L-TURN-1"),
    *settled("beginning_chain", "draw", "L-TURN-2"),
    # draw
    Row("draw_card", "draw", "action_main", ("draw_step",), None, "L-TURN-2"),
    Row("no_draw", "draw", "action_main", ("no_draw_step",), None, "L-TURN-2"),
    # action: play a card or draw one; the others may answer what is played
    Row("deck_out", "action_main", "over", ("deck_empty",), None, "L-WIN-3"),
    Row("play", "action_main", "action_window", ("plays_left",), "play", "L-TURN-3"),
    Row("draw_action", "action_main", None, ("plays_left",), "draw", "L-TURN-3"),
    Row("to_end", "action_main", "end_hand", ("no_plays_left", "deck_left"), None, "L-TURN-3"),
    Row("answer", "action_window", None, ("window_open",), "instant", "L-CARD-1"),
    Row("pass", "action_window", None, ("window_open",), "pass", "L-CARD-1"),
    Row("settle", "action_window", "action_settling", ("window_closed",), None, "L-CARD-1"),
    Row("settle_card", "action_settling", None, ("pile_open",), None, "L-CARD-1"),
    *settled("action_settling", "action_main", "L-TURN-3"),
    # end of turn
    Row("discard", "end_hand", None, ("hand_too_big",), "discard", "L-TURN-4"),
    Row("next_turn", "end_hand", "beginning_start", ("hand_ok",), None, "L-TURN-4"),
]

#: answering a choice an effect asks can come in any step (L-CHAIN-2)
ANYWHERE = ("choose",)
ROWS += [Row("choose", leaf, None, ("choice_pending",), "choose", "L-CHAIN-2") for leaf in leaves(STATES) if leaf != "over"]
