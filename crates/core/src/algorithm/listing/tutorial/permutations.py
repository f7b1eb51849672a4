def solve_n_queens(n):
    """Brute force: every permutation of the columns, each checked whole."""
    ans, perm, used = [], [], set()

    def is_valid(perm):
        for j in range(1, len(perm)):
            for i in range(j):
                if abs(perm[i] - perm[j]) == j - i:  #@reject_diagonal #@reject_anti_diagonal
                    return False
        return True

    def dfs(r):
        if r == n:
            ans.append(perm[:])  #@solution
            return
        for c in range(n):
            if c in used:
                continue
            perm.append(c)
            if r == n - 1 and not is_valid(perm):  #@try
                perm.pop()
                continue
            used.add(c)  #@place
            dfs(r + 1)
            used.remove(c)  #@lift
            perm.pop()

    dfs(0)
    return ans
