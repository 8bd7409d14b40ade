"""The package list, found rather than written out: a new game is a new folder under
referee/ and ships without an edit anywhere else. pyproject.toml holds everything
else; setuptools' own discovery cannot add the three data packages that live outside
referee/ (grammar/, games/, docs/examples/: see its package-dir)."""
from setuptools import find_namespace_packages, setup

# the web page's templates and files are data folders without __init__.py: namespace
# discovery lists them (setuptools ships them without warning that they look importable)
setup(packages=find_namespace_packages(include=["referee", "referee.*"],
                                       exclude=["*.__pycache__", "*.__pycache__.*"])
      + ["referee.grammar", "referee.games", "referee.examples"])
