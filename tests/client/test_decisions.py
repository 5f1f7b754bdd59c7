"""Ask only when it matters (issue 15): the shared rule and its setting."""
import pytest

from game.client.decisions import automatic_choice, should_ask
from game.client.settings import Settings


def test_a_single_option_resolves_itself():
    assert automatic_choice(["Chain +"]) == "Chain +"
    assert not should_ask(["New Megabot"])


def test_several_options_that_matter_are_asked():
    assert automatic_choice(["left", "right"]) is None
    assert should_ask(["left", "right"])


def test_a_window_that_cannot_change_anything_takes_its_default():
    choices = ["Continue", "Use RAM", "Use ABS"]
    assert automatic_choice(choices, matters=False, default="Continue") == "Continue"
    assert automatic_choice(choices, matters=True, default="Continue") is None   # an ability prevents a loss


def test_ask_before_every_step_brings_every_stop_back():
    assert automatic_choice(["Chain +"], ask_every_step=True) is None
    assert automatic_choice(["Continue", "Use RAM"], True, matters=False, default="Continue") is None
    assert should_ask(["only"], ask_every_step=True)


def test_a_default_that_is_not_legal_is_a_bug_caught_at_once():
    with pytest.raises(ValueError):
        automatic_choice(["a", "b"], matters=False, default="c")


def test_nothing_to_choose_is_never_asked():
    assert automatic_choice([]) is None and not should_ask([], ask_every_step=True)


def test_the_setting_is_off_by_default_and_saved(tmp_path):
    settings, _ = Settings.load()
    assert settings.ask_every_step is False
    settings.ask_every_step = True
    settings.save()
    assert Settings.load()[0].ask_every_step is True


def test_the_settings_screen_turns_it_on():
    import pygame

    from game.client.app import App
    from game.client.input import Action
    from game.client.menus import SettingsScene

    app = App()
    app.stack.push(SettingsScene())
    labels = [item.label for item in app.stack.top.menu.items]
    for _ in range(labels.index("Ask before every step")):
        app.post(Action("down"))
    app.post(Action("right"))
    assert app.settings.ask_every_step is True
    app.post(Action("back"))                       # leaving settings saves them
    assert Settings.load()[0].ask_every_step is True
    pygame.quit()


def test_a_costly_step_is_asked_once_with_the_safe_answer_focused():
    import pygame

    from game.client.app import App
    from game.client.input import Action
    from game.client.menus import ConfirmScene, TitleScene

    done = []
    app = App()
    app.stack.push(TitleScene())
    app.stack.push(ConfirmScene("End your turn with 2 actions left?", lambda: done.append("end"), yes="End turn"))
    app.step(1 / 60)
    app.post(Action("confirm"))                    # the focus starts on "Keep playing"
    assert done == [] and isinstance(app.stack.top, TitleScene)
    app.stack.push(ConfirmScene("End your turn with 2 actions left?", lambda: done.append("end"), yes="End turn"))
    app.post(Action("down"))
    app.post(Action("confirm"))
    assert done == ["end"] and isinstance(app.stack.top, TitleScene)
    pygame.quit()
