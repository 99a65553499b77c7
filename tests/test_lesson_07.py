"""Lesson 07's reference-solution button, driven without a browser, and the solution itself."""

from agentkit import check_loop
from agentkit.lessons.solution import HIDE, SHOW, solution_loop, solution_reveal


def test_the_reveal_button_shows_the_solution_only_when_clicked():
    reveal = solution_reveal()
    assert reveal.html.value == "" and reveal.button.description == SHOW
    reveal.button.click()
    assert "def " in reveal.html.value and "stop_reason" in reveal.html.value
    assert "def solution_loop(client, messages, *, tools, run_tool, model" in reveal.html.value
    assert "is_error" in reveal.html.value and reveal.button.description == HIDE
    reveal.button.click()
    assert reveal.html.value == "" and reveal.button.description == SHOW


def test_the_reveal_widget_has_a_fixed_text_repr():
    bundle = solution_reveal()._repr_mimebundle_()
    assert bundle["text/plain"] == repr(solution_reveal())
    assert "application/vnd.jupyter.widget-view+json" in bundle


def test_the_reference_solution_passes_every_scenario():
    report = check_loop(solution_loop)
    assert report.passed, report
