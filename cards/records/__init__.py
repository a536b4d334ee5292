"""Match records: every applied action is written as it happens, so a match outlives its process,
resumes exactly where it stopped, replays step by step, travels as a JSON file and counts in the
statistics.

One module per job, every public name re-exported here (``from cards import records``,
``from cards.records import Recorder``):

* `cards.records.recording` writes matches: `Recorder` (record a new match, resume one, one writer
  per match: `MatchElsewhere`), `release`, `resume`, `recorded_actors`;
* `cards.records.reading` reads them: `MatchInfo`, `ActionInfo`, `list_matches`, `unfinished`,
  `page_matches` and `match_place` (a page at a time, in a table's order), `resolve_uid`,
  `get_match`, `match_actions`;
* `cards.records.replaying` rebuilds them: `replay`, `Replay`;
* `cards.records.exchange` exports and imports them: `export_match`, `import_match`, `copy_match`,
  `as_now`;
* `cards.records.stats` counts finished matches per deck, per player, per seat and by length, over
  every game or one: `deck_stats`, `player_stats`, `seat_stats`, `length_stats`, `game_statistics`
  (all of one game's), `latest_game`, `deck_label`;
* `cards.records.errors` holds `RecordError` and every message the records show.

The engine is deterministic from its seed, so the actions are the whole record; positions are never
stored. Times are aware datetimes in UTC (the models' column type).
"""

from __future__ import annotations

from .errors import MESSAGES, MatchElsewhere, RecordError
from .reading import (ORDERS, PAGE, ActionInfo, MatchInfo, get_match, list_matches, match_actions, match_place,
                      page_matches, resolve_uid, unfinished)
from .replaying import Replay, replay
from .stats import (DeckStats, GameStatistics, PlayerStats, SeatStats, deck_label, deck_stats, game_statistics,
                    latest_game, length_stats, player_stats, seat_rows, seat_stats)
from .recording import (Recorder, note_hints, recorded_actors, release, resume, state_format, utc_now,
                        writer_token)
from .exchange import (EXPORT_FORMAT, EXPORT_VERSION, MODES, Imported, as_now, copy_match, export_match,
                       import_match)

__all__ = ["ActionInfo", "DeckStats", "EXPORT_FORMAT", "EXPORT_VERSION", "GameStatistics", "Imported", "MESSAGES",
           "MODES", "MatchElsewhere", "MatchInfo", "ORDERS", "PAGE", "PlayerStats", "RecordError", "Recorder", "Replay",
           "SeatStats", "as_now", "copy_match", "deck_label", "deck_stats", "export_match", "game_statistics",
           "get_match", "import_match", "latest_game", "length_stats", "list_matches", "match_actions", "match_place",
           "note_hints", "page_matches", "player_stats", "recorded_actors", "release", "replay", "resolve_uid", "resume",
           "seat_rows", "seat_stats", "state_format", "unfinished", "utc_now", "writer_token"]
