"""No module of ``wizard_p2p`` takes part in an import cycle, imports inside functions included.

``lint-imports`` checks the layers and cycles between the packages of each level;
this checks the modules themselves, a package's ``__init__`` included.
"""

from __future__ import annotations

from collections.abc import Mapping, Set

import grimp


def import_cycles(imports: Mapping[str, Set[str]]) -> list[list[str]]:
    """The groups of modules that import one another, round and round (Tarjan's
    strongly connected components of more than one module, or one importing itself)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    cycles: list[list[str]] = []
    for root in sorted(imports):
        if root in index:
            continue
        # Iterative depth-first search: (module, the imports still to visit).
        work = [(root, iter(sorted(imports.get(root, ()))))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            module, pending = work[-1]
            step = next(pending, None)
            if step is not None:
                if step not in index:
                    index[step] = low[step] = len(index)
                    stack.append(step)
                    on_stack.add(step)
                    work.append((step, iter(sorted(imports.get(step, ())))))
                elif step in on_stack:
                    low[module] = min(low[module], index[step])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[module])
            if low[module] == index[module]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == module:
                        break
                if len(group) > 1 or module in imports.get(module, ()):
                    cycles.append(sorted(group))
    return cycles


def test_the_cycle_finder_finds_cycles() -> None:
    imports = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": set(), "e": {"e"}}
    assert sorted(import_cycles(imports)) == [["a", "b", "c"], ["e"]]
    assert import_cycles({"a": {"b"}, "b": {"c"}, "c": set()}) == []


def test_no_module_of_the_package_is_in_an_import_cycle() -> None:
    graph = grimp.build_graph("wizard_p2p", cache_dir=None)
    imports = {
        module: {
            imported
            for imported in graph.find_modules_directly_imported_by(module)
            if imported.startswith("wizard_p2p")
        }
        for module in graph.modules
    }
    assert import_cycles(imports) == []
