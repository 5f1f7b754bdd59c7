"""`make test` rewrites the test modules' asserts once before the xdist workers start
(tests/warm_asserts.py): the cache it writes must be the one pytest reads, or every worker
silently rewrites every module again (about 7 CPU-s each)."""
from __future__ import annotations

import pytest
from _pytest.assertion import rewrite

from tests.warm_asserts import _warm


def test_the_warmed_module_is_what_pytest_loads_and_its_asserts_explain_themselves(tmp_path):
    module = tmp_path / "test_sample.py"
    module.write_text("def check(x):\n    assert x == [1, 2], 'the list'\n", encoding="utf-8")
    helper = tmp_path / "helper.py"
    helper.write_text("VALUE = 3\n", encoding="utf-8")
    assert _warm([str(module), str(helper)]) == 2
    cached = rewrite._read_pyc(module, rewrite.get_cache_dir(module) / ("test_sample" + rewrite.PYC_TAIL))
    assert cached is not None, "pytest finds the warmed module and takes it as up to date"
    namespace: dict = {}
    exec(cached, namespace)
    with pytest.raises(AssertionError) as failed:
        namespace["check"]([1, 3])
    assert "assert [1, 3] == [1, 2]" in str(failed.value), "the asserts were rewritten"
    assert list((tmp_path / "__pycache__").glob("helper.*.pyc")), "a helper is byte-compiled"
    assert _warm([str(module)]) == 0, "an up-to-date module is not rewritten again"
    module.write_text("def check(x):\n    assert x\n", encoding="utf-8")
    assert _warm([str(module)]) == 1, "an edited module is"
