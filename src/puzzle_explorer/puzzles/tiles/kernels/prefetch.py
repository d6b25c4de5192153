"""Asking the processor to bring an array element's cache line in ahead of its use.

numba has no prefetch; these emit LLVM's llvm.prefetch on the element's
address (prefetcht0, or prefetchw for a line about to be written, on x86). A
kernel whose reads land all over a table too large for the caches works out
where it will read for a batch of work, prefetches each, and only then reads
them: the misses overlap instead of each waiting for the one before. A
prefetch never faults: on a page not mapped in yet it does nothing.
"""
from llvmlite import ir  # type: ignore[import-untyped]
from numba.core import cgutils, types
from numba.extending import intrinsic


def _prefetch(write: int):
    def typer(typingctx, arr, idx):
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
            builder.call(fn, [ptr, i32(write), i32(3), i32(1)])  # keep in every cache level; data
            return context.get_dummy_value()

        return sig, codegen

    typer.__name__ = "prefetch_write" if write else "prefetch"
    return intrinsic(typer)


prefetch = _prefetch(0)        # prefetch(arr, i): start bringing arr[i]'s line in, to read it
prefetch_write = _prefetch(1)  # prefetch_write(arr, i): the same, for a line about to be written
