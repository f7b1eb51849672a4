def solve_n_queens(n):
    """LeetCode 51 with flags: one per column and one per diagonal."""
    ans, queens = [], []
    cols = [False] * n
    d1 = [False] * (2 * n - 1)  # index r - c + n - 1
    d2 = [False] * (2 * n - 1)  # index r + c

    def dfs(r):
        if r == n:
            ans.append(queens[:])  #@solution
            return
        for c in range(n):  #@try #@dead_end
            if cols[c] or d1[r - c + n - 1] or d2[r + c]:  #@reject_column #@reject_diagonal #@reject_anti_diagonal
                continue
            queens.append(c)  #@place
            cols[c] = d1[r - c + n - 1] = d2[r + c] = True
            dfs(r + 1)
            queens.pop()  #@lift
            cols[c] = d1[r - c + n - 1] = d2[r + c] = False

    dfs(0)
    return ans
