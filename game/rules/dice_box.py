"""The saved dice, locked: what would let anyone read a game's coming rolls (its seed and
its generators' states), kept in the records book only under a key the book does not hold.

While a sealed game is played, the game in progress is saved after every play so that
it can be resumed with exactly the same dice. Its seed and the dice generator's state
are the whole of the dice to come; kept in plain text, anyone reading the records book
could read the next rolls. So they are locked in a box: encrypted under a random
256-bit key the game keeps in a file of its own (``game.store.dice_key``), and sealed
with a check that tells a wrong key or a changed box from a sound one.

The box, standard library only (``hmac`` and ``hashlib``):

- two keys are derived from the game's key, one to encrypt and one to check:
  ``HMAC-SHA256(key, "tabula-dice-box:encrypt")`` and ``...:check``;
- a fresh 16-byte nonce per box; the keystream is HMAC-SHA256 of the encryption key
  over ``nonce || counter`` (a 64-bit big-endian block number), 32 bytes a block
  (HMAC in counter mode, a pseudo-random function as a stream cipher);
- the text (the JSON of what is locked) is XORed with the keystream;
- the check is HMAC-SHA256 of the check key over the box's version, the key's id, what
  the box is bound to (the game it belongs to), the nonce and the encrypted text
  (encrypt-then-MAC): a box moved to another game, changed or opened with another key
  is refused.

The key's id (``key_id``) is a hash of the key: it tells "this is not the key the box
was locked with" (a key file made afresh) from "the box is damaged", and says nothing
of the key.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
from typing import Any

from game.rules.errors import RulesError

BOX_VERSION = 1
KEY_BYTES = 32
NONCE_BYTES = 16
MAX_TEXT = 1 << 20  # a box holds a seed and two generators' states: some 10 kB


class BoxError(RulesError):
    """A box that cannot be opened: not a box, another key's, or changed."""


class WrongKeyError(BoxError):
    """The box was locked with another key (the key file was lost and made afresh)."""


def new_key() -> bytes:
    """A fresh key: 256 bits from the system's secure source."""
    return secrets.token_bytes(KEY_BYTES)


def key_id(key: bytes) -> str:
    """A short name of ``key`` that says nothing of it (a hash)."""
    return hashlib.sha256(b"tabula-dice-key-id:" + key).hexdigest()[:16]


def lock(key: bytes, value: Any, bound: str = "") -> dict[str, Any]:
    """``value`` (anything JSON can write) locked under ``key``, bound to ``bound`` (the
    game it belongs to), as JSON: ``{"box", "key", "nonce", "data", "check"}``."""
    _check_key(key)
    nonce = secrets.token_bytes(NONCE_BYTES)
    text = json.dumps(value, sort_keys=True, separators=(",", ":")).encode("utf-8")
    data = _xor(text, _keystream(_derived(key, "encrypt"), nonce, len(text)))
    box = {"box": BOX_VERSION, "key": key_id(key), "nonce": nonce.hex(), "data": data.hex()}
    box["check"] = _check(key, box, bound).hex()
    return box


def unlock(key: bytes, box: Any, bound: str = "") -> Any:
    """What ``lock`` locked in ``box`` (raises ``WrongKeyError`` for another key's box,
    ``BoxError`` for one that is not a box or was changed)."""
    _check_key(key)
    if not isinstance(box, dict) or box.get("box") != BOX_VERSION:
        raise BoxError("the saved dice are not a box this version of Tabula can open")
    fields = (box.get("key"), box.get("nonce"), box.get("data"), box.get("check"))
    if not all(isinstance(f, str) for f in fields) or len(box["data"]) > 2 * MAX_TEXT:
        raise BoxError("the box of the saved dice is damaged")
    if box["key"] != key_id(key):
        raise WrongKeyError("the saved dice were locked with another key")
    try:
        nonce, data, check = (bytes.fromhex(box[f]) for f in ("nonce", "data", "check"))
    except ValueError:
        raise BoxError("the box of the saved dice is damaged") from None
    if len(nonce) != NONCE_BYTES or not hmac.compare_digest(check, _check(key, box, bound)):
        raise BoxError("the box of the saved dice is damaged or belongs to another game")
    text = _xor(data, _keystream(_derived(key, "encrypt"), nonce, len(data)))
    try:
        return json.loads(text.decode("utf-8"))
    except (ValueError, RecursionError):
        raise BoxError("the box of the saved dice is damaged") from None


def _check_key(key: object) -> None:
    if not isinstance(key, bytes) or len(key) != KEY_BYTES:
        raise BoxError(f"a key of the saved dice is {KEY_BYTES} bytes")


def _derived(key: bytes, use: str) -> bytes:
    return hmac.new(key, f"tabula-dice-box:{use}".encode(), hashlib.sha256).digest()


def _keystream(key: bytes, nonce: bytes, length: int) -> bytes:
    blocks = (length + 31) // 32
    start = hmac.new(key, nonce, hashlib.sha256)  # each block: HMAC(key, nonce + counter)

    def block(n: int) -> bytes:
        mac = start.copy()  # the key's pads once, not once a block
        mac.update(n.to_bytes(8, "big"))
        return mac.digest()

    return b"".join(block(n) for n in range(blocks))[:length]


def _xor(data: bytes, stream: bytes) -> bytes:
    return (int.from_bytes(data, "big") ^ int.from_bytes(stream, "big")).to_bytes(len(data), "big")


def _check(key: bytes, box: dict[str, Any], bound: str) -> bytes:
    parts = (str(box.get("box")), str(box.get("key")), bound, str(box.get("nonce")))
    head = "\x00".join(parts).encode("utf-8")
    body = str(box.get("data")).encode("ascii", "replace")
    return hmac.new(_derived(key, "check"), head + b"\x00" + body, hashlib.sha256).digest()
