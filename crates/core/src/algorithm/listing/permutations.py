def clash(queens):
    """The later row of the first two queens on one diagonal, or None."""
    for r2 in range(1, len(queens)):
        for r1 in range(r2):
            if queens[r2] - queens[r1] == r2 - r1:  #@reject_diagonal
                return r2
            if queens[r1] - queens[r2] == r2 - r1:  #@reject_anti_diagonal
                return r2
    return None


def solve(n):
    """Every arrangement with one queen per row and per column, each checked whole."""
    solutions, queens, used = [], [], set()

    def place(row):
        if row == n:
            solutions.append(queens[:])  #@solution
            return
        for col in range(n):
            if col in used:
                continue
            queens.append(col)
            if row == n - 1 and clash(queens) is not None:  #@try
                queens.pop()
                continue
            used.add(col)  #@place
            place(row + 1)
            used.remove(col)  #@lift
            queens.pop()

    place(0)
    return solutions
