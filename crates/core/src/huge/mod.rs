//! Boards too large to search: one solution by an explicit construction,
//! and a random one by local search.
