"""The reference solution for tests/data/editions/starter_exercise.ipynb, whose exercise cell holds a
learner's starter and names this function with `# solution: edition_solutions:add_all_solution`."""


def add_all_solution(numbers):
    """Return the sum of `numbers`."""
    total = 0
    for n in numbers:
        total += n
    return total
