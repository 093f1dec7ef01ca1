"""The catalogue's objects (that the real catalogue carries the seed is a content test: test_repository.py)."""

from __future__ import annotations

import dataclasses

import pytest


def test_objects_are_immutable(catalogue):
    with pytest.raises(dataclasses.FrozenInstanceError):
        catalogue.topics[0].slug = "other"
