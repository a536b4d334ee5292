"""One match continued in two places (two windows, two club machines on one database) stays one
history: the second place is told the match is open elsewhere, may take it over, and the first is
then told on its next action instead of writing. Two processes, on SQLite and on PostgreSQL.

The child process (this file run as a script) records a new match, prints its uid, then applies
random legal actions when told (``act N``) and prints ``ok N`` (the actions it holds) or ``taken``.
"""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def child(url: str) -> None:
    from cards import records
    from cards.db import Database
    from referee.games.naruto.cards import bundled
    from referee.games.naruto.decks import random_deck
    from referee.games.naruto.rules import new_match

    db = Database(url)
    rng = random.Random(5)
    match = new_match([random_deck(bundled(), "standard", rng) for _ in range(2)], seed=11)
    print(f"uid {records.Recorder(db).record(match)}", flush=True)
    for line in sys.stdin:
        if line.startswith("act"):
            try:
                for _ in range(int(line.split()[1])):
                    match.apply(rng.choice(match.legal_actions()))
            except records.MatchElsewhere as err:
                print(err.key, flush=True)
                continue
            print(f"ok {len(match.history)}", flush=True)
        else:
            break
    db.close()


if __name__ == "__main__":
    child(sys.argv[1])
    sys.exit(0)


import pytest  # noqa: E402

from cards import records  # noqa: E402
from cards.db import Database  # noqa: E402


def continued_in_two_places(url: str) -> None:
    Database(url).close()
    proc = subprocess.Popen([sys.executable, str(Path(__file__).resolve()), url], cwd=ROOT, stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)

    def tell(line: str) -> str:
        proc.stdin.write(line + "\n")
        proc.stdin.flush()
        return proc.stdout.readline().strip()

    try:
        first = proc.stdout.readline().split()
        assert first and first[0] == "uid", proc.stderr.read()
        uid = first[1]
        assert tell("act 10") == "ok 10"
        with Database(url) as db:
            with pytest.raises(records.MatchElsewhere) as info:
                records.resume(db, uid)
            assert info.value.key == "open_elsewhere"
            assert records.get_match(db, uid).actions == 10  # the refusal touched nothing
            here = records.resume(db, uid, take_over=True)
            assert len(here.history) == 10
            rng = random.Random(8)
            for _ in range(6):
                here.apply(rng.choice(here.legal_actions()))
            assert tell("act 3") == "taken"  # the other place is told, and writes nothing
            stored = [a.notation for a in records.match_actions(db, uid)]
            assert stored == [str(a) for a in here.history]  # one history, this one
            records.release(here)
            again = records.resume(db, uid)  # always resumable
            assert [str(a) for a in again.history] == stored
            records.release(again)
        tell("quit")
        proc.wait(timeout=60)
        assert proc.returncode == 0, proc.stderr.read()
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.stdin.close()
        proc.stdout.close()
        proc.stderr.close()


def test_one_match_continued_in_two_processes_on_sqlite(sqlite_url):
    continued_in_two_places(sqlite_url)


def test_one_match_continued_in_two_processes_on_postgresql(pg_url):
    continued_in_two_places(pg_url)
