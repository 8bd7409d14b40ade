import os
import tempfile


def pytest_configure(config):
    """Keep the referee's caches (replayed states, parsed component files) out of the
    user's home for the whole run; tests that study a cache set their own folder."""
    # the tests read the referee's English unless they ask for another language (--lang,
    # or the locale variables set in the test): a developer's own locale must not count
    os.environ["LANGUAGE"] = "en"
    if not os.environ.get("REFEREE_CACHE_DIR"):
        os.environ["REFEREE_CACHE_DIR"] = tempfile.mkdtemp(prefix="referee-test-cache-")
