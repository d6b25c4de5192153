"""Atomic read-modify-write on array elements, for kernels that several threads run at once.

numba has no atomics on the CPU; these emit LLVM's atomicrmw on the element's
address (a `lock or` / `lock and` / `lock xadd` on x86) and return the value
the element held before. Monotonic order suffices: the threads only need each
element's bits not to be lost, and they meet at the end of each call, where
joining the threads orders everything.
"""
from numba.core import cgutils, types
from numba.extending import intrinsic


def _rmw(op: str):
    def typer(typingctx, arr, idx, val):
        if not isinstance(arr, types.Array) or not isinstance(arr.dtype, types.Integer):
            return None
        sig = arr.dtype(arr, types.intp, arr.dtype)

        def codegen(context, builder, signature, args):
            aryty = signature.args[0]
            ary = context.make_array(aryty)(context, builder, args[0])
            ptr = cgutils.get_item_pointer(context, builder, aryty, ary, [args[1]], wraparound=False)
            return builder.atomic_rmw(op, ptr, args[2], "monotonic")

        return sig, codegen

    typer.__name__ = f"atomic_{op}"
    return intrinsic(typer)


atomic_or = _rmw("or")    # atomic_or(arr, i, v): arr[i] |= v; returns the old arr[i]
atomic_and = _rmw("and")  # atomic_and(arr, i, v): arr[i] &= v; returns the old arr[i]
atomic_add = _rmw("add")  # atomic_add(arr, i, v): arr[i] += v; returns the old arr[i]
