"""The type stubs (ppn/_ppn.pyi) name exactly what the extension has, and everything public has a docstring."""
import ast
import inspect
import pathlib

import ppn
import ppn._ppn as ext

STUB = pathlib.Path(ppn.__file__).with_name("_ppn.pyi")
DUNDERS = {"__eq__", "__hash__", "__iter__", "__len__", "__next__"}


def stubbed():
    tree = ast.parse(STUB.read_text())
    out = {"<module>": set()}
    for n in tree.body:
        if isinstance(n, ast.ClassDef):
            out[n.name] = {b.name if isinstance(b, ast.FunctionDef) else b.target.id
                           for b in n.body if isinstance(b, (ast.FunctionDef, ast.AnnAssign))}
        elif isinstance(n, ast.FunctionDef):
            out["<module>"].add(n.name)
    return out


def test_stubs_match_the_extension():
    stub = stubbed()
    classes = {k for k in dir(ext) if isinstance(getattr(ext, k), type)}
    assert classes == set(stub) - {"<module>"}
    functions = {k for k in dir(ext) if not k.startswith("__") and k not in classes}
    assert functions == stub["<module>"]
    for cls in classes:
        members = {k for k in dir(getattr(ext, cls)) if not k.startswith("__") and not k.startswith("_pybind")}
        assert members == stub[cls] - DUNDERS, cls


def test_public_names_have_docstrings():
    for name in ppn.__all__:
        obj = getattr(ppn, name)
        assert inspect.getdoc(obj), name
