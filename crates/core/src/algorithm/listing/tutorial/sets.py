def solve_n_queens(n):
    """LeetCode 51 with three sets: queens[r] is the column of row r's queen."""
    ans, queens = [], []
    cols, d1, d2 = set(), set(), set()  # taken columns, r - c and r + c

    def dfs(r):
        if r == n:
            ans.append(queens[:])  #@solution
            return
        for c in range(n):  #@try #@dead_end
            if c in cols or r - c in d1 or r + c in d2:  #@reject_column #@reject_diagonal #@reject_anti_diagonal
                continue
            queens.append(c)  #@place
            cols.add(c)
            d1.add(r - c)
            d2.add(r + c)
            dfs(r + 1)
            queens.pop()  #@lift
            cols.remove(c)
            d1.remove(r - c)
            d2.remove(r + c)

    dfs(0)
    return ans
