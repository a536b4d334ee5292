"""Positions are plain JSON data (lists, dicts, strings, numbers); copying them is the undo
snapshot's main cost, hence this copier instead of `copy.deepcopy`."""

from __future__ import annotations

from typing import Any

#: the types of plain values copied as they are (immutable); anything else is walked
_ATOMS = frozenset({str, int, float, bool, type(None)})


def copy_json(value: Any) -> Any:
    """A deep copy of plain JSON data, quicker than `copy.deepcopy` (no memo, no dispatch; the plain
    values of a list or dict are taken as they are, without a call each)."""
    if isinstance(value, list):
        return [v if v.__class__ in _ATOMS else copy_json(v) for v in value]
    if isinstance(value, dict):
        return {k: v if v.__class__ in _ATOMS else copy_json(v) for k, v in value.items()}
    return value
