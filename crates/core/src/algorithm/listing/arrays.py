def solve(n):
    """Every solution of the n-queens puzzle: queens[r] is row r's column."""
    solutions, queens = [], []
    cols = [False] * n  # a queen in column c
    diag = [False] * (2 * n - 1)  # ... on the diagonal r - c + n - 1
    anti = [False] * (2 * n - 1)  # ... on the anti-diagonal r + c

    def place(row):
        if row == n:
            solutions.append(queens[:])  #@solution
            return
        for col in range(n):  #@try #@dead_end
            if cols[col]:  #@reject_column
                continue
            if diag[row - col + n - 1]:  #@reject_diagonal
                continue
            if anti[row + col]:  #@reject_anti_diagonal
                continue
            queens.append(col)  #@place
            cols[col] = diag[row - col + n - 1] = anti[row + col] = True
            place(row + 1)
            cols[col] = diag[row - col + n - 1] = anti[row + col] = False  #@lift
            queens.pop()

    place(0)
    return solutions
