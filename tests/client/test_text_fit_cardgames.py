"""The ROBOMissions and Robo Rescue screens added for issue 15 fit, at 1280x720 and 800x480:
every how-to page and tutorial page, the End turn question, and the inspect views (a thing read
on the table or in the lab). Same check as test_text_fit: no text leaves its box, overlaps
another of its layer, or is drawn under 12 px on screen."""
from __future__ import annotations

from game.client.input import Action
from tests.client.test_text_fit import screens  # noqa: F401 (fixture)


def _pages(screens, scene, name: str) -> None:
    screens.app.stack.push(scene)
    for index in range(len(scene.pages)):
        scene.page = index
        records = screens.frames(f"{name}_{index}", 1)
        assert any(r.text == scene.pages[index].title for r in records)     # the check sees this page
    screens.app.stack.pop()


def test_robomissions_howto_tutorial_question_and_inspect_fit(screens):
    from game.robomissions.rules import engine as E
    from game.robomissions.ui import howto
    from game.robomissions.ui.scene import make_config
    from game.robomissions.ui.table_scene import TableScene
    from tests.robomissions.test_rules import blank, chain, give, mega, single

    _pages(screens, howto.how_to_play_scene(), "robomissions_howto")
    _pages(screens, howto.tutorial_scene(), "robomissions_tutorial")
    app = screens.app
    table = TableScene(make_config("ffa", 3, humans=1, ai="random", seed=1))
    app.stack.push(table)
    screens.frames("robomissions_table", 90)
    table.timeline.skip()
    s = blank(n=3)
    mega(s, 0, "titan_head", body="steel_body", arm0="hammer_arm", legs="tread_legs")
    single(s, 1, "medic")
    chain(s, 2, "linkbot", "chain_tank", "chain_striker")
    give(s, 0, "battery", "disperse_damage", "parallel_pack", "chop_chop", "recharge")
    table.session.state = s
    table._sync()
    screens.frames("robomissions_inspect_table", 2)
    table.focus = next(i for i, o in enumerate(table.options) if isinstance(o.action, E.EndTurn))
    app.post(Action("confirm"))
    screens.frames("robomissions_end_turn_question", 2)
    app.post(Action("back"))
    app.post(Action("info"))
    for step in range(12):
        records = screens.frames(f"robomissions_inspect_{step}", 1)
        assert any(r.text.startswith(table.inspected.title.split()[0]) for r in records)   # lines of its title
        app.post(Action("right"))
    assert not screens.found, screens.report()


def test_roborescue_howto_tutorial_and_inspect_fit(screens):
    from game.roborescue.ui import howto
    from game.roborescue.ui.lab_scene import LabScene
    from game.roborescue.ui.scene import SetupScene, table_config

    _pages(screens, howto.how_to_play_scene(), "roborescue_howto")
    _pages(screens, howto.tutorial_scene(), "roborescue_tutorial")
    app = screens.app
    lab = LabScene(table_config(3, "easy", False, 4), setup=SetupScene)
    app.stack.push(lab)
    screens.frames("roborescue_lab", 90)
    app.post(Action("info"))
    for step in range(16):
        records = screens.frames(f"roborescue_inspect_{step}", 1)
        assert any(lab.inspected.title == r.text for r in records)
        app.post(Action("right"))
    assert not screens.found, screens.report()
