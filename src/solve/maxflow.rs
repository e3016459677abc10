//! maxflow: (in progress)
