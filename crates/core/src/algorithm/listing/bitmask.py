def solve(n):
    """Every solution of the n-queens puzzle: queens[r] is row r's column."""
    solutions, queens = [], []
    full = (1 << n) - 1  # n ones: bit c is column c

    def place(row, cols, diag, anti):
        if row == n:
            solutions.append(queens[:])  #@solution
            return
        free = full & ~(cols | diag | anti)  #@scan
        while free:  #@dead_end
            bit = free & -free  #@place
            queens.append(bit.bit_length() - 1)
            place(row + 1, cols | bit, (diag | bit) << 1 & full, (anti | bit) >> 1)
            queens.pop()  #@lift
            free ^= bit

    place(0, 0, 0, 0)
    return solutions
