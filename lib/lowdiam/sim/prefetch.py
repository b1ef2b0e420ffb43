"""A software prefetch for the simulator kernels: ask the CPU to bring an array element's cache line in early.

A router model's step is bound by memory latency on large networks: a router's state (input VC records,
ports, channels) is visited once a cycle, long after it left the core's caches.  The kernels call
:func:`prefetch` for the routers they will visit next, so those loads overlap with the current router's work.
A prefetch has no effect on any value (it is a hint; it never faults, even past an array's end is not used).

Examples
--------
>>> import numpy as np
>>> from numba import njit
>>> @njit
... def total(a):
...     s = 0
...     for i in range(a.shape[0]):
...         if i + 8 < a.shape[0]:
...             prefetch(a, i + 8)
...         s += a[i]
...     return s
>>> int(total(np.arange(100)))
4950
"""

from __future__ import annotations

from llvmlite import ir
from numba import types
from numba.core import cgutils
from numba.extending import intrinsic


@intrinsic
def prefetch(typingctx, arr, idx):
    """Prefetch the cache line of ``arr[idx]`` (of ``arr[idx, 0, ...]`` for a multi-dimensional array) for
    reading, into all cache levels (``llvm.prefetch``, locality 3).  ``idx`` must lie inside the array's first
    dimension: it is not checked, as a hint has no result to check."""
    if not isinstance(arr, types.Array) or not isinstance(idx, types.Integer):
        return None
    sig = types.void(arr, idx)

    def codegen(context, builder, signature, args):
        aryty, idxty = signature.args
        ary = context.make_array(aryty)(context, builder, args[0])
        zero = context.get_constant(types.intp, 0)
        i = context.cast(builder, args[1], idxty, types.intp)
        ptr = cgutils.get_item_pointer(context, builder, aryty, ary, [i] + [zero] * (aryty.ndim - 1),
                                       wraparound=False)
        i8p = ir.IntType(8).as_pointer()
        i32 = ir.IntType(32)
        fnty = ir.FunctionType(ir.VoidType(), [i8p, i32, i32, i32])
        fn = cgutils.get_or_insert_function(builder.module, fnty, "llvm.prefetch.p0")
        builder.call(fn, [builder.bitcast(ptr, i8p), i32(0), i32(3), i32(1)])
        return context.get_dummy_value()

    return sig, codegen
