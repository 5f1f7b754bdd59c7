"""Numbers on the command line that would freeze or silently break a game are refused in one line:
`roborally --speed 0` froze the race for good (animations never ran), NaN slipped through every
float option, and `host --drop-timeout nan` never handed a dropped phone's seat to the AI."""
import pytest

from game.core.errors import UserError


def _roborally(argv):
    from game.roborally.ui.scene import main
    return main(argv)


def _runrunrun(argv):
    from game.runrunrun.ui.scene import parse_args
    return parse_args(argv)


def _host(argv):
    from game.client.table_commands import host_main
    return host_main(["roborun", "--no-window", *argv])


@pytest.mark.parametrize("command, argv, words", [
    (_roborally, ["--speed", "0"], "--speed must be from 0.25 to 16 (got 0)"),
    (_roborally, ["--speed", "nan"], "--speed must be from 0.25 to 16 (got nan)"),
    (_roborally, ["--speed", "-1"], "--speed must be from 0.25 to 16 (got -1)"),
    (_runrunrun, ["--pace", "nan"], "--pace must be from 0 to 10 seconds (got nan)"),
    (_runrunrun, ["--pace", "-5"], "--pace must be from 0 to 10 seconds (got -5)"),
    (_host, ["--drop-timeout", "nan"], "--drop-timeout must be from 1 to 3600 seconds (got nan)"),
    (_host, ["--drop-timeout", "0"], "--drop-timeout must be from 1 to 3600 seconds (got 0)"),
])
def test_a_number_that_would_break_the_game_is_a_one_line_error(command, argv, words):
    with pytest.raises(UserError) as caught:
        command(argv)
    assert str(caught.value) == f"command line: {words}"


def test_numbers_in_range_are_taken():
    assert _runrunrun(["--pace", "0"]).pace == 0
    assert _runrunrun(["--pace", "2.5", "--players", "2"]).pace == 2.5
