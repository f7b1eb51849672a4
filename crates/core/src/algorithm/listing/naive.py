def solve(n):
    """Every solution of the n-queens puzzle: queens[r] is row r's column."""
    solutions, queens = [], []

    def place(row):
        if row == n:
            solutions.append(queens[:])  #@solution
            return
        for col in range(n):  #@try #@dead_end
            if any(c == col for c in queens):  #@reject_column
                continue
            if any(r - c == row - col for r, c in enumerate(queens)):  #@reject_diagonal
                continue
            if any(r + c == row + col for r, c in enumerate(queens)):  #@reject_anti_diagonal
                continue
            queens.append(col)  #@place
            place(row + 1)
            queens.pop()  #@lift

    place(0)
    return solutions
