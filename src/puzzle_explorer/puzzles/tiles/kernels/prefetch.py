"""Asking the processor to bring an array element's cache line in ahead of a write.

numba has no prefetch; this emits LLVM's llvm.prefetch on the element's
address (prefetchw on x86: the line is wanted for writing). A kernel whose
writes land all over a table too large for the caches works out where it
will write for a batch of work, prefetches each, and only then reads and
writes them: the misses overlap instead of each waiting for the one before
(the database build, pdb_build.py). A prefetch never faults: on a page not
mapped in yet it does nothing.

The search reads its tables without one: a node's children read entries
that do not depend on each other, so the processor overlaps those misses on
its own, and a prefetch only added work (docs/tiles.md).
"""
from llvmlite import ir  # type: ignore[import-untyped]
from numba.core import cgutils, types
from numba.extending import intrinsic


@intrinsic
def prefetch_write(typingctx, arr, idx):
    """prefetch_write(arr, i): start bringing arr[i]'s cache line in, to write it; returns nothing."""
    if not isinstance(arr, types.Array):
        return None
    sig = types.void(arr, types.intp)

    def codegen(context, builder, signature, args):
        aryty = signature.args[0]
        ary = context.make_array(aryty)(context, builder, args[0])
        ptr = cgutils.get_item_pointer(context, builder, aryty, ary, [args[1]], wraparound=False)
        i32 = ir.IntType(32)
        fnty = ir.FunctionType(ir.VoidType(), [ptr.type, i32, i32, i32])
        fn = cgutils.get_or_insert_function(builder.module, fnty, "llvm.prefetch.p0")
        builder.call(fn, [ptr, i32(1), i32(3), i32(1)])  # for writing, kept in every cache level, data
        return context.get_dummy_value()

    return sig, codegen
