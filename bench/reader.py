"""How much of the real catalogue the effect-text reader automates (issue 17).

    python bench/reader.py FILE [--unread N]

FILE is a user's copy of the community catalogue (N-CCG-DB ``narutoccgdatabase.json``; it is not in
the repository). Each card is read with `cards.games.naruto.ccgdb` as an import would, and each card with an
effect text is given to `referee.games.naruto.reader.read_card`: printed are how many are automated, by
set and by card type, and the share. The cards of Set 1 (the bundled numbers, N-001 ... M-042) are
checked against their hand-written definitions (data/effects.toml) and effect kinds (set01.csv): agree, disagree or not read; a
disagreement is a reader bug (a wrong automation), listed by number. ``--unread N`` prints the N
most frequent first lines the reader did not understand, to choose the next phrasings.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run from anywhere in the checkout

from cards.games.naruto.importers import read_ccgdb_json  # noqa: E402
from referee.games.naruto.cards import bundled, bundled_scripts, script_text  # noqa: E402
from referee.games.naruto.reader import read_card  # noqa: E402


def _table(title: str, total: Counter, read_: Counter) -> None:
    print(f"\n{title}")
    for key in sorted(total):
        print(f"  {key:<40} {read_[key]:>5} / {total[key]:<5} {read_[key] / total[key]:6.1%}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("file", type=Path, help="a copy of narutoccgdatabase.json")
    ap.add_argument("--unread", type=int, default=0, metavar="N", help="print the N most frequent unread lines")
    args = ap.parse_args(argv)

    reading = read_ccgdb_json(args.file)
    hand_written = bundled_scripts()
    by_set, by_type, read_set, read_type = Counter(), Counter(), Counter(), Counter()
    agreement: Counter = Counter()
    disagree: list[str] = []
    unread: Counter = Counter()
    for card in reading.cards:
        text = card.texts.get("en", "")
        if not text.strip():
            continue
        number, kind, set_name = card.facts["number"], card.facts["type"], card.set_name or "?"
        reading = read_card(text, kind)
        definition = None if reading is None else reading.effect
        by_set[set_name] += 1
        by_type[kind] += 1
        if definition is not None:
            read_set[set_name] += 1
            read_type[kind] += 1
        elif args.unread:
            unread[text.strip().splitlines()[-1][:100]] += 1
        if number in hand_written:
            if definition is None:
                agreement["not read"] += 1
            elif (script_text(definition), reading.kind) == (hand_written[number], bundled().get(number).effect_kind):
                agreement["agree"] += 1
            else:
                agreement["disagree"] += 1
                disagree.append(number)

    total, automated = sum(by_set.values()), sum(read_set.values())
    print(f"effect cards: {total}, automated by the reader: {automated} ({automated / max(total, 1):.1%})")
    _table("by set", by_set, read_set)
    _table("by type", by_type, read_type)
    print(f"\nSet 1 against effects.toml: agree {agreement['agree']}, disagree {agreement['disagree']}, "
          f"not read {agreement['not read']}" + (f"  (disagree: {', '.join(disagree)})" if disagree else ""))
    if args.unread:
        print("\nmost frequent unread last lines:")
        for line, n in unread.most_common(args.unread):
            print(f"  {n:>4}  {line}")
    return 1 if disagree else 0


if __name__ == "__main__":
    sys.exit(main())
