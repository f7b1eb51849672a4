def solve(n):
    """Every solution of the n-queens puzzle: queens[r] is row r's column."""
    solutions, queens = [], []
    cols, diag, anti = set(), set(), set()  # taken: columns, r - c, r + c

    def place(row):
        if row == n:
            solutions.append(queens[:])  #@solution
            return
        for col in range(n):  #@try #@dead_end
            if col in cols:  #@reject_column
                continue
            if row - col in diag:  #@reject_diagonal
                continue
            if row + col in anti:  #@reject_anti_diagonal
                continue
            queens.append(col)  #@place
            cols.add(col)
            diag.add(row - col)
            anti.add(row + col)
            place(row + 1)
            cols.remove(col)  #@lift
            diag.remove(row - col)
            anti.remove(row + col)
            queens.pop()

    place(0)
    return solutions
