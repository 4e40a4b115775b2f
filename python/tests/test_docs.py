"""Every example of docs/PYTHON.md runs, with the output it shows (README has none: its front page points there)."""
import doctest
import os
import re

import pytest

from conftest import SOURCE


def blocks(path):
    text = path.read_text()
    return re.findall(r"```python\n(.*?)```", text, re.S)


@pytest.mark.parametrize("doc", ["docs/PYTHON.md"])
def test_examples_run(doc, tmp_path, monkeypatch):
    examples = blocks(SOURCE / doc)
    assert examples, f"{doc} has no python example"
    monkeypatch.chdir(tmp_path)
    os.symlink(SOURCE / "samples", tmp_path / "samples")
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    globs = {}
    for i, code in enumerate(examples):
        test = parser.get_doctest(code, globs, f"{doc} example {i + 1}", doc, 0)
        assert test.examples, f"{doc} example {i + 1} has no >>> line"
        runner.run(test, clear_globs=False)
        globs = test.globs  # the next example goes on in this one's namespace
    summary = runner.summarize(verbose=False)
    assert summary.failed == 0 and summary.attempted > 0
