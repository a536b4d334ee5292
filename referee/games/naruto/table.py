"""The Naruto CCG turn as data: every phase, step A-N and chain step is a state, every player action
and referee step a row (N-TURN). `rules.py` supplies the guard functions named here.

A chain (N-CHAIN) is the same nest of states wherever it opens, the Mission phase or the Jutsu
exchange, so its rows come from one function.
"""

from __future__ import annotations

from referee.engine.machine import Row, leaves

def _chain() -> dict:
    return {"name": "chain", "children": ["priority", "settling"]}


STATES = [
    {"name": "setup", "children": ["first", "coin", "mulligan"]},
    {"name": "start", "children": ["begin", "draw"]},  # A
    {"name": "mission", "children": ["main", "window", _chain()]},  # B, C, D, E
    {"name": "organization", "children": ["organize"]},  # F
    {"name": "battle", "children": ["attack", "block", {"name": "exchange", "children": ["open", _chain()]},
                                    "showdown", "return"]},  # G, H, I, J, K
    {"name": "end", "children": ["winner", "hand", "marker"]},  # L, M, N
    "over",
]


def chain_rows(parent: str, add_verb: str, back: str) -> list[Row]:
    """The chain steps: card added, priority passed, chain settled link by link (applied or failed),
    chain closed."""
    c = f"{parent}_chain"
    return [
        Row("add_card", f"{c}_priority", None, ("chain_open",), add_verb, "N-CHAIN-2"),
        Row("pass_priority", f"{c}_priority", None, ("first_pass",), "pass", "N-CHAIN-3"),
        Row("settle", f"{c}_priority", f"{c}_settling", ("second_pass",), "pass", "N-CHAIN-3"),
        Row("settle_link", f"{c}_settling", None, ("top_valid",), None, "N-CHAIN-4"),
        Row("fail_card", f"{c}_settling", None, ("top_invalid",), None, "N-CHAIN-6"),
        Row("close_chain", f"{c}_settling", back, ("chain_empty",), None, "N-CHAIN-7"),
    ]


ROWS = [
    # set-up
    Row("choose_first", "setup_first", "setup_mulligan", (), "first", "N-SETUP-3"),
    Row("flip_first", "setup_first", "setup_coin", (), "flip", "N-SETUP-3"),
    Row("winner_chooses", "setup_coin", "setup_mulligan", (), "first", "N-SETUP-3"),
    Row("keep", "setup_mulligan", None, (), "keep", "N-SETUP-4"),
    Row("mulligan", "setup_mulligan", None, ("may_mulligan",), "mulligan", "N-MULL-2"),
    Row("begin_game", "setup_mulligan", "start_begin", ("all_kept",), None, "N-SETUP-4"),
    # A. start phase
    Row("begin_turn", "start_begin", "start_draw", (), None, "N-START-2"),
    Row("use", "start_draw", None, ("offer_open",), "use", "N-EFFECT-6"),
    Row("decline", "start_draw", None, ("offer_open",), "pass", "N-EFFECT-6"),
    Row("draw", "start_draw", "mission_main", ("no_offer", "not_first_turn"), None, "N-START-1"),
    Row("skip_draw", "start_draw", "mission_main", ("no_offer", "first_turn"), None, "N-START-3"),
    # B-E. mission phase, in any order
    Row("deploy", "mission_main", "mission_window", (), "deploy", "N-DEPLOY-1"),
    Row("grow", "mission_main", None, (), "grow", "N-KEY-GROW-1"),
    Row("play_mission", "mission_main", "mission_chain_priority", ("mission_left",), "mission", "N-MISSION-1"),
    Row("charge", "mission_main", None, (), "charge", "N-CHARGE-1"),
    Row("deploy_client", "mission_main", "mission_window", ("client_left",), "client", "N-CLIENT-1"),
    Row("end_missions", "mission_main", "mission_window", (), "next", "N-TURN"),
    # C2. the blocker's answer: a Counter mission, or nothing
    Row("counter", "mission_window", "mission_chain_priority", ("counter_left",), "counter", "N-MISSION-2"),
    Row("resume_missions", "mission_window", "mission_main", ("window_after_deploy",), "pass", "N-DEPLOY-7"),
    Row("close_missions", "mission_window", "organization_organize", ("window_at_end",), "pass", "N-MISSION-2"),
    *chain_rows("mission", "counter", "mission_main"),
    # F. organization
    Row("join", "organization_organize", None, (), "join", "N-ORG-1"),
    Row("form_team", "organization_organize", None, (), "team", "N-ORG-1"),
    Row("to_battle", "organization_organize", "battle_attack", ("not_first_turn",), "next", "N-ORG-4"),
    Row("skip_battle", "organization_organize", "end_winner", ("first_turn",), "next", "N-ORG-5"),
    # G-K. battle
    Row("send", "battle_attack", None, ("attack_left",), "send", "N-ATTACK-1"),
    Row("use", "battle_attack", None, ("offer_open",), "use", "N-EFFECT-6"),
    Row("to_block", "battle_attack", "battle_block", ("teams_sent",), "next", "N-ATTACK-1"),
    Row("no_attack", "battle_attack", "battle_return", ("no_teams_sent",), "next", "N-ATTACK-1"),
    Row("block", "battle_block", None, ("block_left",), "block", "N-BLOCK-1"),
    Row("use", "battle_block", None, ("offer_open",), "use", "N-EFFECT-6"),
    Row("to_exchange", "battle_block", "battle_exchange_open", (), "next", "N-BLOCK-1"),
    Row("open_chain", "battle_exchange_open", "battle_exchange_chain_priority", (), "jutsu", "N-CHAIN-1"),
    Row("pass_exchange", "battle_exchange_open", None, ("first_pass",), "pass", "N-CHAIN-7"),
    Row("end_exchange", "battle_exchange_open", "battle_showdown", ("second_pass",), "pass", "N-CHAIN-7"),
    *chain_rows("battle_exchange", "jutsu", "battle_exchange_open"),
    Row("showdown", "battle_showdown", "battle_return", (), None, "N-SHOW-7"),
    Row("return_teams", "battle_return", "end_winner", (), None, "N-RETURN-1"),
    # L-N. end phase
    Row("win", "end_winner", "over", ("someone_wins",), None, "N-WIN-3"),
    Row("no_winner", "end_winner", "end_hand", ("nobody_wins",), None, "N-TURN-1"),
    Row("discard", "end_hand", None, ("hand_too_big",), "discard", "N-HAND-1"),
    Row("hand_adjusted", "end_hand", "end_marker", ("hand_ok",), None, "N-HAND-1"),
    Row("move_marker", "end_marker", "start_begin", (), None, "N-COUNT-1"),
]


#: a choice an effect asks (N-EFFECT-1) and the manual toolbox (N-EFFECT-3) can come in any step
ANYWHERE = ("choose", "tool")
ROWS += [row for leaf in leaves(STATES) if leaf != "over"
         for row in (Row("choose", leaf, None, ("choice_pending",), "choose", "N-EFFECT-1"),
                     Row("tool", leaf, None, ("manual_open",), "tool", "N-EFFECT-3"))]
