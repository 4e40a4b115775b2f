"""Diagnostics and the exceptions that carry them.

A :class:`Diagnostic` holds what ``ppn validate`` prints for a problem: its code
(``E-SYNTAX``, ``E-BLOCKADE-LANDED``, ...), where it lies (file, line, column), the
message with its citation, and, for a roll, the roll, the position before it and the legal
alternatives. ``str(diagnostic)`` is the line the CLI prints.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import List, Optional


@dataclass
class Diagnostic:
    """One problem, as ``ppn validate`` reports it."""

    code: str
    severity: str
    file: str
    line: int
    column: int
    message: str
    roll: Optional[int] = None
    step: Optional[int] = None
    roll_text: Optional[str] = None
    position: Optional[str] = None
    alternatives: List[str] = field(default_factory=list)
    excerpt: Optional[str] = None

    def __str__(self) -> str:
        if self.code in ("E-SYNTAX", "E-IO"):
            where = f"{self.file}:{self.line}:{self.column}" if self.line else self.file
            return f"{where}: {self.severity}: {self.message}"
        if self.line or self.file:
            text = f"{self.file}:{self.line}:{self.column}: {self.severity}[{self.code}]: {self.message}"
        elif self.column:  # a play typed at the table (Position.apply): the column in its text
            text = f"play, column {self.column}: {self.severity}[{self.code}]: {self.message}"
        else:
            text = f"{self.severity}[{self.code}]: {self.message}"
        if self.step is not None:
            text += f" (mini-move {self.step})"
        return text


class PPNError(Exception):
    """Base of ppn's exceptions; ``.diagnostic`` says what and where."""

    def __init__(self, text: str, diagnostic: Diagnostic):
        super().__init__(text)
        self.diagnostic = diagnostic

    @property
    def code(self) -> str:
        return self.diagnostic.code

    @property
    def file(self) -> str:
        return self.diagnostic.file

    @property
    def line(self) -> int:
        return self.diagnostic.line

    @property
    def column(self) -> int:
        return self.diagnostic.column

    @property
    def message(self) -> str:
        return self.diagnostic.message


class ParseError(PPNError):
    """A syntax error (E-SYNTAX) or a file that could not be read (E-IO); str() is the CLI's text."""


class IllegalPlayError(PPNError):
    """A play that breaks a rule (its E- code, the rule cited, the legal alternatives)."""


class DatabaseError(PPNError):
    """A database that cannot be opened or a query it refuses."""
