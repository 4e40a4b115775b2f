"""The game database of ``ppn import`` / ``ppn query``, from Python."""
from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any, Dict, Iterator, List, Optional, Sequence, Tuple, Union

from . import _ppn


@dataclass
class Rows:
    """A query result: column names and rows (tuples of None, int, float or str)."""

    columns: List[str]
    rows: List[Tuple[Any, ...]]

    def __iter__(self) -> Iterator[Tuple[Any, ...]]:
        return iter(self.rows)

    def __len__(self) -> int:
        return len(self.rows)

    def to_pandas(self):
        """The rows as a pandas DataFrame (ImportError naming the package when pandas is missing)."""
        try:
            import pandas
        except ImportError as e:
            raise ImportError(
                "Rows.to_pandas() needs pandas, which is not installed "
                "(Debian: apt-get install python3-pandas; pip: pip install pandas)") from e
        return pandas.DataFrame.from_records(self.rows, columns=self.columns)


class Database:
    """A ppn game database (``ppn import``'s SQLite file), by path."""

    def __init__(self, path: Union[str, "os.PathLike[str]"]):
        self.path = os.fspath(path)

    @staticmethod
    def reports() -> Dict[str, str]:
        """The canned reports of ``ppn query``: name to description."""
        return dict(_ppn._db_report_names())

    def import_files(self, files: Union[str, "os.PathLike[str]", Sequence[Union[str, "os.PathLike[str]"]]],
                     variant: Optional[str] = None, options=None,
                     on_error: str = "keep-prefix") -> Dict[str, Any]:
        """Imports PPN files as ``ppn import`` does; returns its counts, the new game ids and the errors."""
        if isinstance(files, (str, os.PathLike)):
            files = [files]
        return _ppn._db_import(self.path, [os.fspath(f) for f in files], variant, options, on_error)

    def report(self, name: str) -> Rows:
        """One of the reports of ``ppn query`` (summary, players, captures, ...)."""
        columns, rows = _ppn._db_report(self.path, name)
        return Rows(columns, rows)

    def sql(self, query: str) -> Rows:
        """One read-only SQL statement (anything that would write is refused: DatabaseError)."""
        columns, rows = _ppn._db_sql(self.path, query)
        return Rows(columns, rows)

    def __repr__(self) -> str:
        return f"ppn.Database({self.path!r})"
