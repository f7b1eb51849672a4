def total_n_queens(n):
    """LeetCode 52: count the solutions, bit c of a mask standing for column c."""
    full = (1 << n) - 1

    def dfs(cols, d1, d2):
        if cols == full:
            return 1  #@solution
        count = 0
        free = full & ~(cols | d1 | d2)  #@scan
        while free:  #@dead_end
            bit = free & -free  #@place
            free ^= bit
            count += dfs(cols | bit, (d1 | bit) << 1 & full, (d2 | bit) >> 1)  #@lift
        return count

    return dfs(0, 0, 0)
