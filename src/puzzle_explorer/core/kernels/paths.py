"""Rebuilding solution paths from parent links."""
import numpy as np

from puzzle_explorer.core.kernels.arrays import copy_into
from puzzle_explorer.core.kernels.jit import routine

NO_PATH = np.empty(0, dtype=np.uint64)


@routine
def trace(states, parents, node):
    """States from the root of node's tree down to node."""
    n = 0
    i = node
    while i >= 0:
        n += 1
        i = parents[i]
    path = np.empty(n, dtype=np.uint64)
    i = node
    for k in range(n - 1, -1, -1):
        path[k] = states[i]
        i = parents[i]
    return path


@routine
def join(fwd_states, fwd_parents, fwd_node, bwd_states, bwd_parents, bwd_node):
    """The forward path root..fwd_node followed by bwd_node..its root."""
    head = trace(fwd_states, fwd_parents, fwd_node)
    tail = trace(bwd_states, bwd_parents, bwd_node)[::-1]
    path = np.empty(head.shape[0] + tail.shape[0], dtype=np.uint64)
    copy_into(path, head, head.shape[0])
    for i in range(tail.shape[0]):
        path[head.shape[0] + i] = tail[i]
    return path
