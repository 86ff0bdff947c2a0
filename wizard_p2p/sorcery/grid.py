"""The unit area as a 3x3 grid of cells, and what range and areas make of it.

Each player's unit area holds at most 9 units with the hero: 3 rows by 3 columns, one
unit a cell. Row 0 is the front row (the one facing the opponent), row 2 the back;
columns are 0..2 as their owner sees them. The hero starts at the centre, ``(1, 1)``.

*Front row* (前排): the first row, from the front, that holds a unit. For mana range a
hidden (隐蔽) unit does not count: it does not block. *Mana range* (法力范围): every
friendly unit, and the enemy units in the enemy's front row, and any enemy unit that
lures (引魔). A hidden enemy unit can never be chosen as a target. 穿透 ignores range.

Areas: 溅射 a cell and its neighbours up, down, left and right; 方阵 a 2x2 square
(given by its front-left cell); 纵列 a column; 前排 the front row; 全场 the whole
area; 任意 the chosen cell. The main cell of an area on the enemy's side may not lie
behind the enemy's front row (unless the spell pierces).
"""

from __future__ import annotations

from wizard_p2p.sorcery.keywords import AreaShape

__all__ = [
    "CELLS",
    "CENTRE",
    "COLS",
    "ROWS",
    "Cell",
    "area_cells",
    "front_row",
    "is_cell",
]

ROWS = 3
COLS = 3
Cell = tuple[int, int]  # (row, column); row 0 is the front
CENTRE: Cell = (1, 1)
CELLS: tuple[Cell, ...] = tuple((r, c) for r in range(ROWS) for c in range(COLS))


def is_cell(cell: object) -> bool:
    return (
        isinstance(cell, tuple)
        and len(cell) == 2
        and all(isinstance(x, int) and not isinstance(x, bool) for x in cell)
        and 0 <= cell[0] < ROWS
        and 0 <= cell[1] < COLS
    )


def front_row(occupied: set[Cell] | frozenset[Cell]) -> int | None:
    """The first row from the front holding one of ``occupied``; ``None`` when empty."""
    rows = [r for r, _ in occupied]
    return min(rows) if rows else None


def area_cells(shape: AreaShape, cell: Cell, front: int | None) -> frozenset[Cell]:
    """The cells an area covers. ``cell`` is its main cell (for 方阵 the square's
    front-left cell, for 纵列 any cell of the column); ``front`` is the front row of
    the side it lies on (for 前排)."""
    r, c = cell
    if shape is AreaShape.FIELD:
        return frozenset(CELLS)
    if shape is AreaShape.FRONT:
        return frozenset((front, col) for col in range(COLS)) if front is not None else frozenset()
    if shape is AreaShape.COLUMN:
        return frozenset((row, c) for row in range(ROWS))
    if shape is AreaShape.SQUARE:
        return frozenset(
            (row, col) for row in (r, r + 1) for col in (c, c + 1) if row < ROWS and col < COLS
        )
    if shape is AreaShape.SPLASH:
        near = ((r, c), (r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
        return frozenset(x for x in near if 0 <= x[0] < ROWS and 0 <= x[1] < COLS)
    return frozenset({cell})


def square_fits(cell: Cell) -> bool:
    """Whether a 2x2 square with this front-left cell lies inside the grid."""
    return cell[0] + 1 < ROWS and cell[1] + 1 < COLS
