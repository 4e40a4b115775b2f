"""The rolls of a record as Python values (``Game.rolls``)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import List, Optional, Tuple


@dataclass(frozen=True)
class Roll:
    """One main-line roll of a record."""

    number: Optional[int]
    seat: str
    dice: Tuple[int, ...]
    play: str
    text: str
    comments: List[str] = field(default_factory=list)
    nags: List[int] = field(default_factory=list)
    line: int = 0
    column: int = 0

    def __str__(self) -> str:
        return self.text
