"""A match whose process is killed (SIGKILL) mid-game resumes exactly at its last applied action.

A real child process (this file run as a script) plays a guided match of random legal actions,
recording it, and prints each applied action's count and a digest of the position after it. The
test kills it with SIGKILL at random points (the very start included), then resumes the match from
the database and checks that its history is exactly the recorded actions (every printed action,
and at most the one in flight when the kill came), that its position is the replay of those actions
and the child's own position at that count, and that the game goes on to its end, still recorded.
One run kills a child that was itself playing a resumed match. On SQLite, then once on PostgreSQL.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def digest(match) -> str:
    return hashlib.sha1(json.dumps(match.state.to_dict(), sort_keys=True).encode()).hexdigest()[:16]


def child(url: str, seed: str, uid: str | None = None) -> None:
    """Play a whole match (or resume ``uid``) with random legal actions, printing ``uid UID``, then
    ``applied N DIGEST`` once action N is applied (and so recorded), then ``over``."""
    from cards import records
    from cards.db import Database
    from referee.games.naruto.cards import bundled
    from referee.games.naruto.decks import random_deck
    from referee.games.naruto.rules import new_match

    db = Database(url)
    rng = random.Random(int(seed))
    if uid is None:
        decks = [random_deck(bundled(), "standard", rng) for _ in range(2)]
        match = new_match(decks, seed=rng.randrange(2**32), names=("Ann", "Bob"))
        uid = records.Recorder(db).record(match, decks=decks)
    else:
        match = records.resume(db, uid)
    print(f"uid {uid}", flush=True)
    while not match.is_over():
        match.apply(rng.choice(match.legal_actions()))
        print(f"applied {len(match.history)} {digest(match)}", flush=True)
    print("over", flush=True)


if __name__ == "__main__":
    child(*sys.argv[1:])
    sys.exit(0)


import pytest  # noqa: E402  (the child needs none of the test machinery)

from cards import records  # noqa: E402
from cards.db import Database  # noqa: E402
from referee.engine.match import Match  # noqa: E402
from referee.games.naruto.cards import bundled  # noqa: E402
from referee.games.naruto.rules import rules_for  # noqa: E402

pytestmark = pytest.mark.skipif(os.name != "posix", reason="needs SIGKILL")


class Run:
    """What one killed child printed: the match's uid and the digest after each applied action."""

    def __init__(self, uid: str, printed: dict[int, str], over: bool, returncode: int):
        self.uid = uid
        self.printed = printed
        self.over = over
        self.returncode = returncode

    @property
    def last(self) -> int:
        return max(self.printed, default=0)


def run_and_kill(url: str, seed: int, kill_after: int, rng: random.Random, uid: str | None = None) -> Run:
    """Start a child, kill it with SIGKILL once it has printed ``kill_after`` actions (0: as soon
    as it has its match), after a random delay of up to 3 ms so the kill lands anywhere in an
    action or its write; then read everything it printed."""
    argv = [sys.executable, str(Path(__file__).resolve()), url, str(seed)] + ([uid] if uid else [])
    proc = subprocess.Popen(argv, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    lines: list[str] = []
    try:
        while True:
            line = proc.stdout.readline()
            if not line:
                break
            lines.append(line)
            parts = line.split()
            if parts[0] == "uid" and kill_after == 0 or parts[0] == "applied" and int(parts[1]) >= kill_after:
                time.sleep(rng.random() * 0.003)
                os.kill(proc.pid, signal.SIGKILL)
                break
        proc.wait(timeout=60)
        lines += proc.stdout.readlines()
        error = proc.stderr.read()
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.stdout.close()
        proc.stderr.close()
    complete = [line.split() for line in lines if line.endswith("\n")]
    assert complete and complete[0][0] == "uid", f"the child did not start: {error}"
    printed = {int(p[1]): p[2] for p in complete if p[0] == "applied"}
    assert list(printed) == list(range(min(printed, default=1), max(printed, default=0) + 1))
    over = complete[-1] == ["over"]
    assert over or proc.returncode == -signal.SIGKILL, error
    return Run(complete[0][1], printed, over, proc.returncode)


def check_resume(db: Database, run: Run) -> Match:
    """The match resumed from the database is exactly the recorded one, at its last action."""
    recorded = [a.notation for a in records.match_actions(db, run.uid)]
    # each action is committed before it is printed; the one in flight may be committed too
    assert run.last <= len(recorded) <= run.last + 1 or run.over
    resumed = records.resume(db, run.uid)
    assert [str(a) for a in resumed.history] == recorded
    initial = records.export_match(db, run.uid)["initial"]
    replay = Match.from_json(rules_for("standard"), {"initial": initial, "history": recorded}, bundled())
    assert resumed.state.to_dict() == replay.state.to_dict()
    if len(recorded) in run.printed:  # the very position the child had
        assert digest(resumed) == run.printed[len(recorded)]
    return resumed


def finish(db: Database, uid: str, match: Match, seed: int) -> None:
    """The resumed game goes on to its end, every action still recorded."""
    rng = random.Random(seed)
    while not match.is_over():
        match.apply(rng.choice(match.legal_actions()))
    info = records.get_match(db, uid)
    assert info.is_finished and (info.winner, info.reason) == (match.outcome().winner, match.outcome().rule)
    assert [a.notation for a in records.match_actions(db, uid)] == [str(a) for a in match.history]


def test_killed_matches_resume_at_their_last_action_on_sqlite(sqlite_url):
    Database(sqlite_url).close()  # made once here, so no child pays for the catalogue's first load
    rng = random.Random(20240611)
    kill_points = [0, 1, rng.randint(2, 12), rng.randint(13, 60), rng.randint(61, 140)]
    db = Database(sqlite_url)
    for n, kill_after in enumerate(kill_points):
        run = run_and_kill(sqlite_url, 100 + n, kill_after, rng)
        assert not run.over and run.last >= kill_after
        resumed = check_resume(db, run)
        finish(db, run.uid, resumed, seed=n)
    assert len(records.list_matches(db, finished=True)) == len(kill_points)
    db.close()


def test_a_resumed_match_killed_again_resumes_again(sqlite_url):
    rng = random.Random(7)
    db = Database(sqlite_url)
    first = run_and_kill(sqlite_url, 300, rng.randint(5, 40), rng)
    resumed = check_resume(db, first)
    recorded = len(resumed.history)
    records.release(resumed)  # this process lets it go: the next child takes it without a question
    second = run_and_kill(sqlite_url, 301, recorded + rng.randint(3, 40), rng, uid=first.uid)
    assert second.uid == first.uid and not second.over
    assert min(second.printed) == recorded + 1  # the child carried on from where the record stopped
    finish(db, first.uid, check_resume(db, second), seed=1)
    db.close()


def test_a_killed_match_resumes_at_its_last_action_on_postgresql(pg_url):
    Database(pg_url).close()
    rng = random.Random(99)
    run = run_and_kill(pg_url, 400, rng.randint(10, 80), rng)
    with Database(pg_url) as db:
        finish(db, run.uid, check_resume(db, run), seed=2)
