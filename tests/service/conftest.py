"""Fixtures of the hosted referee's tests: a store on SQLite and on a real PostgreSQL.

The PostgreSQL server is a throwaway cluster (initdb, pg_ctl) on a free loopback
port under a temporary folder, started once per session and removed at the end.
It is never skipped: without PostgreSQL's programs the fixture fails and says
what to install.
"""
from __future__ import annotations

import pytest

from tests.service.pgcluster import ClusterError, PgCluster


@pytest.fixture(scope="session")
def pg_cluster():
    try:
        cluster = PgCluster()
    except ClusterError as exc:
        pytest.fail(str(exc))
    yield cluster
    cluster.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request, tmp_path):
    """A fresh, empty store's URL, on each database."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'referee.db'}"
    return request.getfixturevalue("pg_cluster").new_database()


@pytest.fixture
def store(store_url):
    from referee.service.store import open_store
    s = open_store(store_url)
    yield s
    s.dispose()
