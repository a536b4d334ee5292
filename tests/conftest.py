"""Shared test configuration: Qt on the offscreen platform, the --soak option, and reproducible
property tests in CI."""

import os
import shutil
from pathlib import Path

import pytest
from hypothesis import settings

# In CI the property tests draw the same examples every run, so a run is reproducible; locally
# they explore new ones each time.
settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")

# Must be set before any Qt application is created (pytest-qt creates it lazily).
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--soak",
        action="store_true",
        default=False,
        help="also run tests marked soak (long random playouts)",
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--soak"):
        return
    skip_soak = pytest.mark.skip(reason="long soak: run with --soak")
    for item in items:
        if "soak" in item.keywords:
            item.add_marker(skip_soak)


@pytest.fixture(autouse=True)
def english():
    """Every test starts in English, whatever the machine's locale; a test may switch."""
    from localization import set_language

    set_language("en")
    yield
    set_language("en")


@pytest.fixture(autouse=True, scope="session")
def own_database(tmp_path_factory):
    """Commands that open the default database (``referee deck check`` with the catalogue
    installed, the application) open one of the test run's own, never the user's."""
    if "REFEREE_DATABASE_URL" not in os.environ:
        os.environ["REFEREE_DATABASE_URL"] = f"sqlite:///{tmp_path_factory.mktemp('db') / 'referee.sqlite'}"
    yield


@pytest.fixture(scope="session")
def sqlite_template(tmp_path_factory) -> Path:
    """A SQLite catalogue at the schema's head with the bundled sets loaded, made once per run:
    opening a fresh one costs most of a second, a copy of this one nothing."""
    from cards.db import Database

    path = tmp_path_factory.mktemp("template") / "referee.sqlite"
    Database(f"sqlite:///{path}").close()
    return path


def loaded_sqlite(template: Path, folder: Path) -> str:
    """The URL of a copy of ``template`` in ``folder`` (a test's own database, as if just opened)."""
    target = folder / "referee.sqlite"
    for suffix in ("", "-wal", "-shm"):
        if Path(f"{template}{suffix}").exists():
            shutil.copyfile(f"{template}{suffix}", f"{target}{suffix}")
    return f"sqlite:///{target}"
