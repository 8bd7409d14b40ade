"""The one build step pyproject.toml cannot say: each language's message catalog
(referee/locale/<lang>/LC_MESSAGES/referee.po) compiled to the .mo file the referee
reads, by Babel, whenever the package is built, so a wheel and ``pip install -e .``
both carry the compiled catalogs and no one runs a separate command for them."""
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

LOCALE = Path(__file__).resolve().parent / "referee" / "locale"


def compile_catalogs() -> None:
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po
    for po in sorted(LOCALE.glob("*/LC_MESSAGES/*.po")):
        with po.open("rb") as fp:
            catalog = read_po(fp, locale=po.parent.parent.name)
        mo = po.with_suffix(".mo")
        with mo.open("wb") as fp:
            write_mo(fp, catalog)


class BuildWithCatalogs(build_py):
    def run(self):
        compile_catalogs()
        super().run()


setup(cmdclass={"build_py": BuildWithCatalogs})
