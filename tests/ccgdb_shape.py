"""Records in the shape of the real N-CCG-DB catalogue (``narutoccgdatabase.json``), written for the
tests: the keys, types and quirks of the real file (see ``cards/games/naruto/ccgdb.py``), with card names and
effect texts of our own. `catalogue()` is a small file of every kind of record the real one has."""

from __future__ import annotations

import json
from pathlib import Path

KEYS = ("Card ID", "Collector Number", "Printed Name", "Display Name", "Type", "Set", "Year", "Symbols",
        "Entrance Cost", "Hand Cost", "Healthy Combat", "Healthy Support", "Injured Combat", "Injured Support",
        "Combat Attribute", "Chakra Cost", "Characteristics", "Effect Title", "Effect Text", "Keywords", "Errata",
        "image_path")


def _record(ident: str, printed: str, name: str, type_: str, set_: str, year: int | None, symbols: str,
            folder: str, **fields) -> dict:
    rec = dict.fromkeys(KEYS)
    rec.update({"Card ID": ident, "Collector Number": printed, "Printed Name": name, "Display Name": name,
                "Type": type_, "Set": set_, "Year": year, "Symbols": symbols,
                "image_path": f"{folder}/{ident.lower()}.webp"})
    rec.update(fields)
    assert list(rec) == list(KEYS), set(rec) ^ set(KEYS)
    return rec


def ninja(ident, printed, name, *, set_="Test Legacy", year=2008, symbols="Fire", folder="set_9_test_legacy",
          stats=(2.0, 0.0, 3.0, 1.0, 1.0, 0.0), attribute="Taijutsu", characteristics="Leaf, Genin, Male",
          title=None, text=None, keywords=None, **fields) -> dict:
    ec, hc, hcb, hs, ic, is_ = stats
    return _record(ident, printed, name, "Ninja", set_, year, symbols, folder, **{
        "Entrance Cost": ec, "Hand Cost": hc, "Healthy Combat": hcb, "Healthy Support": hs,
        "Injured Combat": ic, "Injured Support": is_, "Combat Attribute": attribute,
        "Characteristics": characteristics, "Effect Title": title, "Effect Text": text, "Keywords": keywords,
        **fields})


def jutsu(ident, printed, name, cost, *, set_="Test Legacy", year=2008, symbols="Fire", folder="set_9_test_legacy",
          text="Requirements: \"Genin\"\nTarget: 1 Ninja\nEffect: The target gets +1/+0.", keywords=None,
          **fields) -> dict:
    return _record(ident, printed, name, "Jutsu", set_, year, symbols, folder, **{
        "Chakra Cost": cost, "Effect Text": text, "Keywords": keywords, **fields})


def mission(ident, printed, name, *, set_="Test Legacy", year=2008, symbols="Earth", folder="set_9_test_legacy",
            costs=(0.0, 0.0), text="Effect: Draw 1 card.", keywords=None, **fields) -> dict:
    return _record(ident, printed, name, "Mission", set_, year, symbols, folder, **{
        "Entrance Cost": costs[0], "Hand Cost": costs[1], "Effect Text": text, "Keywords": keywords, **fields})


def client(ident, printed, name, *, set_="Test Legacy", year=2008, symbols="Water/Earth",
           folder="set_9_test_legacy", characteristics="Land of Waves, Male", **fields) -> dict:
    return _record(ident, printed, name, "Client", set_, year, symbols, folder, **{
        "Entrance Cost": 1.0, "Hand Cost": 0.0, "Characteristics": characteristics,
        "Effect Text": "Effect: Your Ninjas get +0/+1.", **fields})


#: every Jutsu cost form of the real file, with the ways to pay each is read as
COSTS = {
    "3": "3", "N": "N", "WW": "W W", "WW1": "W W 1", "F 1": "F 1", "W1 or 3": "W 1 or 3", "N or 2": "N or 2",
    "NNN or 5": "N N N or 5", "N or L": "N or L", "L L 1": "L L 1", "EFLWN1": "E F L W N 1", "NNX": "N N X",
    "FF or LL or FL": "F F or L L or F L", "0": "0", "10": "10", "XX": "X X", "LX or NX": "L X or N X",
}


def catalogue() -> dict:
    """A small catalogue file with every kind of record and quirk of the real one."""
    promos = [
        ninja("ex901", "EX-901", "Kaito Arashi", set_="Promo Cards", year=None, folder="promos",
              stats=(0.0, 0.0, 1.0, 0.0, 3.0, 0.0), attribute="Oil", characteristics="Leaf, Genin, Male, Growth",
              title="STORM TRAINING", text="When this Ninja is put in play, draw 1 card.", keywords="GROWTH"),
        ninja("pr918b", "PR-918B", "Ryo Kaminari", set_="Promo Cards", year=None, folder="promos",
              stats=(6.0, 1.0, 6.0, 3.0, 5.0, 2.0), symbols="Earth", attribute="Tree",
              characteristics="Leaf, Satoosa, Male, Mental Power: 2", title="THE FOUNDER",
              text="Valid: This Ninja gets +1/+1.", Errata="Errata scan used as authoritative source",
              image_path="promos/pr918be.webp"),
        # a variant of a card under the same printed number, and a case-only twin of a set card
        ninja("n946_alt", "N-946", "Daichi Mori", set_="Promo Cards", year=None, folder="promos"),
        ninja("nus920", "N-US920", "Hoshi Kage", set_="Promo Cards", year=None, folder="promos"),
        jutsu("j995", "J-995", "Lone Wolf Strike", None, set_="Promo Cards", year=None, folder="promos",
              text="Effect: Your Ninja gets +2/+0."),  # a Jutsu without a cost
    ]
    legacy = [
        ninja("n946", "N-946", "Daichi Mori"),
        ninja("nUS920", "N-US920", "Hoshi Kage", symbols="Void", stats=(3, 1, 4, 2, 2, 1),  # ints
              attribute="Taijutsu/Genjutsu"),
        ninja("n947", "N-947", "Stone Giant Squad", symbols="Earth/Wind",
              stats=(5.0, 1.0, "X", 2.0, "X", 1.0), attribute="Manipulation/Sand/Iron",
              characteristics="Stone, Jonin, Male, Name: Gan Iwa, Name: Ishi Iwa, Mental Power: X, SQUAD",
              title="TWO AS ONE", text="Valid: X is the number of “Stone” Ninjas you control.", keywords="SQUAD"),
        ninja("n948", "N-948", "Akira Senju & Mei Senju", symbols="Fire/Water",
              characteristics="Leaf, Genin, Female, Platoon", keywords=None),
        ninja("n949", "N-949", "Haruto Kiri", symbols="Water", attribute="Curse/ Weapon",
              characteristics="Mist, Rogue Ninja (Jonin), Male, -2 Mental Power", stats=("2", "0", "3", "1", "-1", "0"),
              text="Ambush: this line only mentions Ambush.\nValid: This Ninja gets +1/+0."),
        ninja("n950", "N-950", "Sora Kaze", attribute="Genjutsu, Taijutsu",
              characteristics="Leaf, (Jonin), Male, Mental Powers: 1, Ambush", keywords="AMBUSH; GROWTH"),
        *[jutsu(f"j{900 + i}", f"J-{900 + i}", f"Test Technique {i}", cost) for i, cost in enumerate(COSTS)],
        mission("m930", "M-930", "Hold the Old Bridge", text="Permanent (3)\nEffect: Your Ninjas get +1/+0."),
        mission("m931", "M-931", "Sudden Interruption", text="Counter\nEffect: Negate the Mission."),
        mission("m932", "M-932", "Watchful Night", text="Counter Permanent (2)\nEffect: Your Ninjas get +0/+1."),
        mission("m933", "M-933", "Two Minds", text="Counter\nPermanent\nEffect: Draw 1 card."),
        mission("m934", "M-934", "Tide of Fortune", text="Target: 1 Ninja\nPermanent (2)\nEffect: It gets +1/+1."),
        mission("m935", "M-935", "Old Habits", text="Permanent: (3)\nEffect: Draw 1 card."),
        mission("m936", "M-936", "Endless Vigil", text="Permanent (X + 1)\nEffect: X is the number of your Ninjas.",
                costs=(2.0, "X")),
        mission("m937", "M-937", "Last Stand", keywords="Permanent, Desperation",
                text="Permanent | Desperation\nEffect: Draw 1 card."),
        mission("m938", "M-938", "Counted Again", keywords="Permanent",
                text="Permanent (2)\nEffect: A “Counter” Mission card cannot be played."),
        mission("mUS930", "M-US930", "Harbor Watch", keywords="Counter, Permanent (2)", symbols="Void/Water",
                text="Counter Permanent(2)\nEffect: Draw 1 card."),
        client("c930", "C-930", "Old Fisherman"),
    ]
    reprints = [
        # a tournament pack reprinting a card under its id: the later record mends a typo
        ninja("n946", "N-946", "Daichi Mori", set_="Tournament Pack 9", year=2012, folder="set_235_tp9",
              title="RETURNED", text="Valid: This Ninja gets +0/+1."),
        ninja("n951", "N-951", "Kenji Tsuchi (All Gathered", set_="Test Legacy", folder="set_9_test_legacy"),
    ]
    later = [
        ninja("n951", "N-951", "Kenji Tsuchi (All Gathered)", set_="Tournament Pack 9", year=2012,
              folder="set_235_tp9", characteristics="Leaf, Chunin, Male"),
        ninja("nus906b", "NUS-906B", "Hoshi Kage", set_="Tournament Pack 9", year=2012, folder="set_235_tp9"),
        ninja("n1272b", "N-1272b", "Big Toad", set_="Tournament Pack 9", year=2012, folder="set_235_tp9"),
    ]
    return {"Promo Cards": promos, "09 Test Legacy": legacy + reprints, "23.5 Tournament Pack 9": later}


def write(tmp_path: Path, data: dict, name: str = "narutoccgdatabase.json") -> Path:
    """Written as the real file is: two-space indent, no newline at the end."""
    path = tmp_path / name
    path.write_text(json.dumps(data, ensure_ascii=False, indent=2), encoding="utf-8")
    return path
