"""The board's set pieces: thrown dice, sliding men, hits, bearing off, glows.

Each effect is an animation item (``update(dt) -> leftover``, ``done``,
``skip()``: see ``tween``), measured in seconds and deterministic for a given
``random.Random``. They draw onto whatever Surface they are given (no window
needed); every size derives from the ``size``/``radius`` passed in, so an
effect looks the same at 800x500 and at 4K.

- :class:`DiceThrow` says where each die is, at what angle and showing which
  face; the board draws the dice with its own painter (and may call
  :meth:`DiceThrow.draw_shadows` first).
- :class:`Slide` says where a man is along its path and how high it is lifted.
- :class:`Impact`, :class:`Sparkle` draw themselves; :class:`Glow` is a
  never-ending pulse for highlights, with :func:`draw_glow` for soft halos.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from collections.abc import Sequence as Seq
from dataclasses import dataclass
from functools import lru_cache

import pygame

from game.ui.anim.tween import Ease, ease_in_out_cubic, ease_out_bounce, ease_out_cubic

Point = tuple[float, float]
Colour = tuple[int, int, int]

# -- helpers ---------------------------------------------------------------------------


def _clamp01(x: float) -> float:
    return 0.0 if x < 0.0 else 1.0 if x > 1.0 else x


def _mix(a: Colour, b: Colour, t: float) -> Colour:
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


WHITE: Colour = (255, 255, 255)
BLACK: Colour = (0, 0, 0)


class _Timed:
    """The clock every effect shares: ``duration`` seconds, then done."""

    duration: float = 0.0

    def __init__(self) -> None:
        self.elapsed = 0.0

    @property
    def done(self) -> bool:
        return self.elapsed >= self.duration

    def update(self, dt: float) -> float:
        dt = max(0.0, dt)
        remaining = self.duration - self.elapsed
        if dt >= remaining:
            self.elapsed = self.duration
            return dt - max(0.0, remaining)
        self.elapsed += dt
        return 0.0

    def skip(self) -> None:
        self.elapsed = self.duration


# -- soft sprites (cached per size and colour) -------------------------------------------


@lru_cache(maxsize=128)
def glow_sprite(radius: int, colour: Colour, softness: float = 1.0) -> pygame.Surface:
    """A round halo of ``colour``: opaque-ish at the centre, fading to nothing at ``radius``.

    Built once per (radius, colour, softness) from many filled circles and a
    blur, so it has no bands. ``softness`` 1 is a gaussian-like glow; smaller
    keeps a brighter core (a puff of dust rather than light).
    """
    radius = max(2, int(radius))
    size = radius * 2 + 2
    sprite = pygame.Surface((size, size), pygame.SRCALPHA)
    centre = (size / 2, size / 2)
    steps = max(8, min(48, radius))
    for i in range(steps):
        r = radius * (1.0 - i / steps)  # outside in: each circle replaces the pixels inside it
        x = 1.0 - r / radius  # 0 at the rim, ~1 at the centre
        alpha = 255 * (x ** (1.6 * softness)) * (1.0 - 0.15 * softness * (1.0 - x))
        pygame.draw.circle(sprite, (*colour, max(0, min(255, round(alpha)))), centre, r)
    blur = max(1, radius // 10)
    if hasattr(pygame.transform, "gaussian_blur") and size > 2 * blur + 2:
        sprite = pygame.transform.gaussian_blur(sprite, blur)
    return sprite


def draw_glow(
    surface: pygame.Surface,
    centre: Point,
    radius: float,
    colour: Colour,
    strength: float = 1.0,
    *,
    additive: bool = False,
    softness: float = 1.0,
) -> None:
    """A soft halo at ``centre``; ``strength`` 0..1 scales its opacity.

    ``additive`` adds light (flashes, glints: brightens whatever is below);
    otherwise the halo is alpha-blended (dust, shadows, tinted highlights).
    """
    strength = _clamp01(strength)
    if strength <= 0.0 or radius < 1.0:
        return
    sprite = glow_sprite(round(radius), colour, softness)
    w, h = sprite.get_size()
    pos = (round(centre[0] - w / 2), round(centre[1] - h / 2))
    if additive:
        lit = _premultiplied(round(radius), colour, softness).copy()
        level = round(255 * strength)
        lit.fill((level, level, level), special_flags=pygame.BLEND_RGB_MULT)
        surface.blit(lit, pos, special_flags=pygame.BLEND_RGB_ADD)
    else:
        sprite.set_alpha(round(255 * strength))
        surface.blit(sprite, pos)
        sprite.set_alpha(255)


@lru_cache(maxsize=128)
def _premultiplied(radius: int, colour: Colour, softness: float) -> pygame.Surface:
    """The glow sprite with its colour scaled by its alpha: light to add, not paint."""
    return glow_sprite(radius, colour, softness).premul_alpha()


@lru_cache(maxsize=64)
def _shadow_sprite(width: int, height: int) -> pygame.Surface:
    """A soft elliptical shadow (black, alpha at most ~60 %)."""
    pad = max(2, min(width, height) // 4)
    sprite = pygame.Surface((width + 2 * pad, height + 2 * pad), pygame.SRCALPHA)
    steps = 16
    for i in range(steps):
        k = 1.0 - i / steps
        rect = pygame.Rect(0, 0, max(1, round(width * k)), max(1, round(height * k)))
        rect.center = (width // 2 + pad, height // 2 + pad)
        alpha = round(150 * ((i + 1) / steps) ** 0.7)
        pygame.draw.ellipse(sprite, (0, 0, 0, alpha), rect)
    return pygame.transform.gaussian_blur(sprite, max(1, pad // 2))


def draw_shadow(
    surface: pygame.Surface, centre: Point, width: float, height: float, strength: float = 1.0
) -> None:
    """A soft shadow ellipse of the given size centred at ``centre``."""
    if strength <= 0.0 or width < 2 or height < 2:
        return
    sprite = _shadow_sprite(round(width), round(height))
    sprite.set_alpha(round(255 * _clamp01(strength)))
    w, h = sprite.get_size()
    surface.blit(sprite, (round(centre[0] - w / 2), round(centre[1] - h / 2)))
    sprite.set_alpha(255)


# -- the dice ----------------------------------------------------------------------------

# Impact moments of ease_out_bounce (fraction of its time): where a die lands and
# is most likely to turn a new face up.
_BOUNCES = (1 / 2.75, 2 / 2.75, 2.5 / 2.75, 1.0)
_FALL = 0.78  # share of a die's time spent bouncing; the rest it slides and turns to rest
_FACE_TICK = 0.055  # seconds between changes of the face shown while airborne


class _DiePath:
    """One die's flight: start, rest, duration, spin and faces, all fixed at the throw."""

    def __init__(
        self,
        value: int,
        start: Point,
        rest: Point,
        size: float,
        faces: int,
        duration: float,
        rng: random.Random,
        tilt: float,
    ) -> None:
        self.value = value
        self.start = start
        self.rest = rest
        self.duration = duration
        self.height = size * rng.uniform(1.0, 1.4)
        dx, dy = rest[0] - start[0], rest[1] - start[1]
        length = math.hypot(dx, dy) or 1.0
        self.normal = (-dy / length, dx / length)
        self.curve = size * rng.uniform(-0.7, 0.7)  # a swerve across the path
        turns = rng.uniform(1.2, 2.4) * rng.choice((-1.0, 1.0))
        self.final_angle = rng.uniform(-tilt, tilt) if tilt > 0 else 0.0
        self.spin = 360.0 * turns
        # the faces shown while tumbling: a new one every tick, never the same twice running
        ticks = int(duration / _FACE_TICK) + 2
        shown: list[int] = []
        last = value
        for _ in range(ticks):
            face = rng.randint(1, faces) if faces > 1 else 1
            if faces > 1:
                while face == last:
                    face = rng.randint(1, faces)
            shown.append(face)
            last = face
        self.faces = shown
        self.reveal = duration * _FALL * _BOUNCES[2]  # the true face from the last bounce on

    def ground(self, t: float) -> Point:
        """Where the die is over the table at time ``t`` (its shadow's place)."""
        f = _clamp01(t / self.duration) if self.duration > 0 else 1.0
        e = ease_out_cubic(f)
        swerve = self.curve * math.sin(math.pi * e)
        return (
            self.start[0] + (self.rest[0] - self.start[0]) * e + self.normal[0] * swerve,
            self.start[1] + (self.rest[1] - self.start[1]) * e + self.normal[1] * swerve,
        )

    def lift(self, t: float) -> float:
        """Height above the table (pixels): a fall and shrinking bounces."""
        if self.duration <= 0:
            return 0.0
        f = _clamp01(t / (self.duration * _FALL))
        return self.height * (1.0 - ease_out_bounce(f))

    def angle(self, t: float) -> float:
        f = _clamp01(t / self.duration) if self.duration > 0 else 1.0
        return self.final_angle - self.spin * (1.0 - ease_out_cubic(f))

    def face(self, t: float) -> int:
        if t >= self.reveal:
            return self.value
        return self.faces[min(len(self.faces) - 1, int(t / _FACE_TICK))]


class DiceThrow(_Timed):
    """Dice thrown from ``start`` that tumble across the table and settle on ``values``.

    ``rest`` is where each die comes to rest (one point per value), ``size`` a
    die's side in pixels (the height of the bounce and the swerve scale with
    it), ``faces`` how many faces a die has. Each die falls, bounces on an
    eased path with shrinking hops, spins and flickers through random faces,
    shows its true value from its last bounce, and slides to rest at an angle
    within ``tilt`` degrees of square (0 by default: the board can then draw
    settled dice square without a jump). About ``duration`` seconds in all.
    """

    def __init__(
        self,
        values: Seq[int],
        start: Point,
        rest: Seq[Point],
        size: float,
        faces: int = 6,
        rng: random.Random | None = None,
        *,
        duration: float = 0.7,
        tilt: float = 0.0,
    ) -> None:
        super().__init__()
        if len(values) != len(rest):
            raise ValueError(f"{len(values)} dice values but {len(rest)} resting places")
        if faces < 1:
            raise ValueError(f"a die needs at least one face, not {faces!r}")
        for value in values:
            if not 1 <= value <= faces:
                raise ValueError(f"a {faces}-faced die cannot show {value!r}")
        rng = rng if rng is not None else random.Random(0)
        self.values = tuple(values)
        self.size = float(size)
        self.duration = max(0.0, float(duration))
        self.paths: list[_DiePath] = []
        for i, (value, place) in enumerate(zip(values, rest, strict=True)):
            # each die leaves the hand a little apart and lands at its own moment
            jitter = (rng.uniform(-0.35, 0.35) * size, rng.uniform(-0.35, 0.35) * size)
            own = self.duration * (1.0 if i == 0 else rng.uniform(0.82, 1.0))
            origin = (start[0] + jitter[0], start[1] + jitter[1])
            self.paths.append(_DiePath(value, origin, place, size, faces, own, rng, max(0.0, tilt)))

    def __repr__(self) -> str:
        return f"DiceThrow({self.values!r}, elapsed={self.elapsed:.3f}/{self.duration:.3f})"

    def dice_states(self) -> list[tuple[int, Point, float]]:
        """Each die as (face shown, centre on screen, angle in degrees).

        The centre is raised (up the screen) by the die's height above the
        table, so the dice visibly hop; their shadows stay on the table.
        """
        t = self.elapsed
        states: list[tuple[int, Point, float]] = []
        for path in self.paths:
            gx, gy = path.ground(t)
            states.append((path.face(t), (gx, gy - path.lift(t)), path.angle(t)))
        return states

    def dice_lifts(self) -> list[float]:
        """Each die's height above the table in pixels (0 when it rests)."""
        return [path.lift(self.elapsed) for path in self.paths]

    def ground_positions(self) -> list[Point]:
        """Where each die's shadow falls."""
        return [path.ground(self.elapsed) for path in self.paths]

    @property
    def rest_angles(self) -> list[float]:
        """The angle each die ends at (keep drawing them so after the throw)."""
        return [path.final_angle for path in self.paths]

    def draw_shadows(self, surface: pygame.Surface) -> None:
        """Soft shadows under the dice: smaller and fainter the higher a die is."""
        for path in self.paths:
            gx, gy = path.ground(self.elapsed)
            lift = path.lift(self.elapsed)
            k = lift / max(1.0, path.height)  # 0 on the table, 1 at the top of the throw
            w = self.size * (1.15 - 0.25 * k)
            offset = self.size * 0.08 + lift * 0.15
            draw_shadow(surface, (gx + offset, gy + offset), w, w, 0.85 - 0.45 * k)


# -- a man sliding -----------------------------------------------------------------------


class Slide(_Timed):
    """A man moving along ``path``: one eased segment between each pair of points.

    ``position()`` is where it is, ``lift()`` how high it is lifted (0..1: a
    slight arc over each segment, for the board to scale the man and offset
    its shadow), ``step`` the segment under way. ``on_land(i)`` (optional) is
    called as the man reaches ``path[i]`` for i >= 1; ``skip()`` calls it for
    every point not yet reached, in order.
    """

    def __init__(
        self,
        path: Seq[Point],
        duration_per_step: float,
        ease: Ease = ease_in_out_cubic,
        *,
        on_land: Callable[[int], object] | None = None,
    ) -> None:
        super().__init__()
        if not path:
            raise ValueError("a slide needs at least one point")
        if not duration_per_step >= 0.0:
            raise ValueError(f"a step takes a duration >= 0, not {duration_per_step!r}")
        self.path: list[Point] = [(float(x), float(y)) for x, y in path]
        self.step_duration = float(duration_per_step)
        self.duration = self.step_duration * (len(self.path) - 1)
        self.ease = ease
        self.on_land = on_land
        self.landed = 0  # how many points after the first have been reached
        if self.duration <= 0.0:
            self._land_through(len(self.path) - 1)

    def __repr__(self) -> str:
        return f"Slide({len(self.path)} points, elapsed={self.elapsed:.3f}/{self.duration:.3f})"

    def _segment(self) -> tuple[int, float]:
        """(index of the segment under way, fraction of it done)."""
        segments = len(self.path) - 1
        if segments == 0 or self.step_duration <= 0.0 or self.elapsed >= self.duration:
            return max(0, segments - 1), 1.0
        i = min(segments - 1, int(self.elapsed / self.step_duration))
        return i, _clamp01((self.elapsed - i * self.step_duration) / self.step_duration)

    @property
    def step(self) -> int:
        return self._segment()[0]

    def position(self) -> Point:
        if len(self.path) == 1:
            return self.path[0]
        i, f = self._segment()
        if f >= 1.0:
            return self.path[i + 1]
        (x0, y0), (x1, y1) = self.path[i], self.path[i + 1]
        e = self.ease(f)
        return (x0 + (x1 - x0) * e, y0 + (y1 - y0) * e)

    def lift(self) -> float:
        if len(self.path) == 1:
            return 0.0
        _, f = self._segment()
        return math.sin(math.pi * f) if f < 1.0 else 0.0

    def update(self, dt: float) -> float:
        leftover = super().update(dt)
        if self.step_duration > 0.0:
            reached = min(len(self.path) - 1, int(self.elapsed / self.step_duration + 1e-9))
            self._land_through(reached)
        if self.done:
            self._land_through(len(self.path) - 1)
        return leftover

    def skip(self) -> None:
        super().skip()
        self._land_through(len(self.path) - 1)

    def _land_through(self, reached: int) -> None:
        while self.landed < reached:
            self.landed += 1
            if self.on_land is not None:
                self.on_land(self.landed)


# -- a hit -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Particle:
    """A splinter or a puff of dust, fixed at the moment of the hit."""

    angle: float  # direction of flight (radians)
    speed: float  # pixels a second at the start
    length: float  # size in pixels
    life: float  # share of the effect's time it lasts
    spin: float  # radians turned over its life
    x0: float  # where it starts, in radii from the centre
    colour: Colour


class Impact(_Timed):
    """A hit: a short flash, a shock ring that races out, splinters and dust.

    ``radius`` is the struck man's radius; the ring reaches about 2.3 times
    that. ``colour`` is the man's colour (splinters take its shades).
    """

    def __init__(
        self,
        centre: Point,
        radius: float,
        colour: Colour,
        rng: random.Random | None = None,
        *,
        duration: float = 0.55,
    ) -> None:
        super().__init__()
        rng = rng if rng is not None else random.Random(0)
        self.centre = (float(centre[0]), float(centre[1]))
        self.radius = max(1.0, float(radius))
        self.colour = colour
        self.duration = max(0.0, float(duration))
        self.splinters: list[_Particle] = []
        for i in range(9):
            angle = (i + rng.uniform(-0.35, 0.35)) * (2 * math.pi / 9)
            self.splinters.append(
                _Particle(
                    angle=angle,
                    speed=self.radius * rng.uniform(2.2, 4.0),
                    length=self.radius * rng.uniform(0.28, 0.5),
                    life=rng.uniform(0.55, 1.0),
                    spin=rng.uniform(-6.0, 6.0),
                    x0=rng.uniform(0.85, 1.05),
                    colour=_mix(colour, rng.choice((WHITE, BLACK)), rng.uniform(0.1, 0.45)),
                )
            )
        dust_colour = _mix(colour, (208, 198, 178), 0.6)
        self.dust: list[_Particle] = []
        for _ in range(6):
            self.dust.append(
                _Particle(
                    angle=rng.uniform(0, 2 * math.pi),
                    speed=self.radius * rng.uniform(0.6, 1.3),
                    length=self.radius * rng.uniform(0.45, 0.7),
                    life=rng.uniform(0.7, 1.0),
                    spin=0.0,
                    x0=rng.uniform(0.3, 0.6),
                    colour=dust_colour,
                )
            )

    def __repr__(self) -> str:
        return f"Impact({self.centre!r}, {self.radius!r}, elapsed={self.elapsed:.3f})"

    def draw(self, surface: pygame.Surface) -> None:
        if self.done or self.duration <= 0.0:
            return
        t = self.elapsed / self.duration  # 0..1
        cx, cy = self.centre
        r = self.radius
        # dust: soft puffs drifting out and thinning
        for puff in self.dust:
            f = _clamp01(t / puff.life)
            if f >= 1.0:
                continue
            d = r * puff.x0 + puff.speed * self.duration * ease_out_cubic(f)
            pos = (cx + math.cos(puff.angle) * d, cy + math.sin(puff.angle) * d)
            size = puff.length * (1.0 + 1.2 * ease_out_cubic(f))
            draw_glow(surface, pos, size, puff.colour, 0.6 * (1.0 - f) ** 1.5, softness=0.7)
        # the shock ring
        ring_t = _clamp01(t / 0.6)
        if ring_t < 1.0:
            e = ease_out_cubic(ring_t)
            ring_r = r * (0.9 + 1.4 * e)
            width = max(1, round(r * 0.22 * (1.0 - e) + 1))
            alpha = round(230 * (1.0 - ring_t) ** 1.4)
            extent = math.ceil(ring_r + width + 2)
            layer = pygame.Surface((extent * 2, extent * 2), pygame.SRCALPHA)
            light = _mix(self.colour, WHITE, 0.75)
            centre = (extent, extent)
            pygame.draw.circle(layer, (*light, alpha // 3), centre, ring_r + width, width * 2)
            pygame.draw.aacircle(layer, (*light, alpha), centre, ring_r, width)
            surface.blit(layer, (round(cx - extent), round(cy - extent)))
        # splinters: wedge-shaped shards flying out, slowing, turning, fading
        for sp in self.splinters:
            f = _clamp01(t / sp.life)
            if f >= 1.0:
                continue
            d = r * sp.x0 + sp.speed * self.duration * ease_out_cubic(f) * 0.5
            px, py = cx + math.cos(sp.angle) * d, cy + math.sin(sp.angle) * d
            turn = sp.angle + sp.spin * f
            length = sp.length * (1.0 - 0.45 * f)
            ux, uy = math.cos(turn), math.sin(turn)
            wx, wy = -uy * length * 0.22, ux * length * 0.22
            alpha = round(255 * (1.0 - f) ** 1.3)
            extent = math.ceil(length + 3)
            layer = pygame.Surface((extent * 2, extent * 2), pygame.SRCALPHA)
            tip = (extent + ux * length * 0.6, extent + uy * length * 0.6)
            tail = (extent - ux * length * 0.4, extent - uy * length * 0.4)
            shard = [tip, (extent + wx, extent + wy), tail, (extent - wx * 0.6, extent - wy * 0.6)]
            pygame.draw.polygon(layer, (*sp.colour, alpha), shard)
            lit = _mix(sp.colour, WHITE, 0.5)
            pygame.draw.aaline(layer, (*lit, alpha), tip, (extent + wx, extent + wy))
            surface.blit(layer, (round(px - extent), round(py - extent)))
        # the flash: bright at once, gone in a tenth of a second
        flash_t = self.elapsed / 0.14
        if flash_t < 1.0:
            draw_glow(
                surface,
                self.centre,
                r * (1.6 + 0.6 * flash_t),
                _mix(self.colour, WHITE, 0.85),
                (1.0 - flash_t) ** 2,
                additive=True,
            )


# -- bearing off -------------------------------------------------------------------------


class Sparkle(_Timed):
    """A man borne off: a warm bloom and a few four-pointed glints rising and winking out."""

    def __init__(
        self,
        centre: Point,
        radius: float,
        colour: Colour,
        rng: random.Random | None = None,
        *,
        duration: float = 0.8,
    ) -> None:
        super().__init__()
        rng = rng if rng is not None else random.Random(0)
        self.centre = (float(centre[0]), float(centre[1]))
        self.radius = max(1.0, float(radius))
        self.colour = colour
        self.duration = max(0.0, float(duration))
        self.glints: list[tuple[float, float, float, float, float]] = []
        count = 7
        for i in range(count):
            angle = (i + rng.uniform(-0.3, 0.3)) * 2 * math.pi / count
            dist = self.radius * rng.uniform(0.4, 1.25)
            start = rng.uniform(0.0, 0.45)
            life = rng.uniform(0.35, 0.55)
            size = self.radius * rng.uniform(0.35, 0.6)
            self.glints.append((angle, dist, start, life, size))

    def __repr__(self) -> str:
        return f"Sparkle({self.centre!r}, {self.radius!r}, elapsed={self.elapsed:.3f})"

    def draw(self, surface: pygame.Surface) -> None:
        if self.done or self.duration <= 0.0:
            return
        t = self.elapsed / self.duration
        cx, cy = self.centre
        r = self.radius
        light = _mix(self.colour, WHITE, 0.6)
        # a bloom that swells and fades
        bloom = math.sin(math.pi * _clamp01(t / 0.7))
        draw_glow(surface, self.centre, r * (1.3 + 0.7 * t), light, 0.55 * bloom, additive=True)
        # a thin ring rising outwards
        ring_t = _clamp01(t / 0.75)
        if ring_t < 1.0:
            e = ease_out_cubic(ring_t)
            ring_r = r * (0.8 + 0.9 * e)
            alpha = round(200 * (1.0 - ring_t) ** 2)
            extent = math.ceil(ring_r + 4)
            layer = pygame.Surface((extent * 2, extent * 2), pygame.SRCALPHA)
            width = max(1, round(r * 0.06))
            pygame.draw.aacircle(layer, (*light, alpha), (extent, extent), ring_r, width)
            surface.blit(layer, (round(cx - extent), round(cy - extent)))
        # the glints
        for angle, dist, start, life, size in self.glints:
            f = (t - start) / life
            if not 0.0 <= f < 1.0:
                continue
            grow = math.sin(math.pi * f)
            rise = r * 0.5 * f
            x = cx + math.cos(angle) * dist
            y = cy + math.sin(angle) * dist * 0.8 - rise
            _draw_star(surface, (x, y), size * grow, light, angle + f * 0.8, grow)


def _draw_star(
    surface: pygame.Surface,
    centre: Point,
    size: float,
    colour: Colour,
    turn: float,
    strength: float,
) -> None:
    """A four-pointed glint: a soft glow under a thin bright star."""
    if size < 1.0 or strength <= 0.0:
        return
    draw_glow(surface, centre, size * 0.9, colour, 0.8 * strength, additive=True)
    extent = math.ceil(size + 2)
    layer = pygame.Surface((extent * 2, extent * 2), pygame.SRCALPHA)
    points = []
    for k in range(8):
        a = turn + k * math.pi / 4
        rr = size if k % 2 == 0 else size * 0.18
        points.append((extent + math.cos(a) * rr, extent + math.sin(a) * rr))
    core = _mix(colour, WHITE, 0.7)
    pygame.draw.polygon(layer, (*core, round(255 * _clamp01(strength))), points)
    surface.blit(layer, (round(centre[0] - extent), round(centre[1] - extent)))


# -- highlights ---------------------------------------------------------------------------


class Glow:
    """A slow pulse for highlights (legal destinations, the man picked up).

    ``level`` breathes between ``low`` and ``high`` once every ``period``
    seconds. It never ends: ``done`` is always False, so keep it off a
    timeline and update it from the scene.
    """

    def __init__(self, period: float = 1.4, low: float = 0.45, high: float = 1.0) -> None:
        if not period > 0.0:
            raise ValueError(f"a glow's period must be > 0 seconds, not {period!r}")
        self.period = float(period)
        self.low = low
        self.high = high
        self.time = 0.0

    def __repr__(self) -> str:
        return f"Glow(period={self.period!r}, low={self.low!r}, high={self.high!r})"

    @property
    def done(self) -> bool:
        return False

    def update(self, dt: float) -> float:
        self.time = (self.time + max(0.0, dt)) % self.period
        return 0.0

    def skip(self) -> None:
        """A pulse has no end to jump to."""

    @property
    def level(self) -> float:
        wave = 0.5 - 0.5 * math.cos(2 * math.pi * self.time / self.period)
        return self.low + (self.high - self.low) * wave

    def alpha(self, peak: int = 255) -> int:
        """``level`` as an alpha up to ``peak``."""
        return max(0, min(255, round(peak * self.level)))

    def draw(
        self,
        surface: pygame.Surface,
        centre: Point,
        radius: float,
        colour: Colour,
        *,
        additive: bool = True,
    ) -> None:
        """A soft halo of ``colour`` at the current level."""
        draw_glow(surface, centre, radius, colour, self.level, additive=additive)
