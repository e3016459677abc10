//! kakuro_search: (in progress)
