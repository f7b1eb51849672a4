def solve_n_queens(n):
    """LeetCode 51, each square checked against the queens above it."""
    ans, queens = [], []

    def is_safe(r, c):
        if any(queens[i] == c for i in range(r)):  #@reject_column
            return False
        if any(i - queens[i] == r - c for i in range(r)):  #@reject_diagonal
            return False
        if any(i + queens[i] == r + c for i in range(r)):  #@reject_anti_diagonal
            return False
        return True

    def dfs(r):
        if r == n:
            ans.append(queens[:])  #@solution
            return
        for c in range(n):  #@try #@dead_end
            if not is_safe(r, c):
                continue
            queens.append(c)  #@place
            dfs(r + 1)
            queens.pop()  #@lift

    dfs(0)
    return ans
