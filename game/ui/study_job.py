"""The study job's older home: ``StudyJob`` is ``game.study.jobs.StudyJob`` (one job class
for the analysis, the editor's hint and rollout, and any kind added there)."""

from __future__ import annotations

from game.study.jobs import KINDS, StudyJob

__all__ = ["KINDS", "StudyJob"]
