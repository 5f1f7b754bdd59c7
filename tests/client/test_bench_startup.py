"""bench startup's frame figures: the first frame's own work and the frames over 33 ms (issue 26)."""
from game.client.bench_startup import FLIPS, frame_figures


def launch(first_wall, first_cpu, next_wall, next_cpu, with_first=True):
    wall, cpu = [next_wall] * (FLIPS - 1), [next_cpu] * (FLIPS - 1)
    if with_first:
        wall, cpu = [first_wall, *wall], [first_cpu, *cpu]
    return {"first": 500.0, "cpu": 200.0, "frames_wall": wall, "frames_cpu": cpu}


def test_a_loaded_machine_shows_in_the_wall_clock_not_in_the_render_threads_cpu():
    slow_wall = launch(120.0, 30.0, 16.7, 2.0)
    slow_wall["frames_wall"][7] = 250.0          # waited for a core
    figures = frame_figures([slow_wall, launch(60.0, 31.0, 16.7, 3.0)])
    assert figures["first_frame_own_ms"] == 120.0 and figures["first_frame_own_cpu_ms"] == 31.0
    assert figures["max_next_60_ms"] == 250.0 and figures["max_next_60_cpu_ms"] == 3.0
    assert figures["frames_measured"] == 2 * FLIPS
    assert figures["frames_over_33_ms_wall"] == 3 and figures["frames_over_33_ms_cpu"] == 0


def test_a_screen_without_an_app_poll_reports_only_the_next_60():
    figures = frame_figures([launch(0.0, 0.0, 40.0, 35.0, with_first=False)])
    assert figures["first_frame_own_cpu_ms"] == 0.0 and figures["max_next_60_cpu_ms"] == 35.0
    assert figures["frames_over_33_ms_cpu"] == FLIPS - 1
