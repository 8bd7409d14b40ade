"""Alembic migrations of the store, run by :func:`referee.service.store.open_store`
(no alembic.ini: the script location is this package)."""
