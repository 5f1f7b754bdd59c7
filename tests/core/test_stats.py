"""The shared nearest-rank percentile used by every simulator and benchmark."""
from game.core.stats import percentile


def test_nearest_rank_percentile():
    samples = list(range(1, 101))          # 1..100
    assert percentile(samples, 0.95) == 96
    assert percentile(reversed(samples), 0.5) == 51   # order of the input does not matter
    assert percentile([7.0], 0.99) == 7.0


def test_no_samples_give_the_default():
    assert percentile([], 0.95) is None
    assert percentile([], 0.95, default=0.0) == 0.0
