"""What must hold in every Naruto position, whatever was played: checked after every action of the
random playouts (`referee selfplay`) and the tests."""

from __future__ import annotations

from collections import Counter

from .state import ZONES, NarutoState
from .traits import names as names_now
from .zones import MAX_TEAM, zone_of


def violations(s: NarutoState) -> list[str]:
    out: list[str] = []
    seen: Counter[int] = Counter()
    for seat, player in enumerate(s.players):
        for z in ZONES:
            for iid in getattr(player, z):
                seen[iid] += 1
                if s.owner[iid] != seat and z != "rewards":
                    out.append(f"card {iid} of seat {s.owner[iid]} in seat {seat}'s {z}")
    for link in s.chain:
        seen[link["card"]] += 1
    if set(seen) != set(range(len(s.instances))) or any(n != 1 for n in seen.values()):
        out.append("cards are not conserved: each card must be in exactly one zone")
    for seat, player in enumerate(s.players):
        in_play = [i for i in player.village + player.battlefield if s.card(i) and s.card(i).type == "Ninja"]
        members = [m for t in player.teams for m in t]
        if sorted(members) != sorted(in_play):
            out.append(f"seat {seat}: every Ninja in play must be in exactly one team (N-ORG-3)")
        if any(not 1 <= len(t) <= MAX_TEAM for t in player.teams):
            out.append(f"seat {seat}: a team has a size outside 1-3 (N-ORG-1)")
        if any(m not in player.battlefield for t in player.sent for m in t):
            out.append(f"seat {seat}: a sent Ninja is not on the battlefield")
        if len(player.sent) > 3:
            out.append(f"seat {seat}: more than 3 teams sent (N-ATTACK-1)")
        names = Counter(n for i in in_play for n in names_now(s, i))
        if any(c > 1 for c in names.values()):
            out.append(f"seat {seat}: two Ninjas with the same name in play (N-DEPLOY-3)")
    if len(s.players[s.blocker].sent) > len(s.players[s.attacker].sent):
        out.append("more blocking teams than attacking teams (N-BLOCK-1)")
    for iid, original in s.taken.items():
        if original == s.owner[iid] or zone_of(s, iid) not in ("village", "battlefield"):
            out.append(f"card {iid} is under another player's control but not in play there (J-022)")
    if (s.phase == "setup_coin") != (s.coin_winner in (0, 1)):
        out.append("the coin's winner chooses who starts, and only then (N-SETUP-3)")
    if any(i >= len(s.instances) for i in s.injured):
        out.append("unknown injured card")
    return out
