"""game.core.cache.LRU: every cache is bounded by entries and, when asked, by bytes."""
import pytest

from game.core.cache import LRU, surface_bytes


def test_oldest_unused_entries_go_first():
    cache = LRU(3)
    for key in "abc":
        cache[key] = key.upper()
    assert cache["a"] == "A"                 # a is now the most recently used
    cache["d"] = "D"
    assert list(cache) == ["c", "a", "d"]
    assert cache.get("b") is None and cache.get("c") == "C"


def test_a_byte_cap_evicts_until_it_fits_but_keeps_the_newest():
    cache = LRU(100, max_bytes=10, sizeof=len)
    for key in range(10):
        cache[key] = "xxx"
    assert list(cache) == [7, 8, 9] and cache.bytes == 9
    cache["big"] = "y" * 50                  # bigger than the cap alone: kept, everything else goes
    assert list(cache) == ["big"] and cache.bytes == 50
    del cache["big"]
    assert cache.bytes == 0


def test_replacing_a_value_counts_its_bytes_once():
    cache = LRU(10, max_bytes=100, sizeof=len)
    cache["a"] = "x" * 40
    cache["a"] = "x" * 30
    assert cache.bytes == 30


def test_a_million_keys_stay_within_the_cap():
    cache = LRU(256)
    for key in range(1_000_000 // 50):
        cache[key] = key
    assert len(cache) == 256


def test_surface_bytes_and_bad_sizes():
    class Fake:
        def get_size(self):
            return (10, 20)

    assert surface_bytes(Fake()) == 800 and surface_bytes(object()) == 0
    with pytest.raises(ValueError):
        LRU(0)
