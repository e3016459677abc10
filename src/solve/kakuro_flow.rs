//! kakuro_flow: (in progress)
