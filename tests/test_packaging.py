"""pyproject.toml and environment.yml list the same packages; the README's commands are the real ones."""

import json
import re
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def pyproject_requirements() -> set[str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    extras = [r for group in project["optional-dependencies"].values() for r in group]
    return {r.replace(" ", "") for r in project["dependencies"] + extras}


def environment_requirements() -> set[str]:
    text = (ROOT / "environment.yml").read_text(encoding="utf-8")
    pip_block = text.split("- pip:", 1)[1]
    items = re.findall(r"^\s+-\s+(.+?)\s*$", pip_block, re.MULTILINE)
    return {i.replace(" ", "") for i in items if not i.startswith("-e")}


def test_environment_yml_lists_the_same_packages_as_pyproject():
    assert environment_requirements() == pyproject_requirements()


def test_environment_installs_the_project_itself_and_the_same_python():
    text = (ROOT / "environment.yml").read_text(encoding="utf-8")
    requires = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"][
        "requires-python"
    ]
    assert "- -e ." in text
    assert f"python{requires}" in text.replace(" ", "")


def test_readme_commands_match_the_project():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert 'pip install -e ".[dev]"' in readme and 'pip install -q -e ".[dev]"' in ci
    for lesson in ("notebooks/00_start.ipynb", "notebooks/en/00_start.ipynb"):  # one per edition
        command = (
            f"jupyter lab --ServerApp.root_dir=. --LabApp.default_url=/lab/tree/{lesson} "
            "--LabApp.app_settings_dir=jupyterlab-settings\n"
        )
        assert command in readme, command
        assert (ROOT / lesson).exists()
    overrides = json.loads((ROOT / "jupyterlab-settings" / "overrides.json").read_text())
    assert overrides["@jupyterlab/apputils-extension:notification"]["fetchNews"] == "false"
    assert "\npytest\n" in readme and "\npython -m pytest --full -n 2 " in ci
    assert "pytest --full -n 2" in readme  # the full tier, named for both readers
    options = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"][
        "pytest"
    ]["ini_options"]
    assert options["testpaths"] == ["tests", "notebooks"]


def test_readmes_english_section_runs_the_demo_in_english(capsys):
    from agentkit.__main__ import main

    english = (ROOT / "README.md").read_text(encoding="utf-8").split("\n## English\n")[1]
    english = english.split("\n## ")[0]
    demos = re.findall(r"`python -m agentkit demo[^`]*`", english)
    assert demos == ["`python -m agentkit demo --lang en`"], demos
    with pytest.raises(SystemExit) as exit_:  # the option exists: the demo's --help names it
        main(["demo", "--help"])
    assert exit_.value.code == 0 and "--lang {zh,en}" in capsys.readouterr().out
