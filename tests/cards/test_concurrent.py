"""Two processes recording matches into the same database at once lose nothing.

Each child process (this file run as a script) opens the database, waits for the word ``go`` so
both start together, then plays and records several whole guided matches of random legal actions,
one action per transaction, and prints each match's uid, actions and result as JSON. The test
checks that every action of every match is stored, numbered 1..n in the order played, that each
match has its result, and that the two children's writing really overlapped in time. On SQLite
(WAL) and on PostgreSQL.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MATCHES = 3  # per child


def child(url: str, seed: str) -> None:
    from cards import records
    from cards.db import Database
    from referee.games.naruto.cards import bundled
    from referee.games.naruto.decks import random_deck
    from referee.games.naruto.rules import new_match

    db = Database(url)
    recorder = records.Recorder(db)
    rng = random.Random(int(seed))
    print("ready", flush=True)
    assert sys.stdin.readline().strip() == "go"
    for _ in range(MATCHES):
        decks = [random_deck(bundled(), "standard", rng) for _ in range(2)]
        match = new_match(decks, seed=rng.randrange(2**32), names=(f"p{seed}", "other"))
        uid = recorder.record(match, decks=decks)
        while not match.is_over():
            match.apply(rng.choice(match.legal_actions()))
        outcome = match.outcome()
        print(json.dumps({"uid": uid, "history": [str(a) for a in match.history],
                          "winner": outcome.winner, "reason": outcome.rule}), flush=True)
    db.close()


if __name__ == "__main__":
    child(*sys.argv[1:])
    sys.exit(0)


from cards import records  # noqa: E402
from cards.db import Database  # noqa: E402


def record_at_once(url: str) -> list[tuple[int, dict]]:
    """Run two children against ``url`` together; (child, match) for every match they played."""
    Database(url).close()  # the schema and catalogue first, so the children only record
    procs = [subprocess.Popen([sys.executable, str(Path(__file__).resolve()), url, str(seed)], cwd=ROOT,
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for seed in (1, 2)]
    try:
        for proc in procs:
            assert proc.stdout.readline() == "ready\n", proc.stderr.read()
        for proc in procs:
            proc.stdin.write("go\n")
            proc.stdin.flush()
        played = []
        for n, proc in enumerate(procs):
            out, err = proc.communicate(timeout=120)
            assert proc.returncode == 0, err
            played += [(n, json.loads(line)) for line in out.splitlines()]
    finally:
        for proc in procs:
            if proc.poll() is None:
                proc.kill()
    assert len(played) == 2 * MATCHES
    return played


def check_nothing_lost(url: str, played: list[tuple[int, dict]]) -> None:
    spans: dict[int, list] = {0: [], 1: []}
    with Database(url) as db:
        assert len(records.list_matches(db)) == 2 * MATCHES
        for n, match in played:
            actions = records.match_actions(db, match["uid"])
            assert [a.seq for a in actions] == list(range(1, len(match["history"]) + 1))
            assert [a.notation for a in actions] == match["history"]
            assert all(a.at <= b.at for a, b in zip(actions, actions[1:]))  # written in the order played
            info = records.get_match(db, match["uid"])
            assert info.is_finished and (info.winner, info.reason) == (match["winner"], match["reason"])
            spans[n] += [actions[0].at, actions[-1].at]
    # the two children were writing at the same time
    assert max(min(spans[0]), min(spans[1])) < min(max(spans[0]), max(spans[1]))


def test_two_processes_recording_into_one_sqlite_file_lose_nothing(sqlite_url):
    check_nothing_lost(sqlite_url, record_at_once(sqlite_url))


def test_two_processes_recording_into_one_postgresql_database_lose_nothing(pg_url):
    check_nothing_lost(pg_url, record_at_once(pg_url))
