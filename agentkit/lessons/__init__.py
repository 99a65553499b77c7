"""Helpers for the lesson notebooks, one module per topic, so a lesson cell stays a few lines.

- `messages`: one request at a time, by hand: the assistant message, tool_results, API errors.
- `runs`: running the reference loop and reading what it did (the stop_reason table, a
  request log, exits, safety-net handlers, earlier sessions).
- `scenarios`: the grader's scenarios run by any loop, side by side (lessons 04, 05, 08).
- `solution`: lesson 07's reference solution (its collapsed solution cell).
- `checks`: the check cells of every exercise, one module per lesson: a few lines in the learner's language
  (AGENTKIT_LANG), never a traceback.
- `strings`: the one table of these helpers' learner-facing strings, in Chinese and English;
  a checks module keeps the rows only it words beside its code and joins them to it.

Nothing here is a second agent loop: the loop is `agentkit.loop.run_agent_loop`, and the
solution loop exists to be read. Display wrappers live in `agentkit.display`.
"""
