"""The prefix cache's index, tiers, budgets and checks (no model needed: bytes stand in for states)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from engine.cache.prefix_cache import BLOCK_TOKENS, CacheKey, PrefixCache, SnapshotFileError

KEY = CacheKey("ab" * 32, 4096, 1, 1, -1, True)


def _tokens(n: int, start: int = 0) -> list[int]:
    return list(range(start, start + n))


def _cache(tmp_path: Path, ram: int = 10_000, disk: int = 100_000, key: CacheKey = KEY) -> PrefixCache:
    return PrefixCache(key, tmp_path / "prefix", ram_budget=ram, disk_budget=disk)


def test_lookup_finds_the_longest_snapshot_the_prompt_starts_with(tmp_path: Path) -> None:
    cache = _cache(tmp_path)
    system = _tokens(100)
    cache.put(system, b"s" * 10)
    long_one = system + _tokens(200, 1000)
    cache.put(long_one, b"l" * 10)
    other = _tokens(300, 5000)
    cache.put(other, b"o" * 10)
    hit = cache.lookup([*long_one, 7, 8, 9])
    assert hit is not None
    assert hit.snapshot.tokens == tuple(long_one)
    assert hit.usable == len(long_one)
    assert hit.tier == "ram"
    # A prompt that leaves the long one early still gets the system prompt's snapshot...
    hit = cache.lookup([*system, 42, 43])
    assert hit is not None
    assert hit.usable == len(system)
    # ...and, where the memory can be cut back, the part of a longer one it shares.
    hit = cache.lookup([*long_one[:150], 42, 43])
    assert hit is not None
    assert hit.usable == 150
    assert cache.lookup(_tokens(50, 9000)) is None


def test_models_that_cannot_cut_back_only_use_snapshots_the_prompt_extends(tmp_path: Path) -> None:
    cache = _cache(tmp_path)
    cache.put(_tokens(200), b"x" * 10)
    hit = cache.lookup([*_tokens(150), 1, 2], partial_ok=False)
    assert hit is None
    hit = cache.lookup([*_tokens(200), 1, 2], partial_ok=False)
    assert hit is not None
    assert hit.usable == 200
    # The very same prompt would need its last token read again: that is a cut too.
    assert cache.lookup(_tokens(200), partial_ok=False) is None


def test_short_snapshots_under_one_block_are_found(tmp_path: Path) -> None:
    cache = _cache(tmp_path)
    cache.put(_tokens(BLOCK_TOKENS // 2), b"x")
    hit = cache.lookup(_tokens(BLOCK_TOKENS))
    assert hit is not None
    assert hit.usable == BLOCK_TOKENS // 2


def test_ram_eviction_keeps_the_budget_moves_to_disk_and_spares_pinned(tmp_path: Path) -> None:
    cache = _cache(tmp_path, ram=250, disk=1000)
    pinned = cache.put(_tokens(64, 0), b"p" * 100, pinned=True)
    for i in range(1, 6):
        cache.put(_tokens(64, 1000 * i), bytes([i]) * 100)
        assert cache.stats().bytes_ram <= 250
    assert pinned.in_ram
    stats = cache.stats()
    assert stats.entries_disk >= 3  # the evicted ones went to disk
    hit = cache.lookup([*_tokens(64, 1000), 5])
    assert hit is not None
    assert hit.tier == "disk"
    assert cache.read(hit) == bytes([1]) * 100


def test_disk_eviction_keeps_the_disk_budget(tmp_path: Path) -> None:
    cache = _cache(tmp_path, ram=0, disk=350)
    for i in range(6):
        cache.put(_tokens(64, 1000 * i), bytes([i]) * 100)
    stats = cache.stats()
    assert stats.bytes_disk <= 350
    assert stats.bytes_ram == 0
    files = list((tmp_path / "prefix").rglob("*.kv"))
    assert sum(f.stat().st_size for f in files) < 350 + 3 * 1024  # payloads within budget, plus headers
    newest = cache.lookup([*_tokens(64, 5000), 1])
    assert newest is not None  # the most recent survive


def test_a_restart_finds_snapshots_on_disk(tmp_path: Path) -> None:
    cache = _cache(tmp_path)
    cache.put(_tokens(300), b"state")
    cache.persist_all()
    again = _cache(tmp_path)
    hit = again.lookup([*_tokens(300), 1])
    assert hit is not None
    assert hit.tier == "disk"
    assert again.read(hit) == b"state"


def test_snapshots_of_other_settings_or_models_are_refused(tmp_path: Path) -> None:
    cache = _cache(tmp_path)
    cache.put(_tokens(300), b"state")
    cache.persist_all()
    for other in (replace(KEY, n_ctx=2048), replace(KEY, model_sha256="cd" * 32), replace(KEY, type_k=8)):
        assert _cache(tmp_path, key=other).lookup([*_tokens(300), 1]) is None
    # A file moved into another key's folder is refused by its header, and deleted.
    snapshot = next((tmp_path / "prefix").rglob("*.kv"))
    other_cache = _cache(tmp_path, key=replace(KEY, n_ctx=2048))
    moved = other_cache.disk_dir / snapshot.name  # type: ignore[operator]
    snapshot.rename(moved)
    _cache(tmp_path, key=replace(KEY, n_ctx=2048))
    assert not moved.exists()


@pytest.mark.parametrize("damage", ["flip a payload byte", "cut short", "garbage"])
def test_a_damaged_snapshot_file_is_never_used_and_is_deleted(tmp_path: Path, damage: str) -> None:
    cache = _cache(tmp_path)
    cache.put(_tokens(300), b"0123456789" * 10)
    cache.persist_all()
    path = next((tmp_path / "prefix").rglob("*.kv"))
    data = bytearray(path.read_bytes())
    if damage == "flip a payload byte":
        data[-5] ^= 0xFF
    elif damage == "cut short":
        data = data[:-20]
    else:
        data = bytearray(b"not a snapshot at all")
    path.write_bytes(bytes(data))
    again = _cache(tmp_path)
    hit = again.lookup([*_tokens(300), 1])
    if hit is not None:  # a flipped payload byte passes the header check, then fails the checksum
        with pytest.raises(SnapshotFileError):
            again.read(hit)
    assert not path.exists()
    assert again.lookup([*_tokens(300), 1]) is None


def test_forgetting_an_owner_deletes_its_snapshots_everywhere(tmp_path: Path) -> None:
    cache = _cache(tmp_path)
    mine = cache.put(_tokens(100), b"a", owner="conversation:1")
    cache.put(_tokens(100, 500), b"b", owner="conversation:2")
    cache.persist_all()
    path = mine.path
    assert path is not None
    assert path.exists()
    assert cache.forget_owner("conversation:1") == 1
    assert not path.exists()
    assert cache.lookup([*_tokens(100), 1]) is None
    assert cache.lookup([*_tokens(100, 500), 1]) is not None


def test_owners_are_kept_on_disk_so_a_deleted_conversation_loses_its_snapshots_later(tmp_path: Path) -> None:
    from engine.cache.prefix_cache import forget_owner_on_disk

    cache = _cache(tmp_path)
    cache.put(_tokens(100), b"a", owner="conversation:1")
    cache.put(_tokens(100, 500), b"b", owner="conversation:2")
    cache.persist_all()
    restarted = _cache(tmp_path)  # owners come back from the file headers
    assert restarted.forget_owner("conversation:1") == 1
    # With no engine running (the command line), the files are deleted directly.
    assert forget_owner_on_disk(tmp_path / "prefix", "conversation:2") == 1
    assert list((tmp_path / "prefix").rglob("*.kv")) == []


def test_a_snapshot_serves_a_prompt_only_up_to_a_bound_both_were_read_from(tmp_path: Path) -> None:
    cache = _cache(tmp_path)
    tokens = _tokens(300)
    cache.put(tokens, b"s", bounds=(0, 40, 120, 200, 300))
    # A follow-up read from the same starts, then from the end: all of it.
    hit = cache.lookup([*tokens, 7, 8], segments=[0, 40, 120, 200, 300])
    assert hit is not None
    assert hit.usable == 300
    # An edit of the message that began at 200: up to its start, not to the last shared token.
    hit = cache.lookup([*tokens[:250], 9, 9], segments=[0, 40, 120, 200])
    assert hit is not None
    assert hit.usable == 200
    # Read from other starts after 40 (say, the history without its message starts): only to 40.
    hit = cache.lookup([*tokens, 7], segments=[0, 40, 300])
    assert hit is not None
    assert hit.usable == 40
    # Where nothing is shared but the first read's start, nothing is usable.
    assert cache.lookup([*tokens, 7], segments=[0, 300]) is None
    # A model that cannot cut back takes a snapshot only whole; a sliding window past its size too.
    assert cache.lookup([*tokens[:250], 9], segments=[0, 40, 120, 200], partial_ok=False) is None
    assert cache.lookup([*tokens[:250], 9], segments=[0, 40, 120, 200], window=256) is None
    hit = cache.lookup([*tokens, 7], segments=[0, 40, 120, 200, 300], window=256)
    assert hit is not None
    assert hit.usable == 300


def test_bounds_are_kept_on_disk_and_older_files_are_deleted(tmp_path: Path) -> None:
    from engine.cache.prefix_cache import FILE_MAGIC, read_snapshot_header

    cache = _cache(tmp_path)
    cache.put(_tokens(300), b"state", bounds=(0, 100, 300))
    cache.persist_all()
    again = _cache(tmp_path)
    hit = again.lookup([*_tokens(300), 1], segments=[0, 100, 300])
    assert hit is not None
    assert hit.tier == "disk"
    assert hit.snapshot.bounds == (0, 100, 300)
    # A file in the first format (no bounds) is not used: deleted when the index is read.
    path = next((tmp_path / "prefix").rglob("*.kv"))
    tokens = read_snapshot_header(path, KEY)[0]
    data = bytearray(path.read_bytes())
    data[len(FILE_MAGIC) : len(FILE_MAGIC) + 4] = (1).to_bytes(4, "little")
    path.write_bytes(bytes(data))
    assert tokens == tuple(_tokens(300))
    assert _cache(tmp_path).lookup([*_tokens(300), 1]) is None
    assert not path.exists()


def test_the_same_tokens_read_from_other_starts_replace_the_snapshot(tmp_path: Path) -> None:
    cache = _cache(tmp_path)
    cache.put(_tokens(300), b"old", bounds=(0, 300))
    cache.persist_all()
    assert cache.contains(_tokens(300), (0, 300))
    assert not cache.contains(_tokens(300), (0, 100, 300))
    snap = cache.put(_tokens(300), b"new", bounds=(0, 100, 300))
    assert snap.path is None  # the old reading's file is gone
    cache.persist_all()
    hit = _cache(tmp_path).lookup([*_tokens(300), 1], segments=[0, 100, 300])
    assert hit is not None
    assert hit.snapshot.bounds == (0, 100, 300)


def test_a_shorter_snapshot_serves_where_a_longer_one_that_shares_more_cannot_be_cut_back(tmp_path: Path) -> None:
    cache = _cache(tmp_path)
    exchange = _tokens(600)
    cache.put(exchange, b"one exchange", bounds=(0, 550, 600))
    two = [*exchange, *_tokens(500, 5000)]
    cache.put(two, b"two exchanges", bounds=(0, 550, 600, 1050, 1100))
    # Another conversation that began with the same exchange, and asks what the second one did.
    prompt = [*exchange, *_tokens(450, 5000), 1, 2]
    hit = cache.lookup(prompt, segments=[0, 550, 600], window=512)
    assert hit is not None
    assert hit.snapshot.tokens == tuple(exchange)
    assert hit.usable == 600
