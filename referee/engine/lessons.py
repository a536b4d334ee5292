"""Lessons (issue 19): short positions a learner plays in guided mode, each with a goal.

A lesson is a JSON file in its game's package (``referee/games/<game>/lessons/``), a play file's
start (``scenario`` or ``setup``, see `referee.cli`) plus:

- ``seat``: the learner's seat; the other seats are played by the game's heuristic computer player;
- ``rules``: the rule ids its explanation cites (the rules reference links them);
- ``goal``: what the learner must reach, in a small vocabulary (`reached`);
- ``deadline`` (optional): ``{"turn": N}``, past that turn (or at the end of the match) a goal not
  reached is missed;
- ``solution``: the learner's actions a scripted learner plays to reach the goal, and ``wrong``: a
  wrong answer (legal actions, or a refused one first) that misses it; the tests play both.

Its words (title, goal, explanation) are the catalogue's, under ``lesson:<id>:<field>``, in every
language; the file holds none, so a lesson cannot drift from its translations.

Goals: ``{"event": KEY, "params": {...}}`` an event of the log since the lesson began, with at least
those parameters; ``{"winner": SEAT}``; ``{"phase": STEP}`` the match at that step; ``{"all": [...]}``
and ``{"any": [...]}`` of goals.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources

from .action import Action
from .match import Match


@dataclass(frozen=True)
class Lesson:
    id: str
    game: str
    seat: int
    rules: tuple[str, ...]
    start: dict
    goal: dict
    solution: tuple[str, ...]
    wrong: tuple[str, ...]
    deadline: int | None = None

    def match(self) -> "LessonMatch":
        """A new match at the lesson's position, the other seats played up to the learner's turn."""
        from referee.games import game

        play = game(self.game).part("play")
        kind, spec = next((k, self.start[k]) for k in ("scenario", "setup") if k in self.start)
        match = (play.from_scenario if kind == "scenario" else play.from_setup)(
            {k: v for k, v in spec.items() if k != "game"})
        out = LessonMatch(self, match, len(match.log))
        out.others_play()
        out.begun = len(match.history)
        return out


@dataclass
class LessonMatch:
    """A lesson being played: the match, and where its log began."""

    lesson: Lesson
    match: Match
    start: int
    begun: int = 0  # the actions taken before the learner's first

    def next_step(self, actors: list[int | None]) -> Action | None:
        """The solution's next action while the learner has followed it so far (``actors``: who took
        each action of the match's history), else None: a lesson's hint is its own next step."""
        mine = [str(a) for a, seat in zip(self.match.history[self.begun:], actors[self.begun:])
                if seat == self.lesson.seat]
        script = [str(Action.parse(a)) for a in self.lesson.solution]
        if mine == script[:len(mine)] and len(mine) < len(script):
            return Action.parse(script[len(mine)])
        return None

    def others_play(self) -> None:
        """The seats other than the learner's act (the game's heuristic player, seeded) until the
        learner is to act, the goal is reached or missed, or the match is over."""
        from referee.games import game

        computer = game(self.lesson.game).part("play").computers["heuristic"](0)
        for _ in range(2_000):
            if self.match.is_over() or self.done() or self.missed() or self.match.actor == self.lesson.seat:
                return
            self.match.apply(computer.choose(self.match))

    def act(self, action: Action | str) -> None:
        """The learner's action (IllegalAction when refused, the match unchanged), then the others'."""
        self.match.apply(action)
        self.others_play()

    def done(self) -> bool:
        return reached(self.lesson.goal, self.match, self.start)

    def missed(self) -> bool:
        """The goal was not reached in time: past the deadline's turn, or the match over."""
        if self.done():
            return False
        turn = getattr(self.match.state, "turn", 0)
        return self.match.is_over() or (self.lesson.deadline is not None and turn > self.lesson.deadline)


def reached(goal: dict, match: Match, start: int = 0) -> bool:
    """Whether ``goal`` holds (see the module's docstring for its vocabulary)."""
    if "all" in goal:
        return all(reached(g, match, start) for g in goal["all"])
    if "any" in goal:
        return any(reached(g, match, start) for g in goal["any"])
    if "event" in goal:
        want = goal.get("params", {})
        return any(e.key == goal["event"] and all(e.params.get(k) == v for k, v in want.items())
                   for e in match.log[start:])
    if "winner" in goal:
        outcome = match.outcome()
        return outcome is not None and outcome.winner == goal["winner"]
    if "phase" in goal:
        return match.phase == goal["phase"]
    raise ValueError(f"unknown goal {goal}")


@cache
def lessons(game_id: str) -> tuple[Lesson, ...]:
    """The lessons of a game, in the order of their file names."""
    folder = resources.files(f"referee.games.{game_id}").joinpath("lessons")
    if not folder.is_dir():
        return ()
    out = []
    for path in sorted(folder.iterdir(), key=lambda p: p.name):
        if path.name.endswith(".json"):
            data = json.loads(path.read_text(encoding="utf-8"))
            out.append(Lesson(id=path.name[:-5], game=game_id, seat=data["seat"], rules=tuple(data["rules"]),
                              start={k: data[k] for k in ("scenario", "setup") if k in data}, goal=data["goal"],
                              solution=tuple(data["solution"]), wrong=tuple(data["wrong"]),
                              deadline=data.get("deadline", {}).get("turn")))
    return tuple(out)
