"""When the board moves, and when it stands still (``Scene.animating``/``wake_after``).

The board is drawn every frame while anything slides, tumbles, flies, glides or fades:
a step's slide, the dice, a struck man, the effects, a card gliding to its place, the
tutor's word fading. It is still otherwise, and then asks to be looked at again only
for what the clock brings: a worker's result (the computer's decision, a hint, the
tutor's verdict, the board's background being painted) polled at ``POLL``; the pause
before the next automatic action; a message giving way to the prompt; and the gentle
pulse of the spots a person may move from or to, drawn at ``PULSE_RATE`` (a soft
glow over 1.3 s: at 30 frames a second its steps are under 4% of its range) until the
board has been quiet for ``SETTLE`` seconds: then the pulse slows to a stop
(``Scene.pace``) and a board waiting for a person is not drawn again until an input.
"""

from __future__ import annotations

from concurrent.futures import Future
from typing import TYPE_CHECKING, Any

from game.ui.render import board_marks
from game.ui.render.board_hud import GOOD_TIME
from game.ui.render.board_words import BRIEF_TIME, MESSAGE_TIME
from game.ui.scenes.base import POLL

if TYPE_CHECKING:
    from game.ui.scenes.board import BoardScene

PULSE_RATE = 30  # frames a second the highlights' pulse is drawn at while nothing moves
PULSE_STEP = 0.1  # the most the pulse moves on in one frame (seconds)
LATE = 0.01  # seconds after a moment the board is looked at (it has passed by then)


def animating(scene: BoardScene) -> bool:
    """Whether anything on the board moves now (drawn every frame)."""
    if not hasattr(scene, "table"):
        return False
    if scene.busy or scene.effects:
        return True
    for card in (scene.hint_card, scene.tutor_card):
        if card is not None and card.placed and card.rect.topleft != card.target.topleft:
            return True
    since, word = scene.good
    return bool(word) and scene.t - since <= GOOD_TIME


def wake_after(scene: BoardScene) -> float | None:
    """While the board is still: the seconds until the clock changes something."""
    if not hasattr(scene, "table"):
        return None
    table = scene.table
    waits: list[float] = []
    jobs: list[Future[Any] | None] = [table.pending, table.pending_cube, table.hints.job]
    jobs += [table.review_job, scene.chances.job]
    jobs += [scene.next_view[1]] if scene.next_view is not None else []
    jobs += [table.early[2]] if table.early is not None else []
    if scene.preparing is not None or any(job is not None and not job.done() for job in jobs):
        waits.append(POLL)
    if scene.wait > 0 and scene.timeline.speed:
        waits.append(scene.wait + LATE)
    shown = scene.t - scene.message_time
    if scene.message and shown <= MESSAGE_TIME:
        waits.append(MESSAGE_TIME - shown + LATE)
        if scene.message_brief and shown <= BRIEF_TIME:
            waits.append(BRIEF_TIME - shown + LATE)  # a brief message gives way sooner
    if pulsing(scene) and scene.pace() > 0:
        waits.append(1 / PULSE_RATE)
    return min(waits, default=None)


def pulse_step(scene: BoardScene, dt: float) -> float:
    """How far the highlights' pulse moves on in a frame of ``dt`` seconds: slower, then
    not at all, as the board comes to rest; never a jump after a long sleep."""
    return min(dt, PULSE_STEP) * scene.pace()


def pulsing(scene: BoardScene) -> bool:
    """Whether highlighted spots pulse on the board (a person's move)."""
    if scene.preparing is not None:
        return False
    if scene.preview_play() is not None:
        return True
    return bool(board_marks.movable(scene) or board_marks.highlights(scene))


__all__ = ["PULSE_RATE", "animating", "pulse_step", "pulsing", "wake_after"]
